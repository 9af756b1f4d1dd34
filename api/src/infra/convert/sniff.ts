import { createReadStream } from 'node:fs';
import { TextDecoder } from 'node:util';

/** What the first bytes of a file say it is, before any container is looked into. */
export type ContentKind = 'pdf' | 'zip' | 'ole' | 'rtf' | 'rar' | 'png' | 'jpg' | 'exe' | 'text' | 'unknown';

/** Chinese names of kinds, for "文件内容与扩展名不符（实际为…）". */
export const KIND_NAMES: Record<string, string> = {
  pdf: 'PDF 文档', zip: 'zip 压缩包', rar: 'rar 压缩包', rtf: 'RTF 文档', png: 'PNG 图片', jpg: 'JPEG 图片',
  exe: '可执行文件', text: '纯文本', doc: 'Word 文档', docx: 'Word 文档', wps: 'WPS 文档', odt: 'ODT 文档',
  xls: 'Excel 表格', xlsx: 'Excel 表格', ppt: 'PowerPoint 演示文稿', pptx: 'PowerPoint 演示文稿', epub: 'EPUB 电子书',
  ole: 'Office 97-2003 文档',
};

const SIGNATURES: [ContentKind, number[]][] = [
  ['pdf', [0x25, 0x50, 0x44, 0x46, 0x2d]], // %PDF-
  ['zip', [0x50, 0x4b, 0x03, 0x04]],
  ['zip', [0x50, 0x4b, 0x05, 0x06]], // an empty zip: only its end record
  ['ole', [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]],
  ['rtf', [0x7b, 0x5c, 0x72, 0x74, 0x66]], // {\rtf
  ['rar', [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07]], // Rar!\x1a\x07 (RAR 4 and 5)
  ['png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['jpg', [0xff, 0xd8, 0xff]],
  ['exe', [0x4d, 0x5a]], // MZ: Windows PE and DOS
  ['exe', [0x7f, 0x45, 0x4c, 0x46]], // ELF
  ['exe', [0xfe, 0xed, 0xfa, 0xce]], // Mach-O 32, 64, both byte orders, universal
  ['exe', [0xfe, 0xed, 0xfa, 0xcf]],
  ['exe', [0xce, 0xfa, 0xed, 0xfe]],
  ['exe', [0xcf, 0xfa, 0xed, 0xfe]],
  ['exe', [0xca, 0xfe, 0xba, 0xbe]],
  ['exe', [0x23, 0x21]], // #! a script
];

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  return bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);
}

/** The kind of a file from its head; 'text' and 'unknown' are decided by the caller with textEncoding(). */
export function kindOfHead(head: Uint8Array): ContentKind {
  // a UTF-8 byte order mark before "#!" still runs nowhere, but before "{\rtf" or "%PDF" nothing is valid either
  const found = SIGNATURES.find(([, magic]) => startsWith(head, magic));
  return found ? found[0] : 'unknown';
}

/**
 * The encoding of a text file: 'utf-8' when the whole file is valid UTF-8 (a BOM allowed), 'gb18030' when it is
 * valid GB18030 instead (files saved by Chinese Windows editors), null when it has a NUL byte or is neither.
 * Streams the file: a 200 MB text is never held whole.
 */
export async function textEncoding(file: string): Promise<'utf-8' | 'gb18030' | null> {
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  const gb = new TextDecoder('gb18030', { fatal: true });
  let utf8Ok = true;
  let gbOk = true;
  for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 })) {
    const bytes = chunk as Buffer;
    if (bytes.includes(0)) return null;
    utf8Ok &&= decodes(utf8, bytes, true);
    gbOk &&= decodes(gb, bytes, true);
    if (!utf8Ok && !gbOk) return null;
  }
  utf8Ok &&= decodes(utf8, new Uint8Array(0), false);
  gbOk &&= decodes(gb, new Uint8Array(0), false);
  return utf8Ok ? 'utf-8' : gbOk ? 'gb18030' : null;
}

function decodes(decoder: TextDecoder, bytes: Uint8Array, stream: boolean): boolean {
  try {
    decoder.decode(bytes, { stream });
    return true;
  } catch {
    return false;
  }
}
