import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { ARCHIVE_LIMITS } from './types';

/** One entry of an archive's directory, as the directory declares it (nothing is inflated to learn it). */
export interface ArchiveEntry {
  name: string;
  size: number;
  compressed: number;
  encrypted: boolean;
  directory: boolean;
}

/** A directory that cannot be read: the file is corrupt or not the archive it claims to be. */
export class CorruptArchive extends Error {}

export const ARCHIVE_REASONS = {
  corrupt: '文件已损坏（压缩包目录无法读取）',
  encrypted: '文件已加密，无法预览（请上传未加密的文件）',
  tooMany: `压缩包内文件过多（最多 ${ARCHIVE_LIMITS.maxEntries} 个）`,
  tooLarge: '压缩包解压后过大（超过 1GB）',
  ratio: `压缩包内文件的压缩比异常（超过 ${ARCHIVE_LIMITS.maxRatio} 倍，疑似压缩炸弹）`,
  unsafeName: (name: string) => `压缩包内含有不安全的文件路径（${name.slice(0, 80)}）`,
} as const;

function openZip(file: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    const options = { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true };
    yauzl.open(file, options, (err, zip) => (err || !zip ? reject(new CorruptArchive(err?.message)) : resolve(zip)));
  });
}

/** Names are UTF-8 when flagged; else UTF-8 if valid, else GB18030 (zips made on Chinese Windows). */
function decodeName(raw: Buffer, flags: number): string {
  if (flags & 0x800) return raw.toString('utf8');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    return new TextDecoder('gb18030').decode(raw);
  }
}

/**
 * The central directory of a zip, entry by entry, without inflating anything. Stops (CorruptArchive) when the
 * directory is broken, and refuses more than `maxEntries` entries before reading them.
 */
export async function readZipDirectory(file: string): Promise<{ entries: ArchiveEntry[]; tooMany: boolean }> {
  const zip = await openZip(file);
  try {
    if (zip.entryCount > ARCHIVE_LIMITS.maxEntries) return { entries: [], tooMany: true };
    const entries = await new Promise<ArchiveEntry[]>((resolve, reject) => {
      const found: ArchiveEntry[] = [];
      zip.on('entry', (entry: Entry) => {
        const raw = entry.fileName as unknown as Buffer;
        const name = decodeName(raw, entry.generalPurposeBitFlag);
        const directory = name.endsWith('/');
        found.push({ name, size: entry.uncompressedSize, compressed: entry.compressedSize, encrypted: (entry.generalPurposeBitFlag & 1) !== 0, directory });
        zip.readEntry();
      });
      zip.on('end', () => resolve(found));
      zip.on('error', (err: Error) => reject(new CorruptArchive(err.message)));
      zip.readEntry();
    });
    return { entries, tooMany: false };
  } finally {
    zip.close();
  }
}

/** The Chinese reason an archive's entries are refused for, or null when they keep every limit. */
export function judgeEntries(entries: ArchiveEntry[]): string | null {
  if (entries.length > ARCHIVE_LIMITS.maxEntries) return ARCHIVE_REASONS.tooMany;
  let total = 0;
  for (const entry of entries) {
    if (unsafeName(entry.name)) return ARCHIVE_REASONS.unsafeName(entry.name);
    if (entry.encrypted) return ARCHIVE_REASONS.encrypted;
    total += entry.size;
    if (total > ARCHIVE_LIMITS.maxTotalBytes) return ARCHIVE_REASONS.tooLarge;
    if (entry.size >= ARCHIVE_LIMITS.ratioMinBytes && entry.size > ARCHIVE_LIMITS.maxRatio * Math.max(entry.compressed, 1)) {
      return ARCHIVE_REASONS.ratio;
    }
  }
  return null;
}

/** Absolute, a `..` step, a backslash, a drive letter or a control character: never a name to extract. */
export function unsafeName(name: string): boolean {
  if (name.startsWith('/') || name.includes('\\') || /^[a-zA-Z]:/.test(name)) return true;
  if ([...name].some((ch) => ch.charCodeAt(0) < 0x20)) return true;
  return name.split('/').some((step) => step === '..');
}

/**
 * Small entries' bytes (epub chapters, an ODF mimetype), after the directory was judged. yauzl checks that the
 * inflated size is the declared one; an entry over `maxBytes`, or past `maxTotal` in all, is skipped.
 */
export async function readZipEntries(
  file: string, wanted: (name: string) => boolean, maxBytes: number, maxTotal = maxBytes,
): Promise<Map<string, Buffer>> {
  const zip = await openZip(file);
  const out = new Map<string, Buffer>();
  let total = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: Entry) => {
        const name = decodeName(entry.fileName as unknown as Buffer, entry.generalPurposeBitFlag);
        if (!wanted(name) || entry.uncompressedSize > maxBytes || total + entry.uncompressedSize > maxTotal) return zip.readEntry();
        total += entry.uncompressedSize;
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(new CorruptArchive(err?.message));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', (e) => reject(new CorruptArchive(e.message)));
          stream.on('end', () => {
            out.set(name, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve());
      zip.on('error', (err: Error) => reject(new CorruptArchive(err.message)));
      zip.readEntry();
    });
    return out;
  } finally {
    zip.close();
  }
}

/** A rar's directory (node-unrar-js, WASM, reading the file through fs: not loaded whole). */
export async function readRarDirectory(file: string): Promise<{ entries: ArchiveEntry[]; tooMany: boolean; encrypted: boolean }> {
  const { createExtractorFromFile } = await import('node-unrar-js');
  try {
    const extractor = await createExtractorFromFile({ filepath: file });
    const list = extractor.getFileList();
    if (list.arcHeader.flags.headerEncrypted) return { entries: [], tooMany: false, encrypted: true };
    const entries: ArchiveEntry[] = [];
    for (const h of list.fileHeaders) {
      if (entries.length >= ARCHIVE_LIMITS.maxEntries) return { entries, tooMany: true, encrypted: false };
      entries.push({ name: h.name, size: h.unpSize, compressed: h.packSize, encrypted: h.flags.encrypted, directory: h.flags.directory });
    }
    return { entries, tooMany: false, encrypted: false };
  } catch (err) {
    const reason = (err as { reason?: string }).reason;
    if (reason === 'ERAR_MISSING_PASSWORD' || reason === 'ERAR_BAD_PASSWORD') return { entries: [], tooMany: false, encrypted: true };
    throw new CorruptArchive((err as Error).message);
  }
}
