import type { FileHandle } from 'node:fs/promises';

/** What the stream names of an OLE2 compound file (Office 97-2003, WPS) say it holds. */
export type OleContent = 'word' | 'excel' | 'powerpoint' | 'works' | 'encrypted' | 'unknown';

const END_OF_CHAIN = 0xfffffffe;
/** Directory sectors read at most: the streams that name a format are among the first entries. */
const MAX_DIR_SECTORS = 64;

/**
 * The stream names of an OLE2 file, read from its header, FAT and directory chain (no library; the FAT sectors
 * named in the header cover the first few MB, where the directory of an Office file lies). Throws when the
 * structure is broken.
 */
export async function oleStreamNames(fh: FileHandle): Promise<string[]> {
  const header = await readAt(fh, 0, 512);
  const sectorSize = 1 << header.readUInt16LE(0x1e);
  if (sectorSize !== 512 && sectorSize !== 4096) throw new Error('bad sector size');
  const fatSectors = Math.min(header.readUInt32LE(0x2c), 109);
  const fatAt = (i: number): number => header.readUInt32LE(0x4c + i * 4);
  const perFat = sectorSize / 4;
  const fatCache = new Map<number, Buffer>();
  const next = async (sector: number): Promise<number> => {
    const index = Math.floor(sector / perFat);
    if (index >= fatSectors) return END_OF_CHAIN;
    let fat = fatCache.get(index);
    if (!fat) {
      fat = await readAt(fh, (fatAt(index) + 1) * sectorSize, sectorSize);
      fatCache.set(index, fat);
    }
    return fat.readUInt32LE((sector % perFat) * 4);
  };
  const names: string[] = [];
  let sector = header.readUInt32LE(0x30);
  for (let n = 0; n < MAX_DIR_SECTORS && sector < 0xfffffffa; n++) {
    const dir = await readAt(fh, (sector + 1) * sectorSize, sectorSize);
    for (let off = 0; off + 128 <= dir.length; off += 128) {
      const length = dir.readUInt16LE(off + 0x40);
      if (dir[off + 0x42] !== 0 && length >= 2 && length <= 64) names.push(dir.toString('utf16le', off, off + length - 2));
    }
    sector = await next(sector);
  }
  if (!names.length) throw new Error('no directory');
  return names;
}

export function oleContent(names: string[]): OleContent {
  const has = (n: string): boolean => names.includes(n);
  if (has('EncryptedPackage') || has('EncryptionInfo')) return 'encrypted';
  if (has('WordDocument')) return 'word';
  if (has('Workbook') || has('Book')) return 'excel';
  if (has('PowerPoint Document')) return 'powerpoint';
  if (has('MatOST') || has('CONTENTS')) return 'works';
  return 'unknown';
}

async function readAt(fh: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await fh.read(buffer, 0, length, position);
  if (bytesRead !== length) throw new Error('truncated');
  return buffer;
}
