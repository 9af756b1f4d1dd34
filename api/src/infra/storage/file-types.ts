/**
 * What a file really is, from its first bytes (magic numbers), never from its name. The extension a file claims
 * must agree with what its bytes are, or the file is refused.
 */
export interface DetectedType {
  /** Canonical extension. */
  ext: string;
  mime: string;
}

const MIME: Record<string, string> = {
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  rtf: 'application/rtf',
  wps: 'application/vnd.ms-works',
  odt: 'application/vnd.oasis.opendocument.text',
  epub: 'application/epub+zip',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};

export function mimeOf(ext: string): string {
  return MIME[ext] ?? 'application/octet-stream';
}

function startsWith(bytes: Uint8Array, magic: number[], at = 0): boolean {
  if (bytes.length < at + magic.length) return false;
  return magic.every((b, i) => bytes[at + i] === b);
}

function isUtf8Text(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Which extensions agree with the bytes; [] when the bytes are none of the accepted kinds. */
export function compatibleExtensions(bytes: Uint8Array): string[] {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return ['pdf']; // %PDF-
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return ['zip', 'docx', 'xlsx', 'pptx', 'odt', 'epub']; // zip container
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return ['doc', 'xls', 'ppt', 'wps']; // OLE2
  if (startsWith(bytes, [0x7b, 0x5c, 0x72, 0x74, 0x66])) return ['rtf']; // {\rtf
  if (startsWith(bytes, [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07])) return ['rar'];
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return ['png'];
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return ['jpg', 'jpeg'];
  if (isUtf8Text(bytes)) return ['txt', 'md'];
  return [];
}

/** The type of `bytes` when it agrees with the claimed extension; null otherwise. */
export function detectFileType(bytes: Uint8Array, claimedExt: string): DetectedType | null {
  const ext = claimedExt.toLowerCase();
  if (!compatibleExtensions(bytes).includes(ext)) return null;
  return { ext, mime: mimeOf(ext) };
}
