import type { FileHandle } from 'node:fs/promises';

/** What the stream names of an OLE2 compound file (Office 97-2003, WPS) say it holds. */
export type OleContent = 'word' | 'excel' | 'powerpoint' | 'works' | 'encrypted' | 'unknown';

/** Directory sectors read at most (4 or 32 entries each; Office files have a few dozen streams). */
const MAX_DIR_SECTORS = 256;
/** DIFAT sectors read at most (each lists 127 FAT sectors: far past 200 MB). */
const MAX_DIFAT_SECTORS = 1024;

/** The sector numbers of the FAT: 109 in the header, the rest in the DIFAT chain (a few reads for 200 MB). */
async function fatSectors(fh: FileHandle, header: Buffer, sectorSize: number): Promise<number[]> {
  const total = header.readUInt32LE(0x2c);
  const list: number[] = [];
  for (let i = 0; i < Math.min(total, 109); i++) list.push(header.readUInt32LE(0x4c + i * 4));
  let difat = header.readUInt32LE(0x44);
  const perDifat = sectorSize / 4 - 1;
  for (let reads = 0; list.length < total && difat < 0xfffffffa && reads < MAX_DIFAT_SECTORS; reads++) {
    const sector = await readAt(fh, (difat + 1) * sectorSize, sectorSize);
    for (let i = 0; i < perDifat && list.length < total; i++) list.push(sector.readUInt32LE(i * 4));
    difat = sector.readUInt32LE(perDifat * 4);
  }
  return list;
}

/**
 * The stream names of an OLE2 file, read from its header, FAT and directory chain (no library, a few small reads
 * whatever the file's size). Throws when the structure is broken.
 */
export async function oleStreamNames(fh: FileHandle): Promise<string[]> {
  const header = await readAt(fh, 0, 512);
  const sectorSize = 1 << header.readUInt16LE(0x1e);
  if (sectorSize !== 512 && sectorSize !== 4096) throw new Error('bad sector size');
  const fat = await fatSectors(fh, header, sectorSize);
  const perFat = sectorSize / 4;
  const fatCache = new Map<number, Buffer>();
  const next = async (sector: number): Promise<number> => {
    const index = Math.floor(sector / perFat);
    if (index >= fat.length) throw new Error('sector outside the FAT');
    let block = fatCache.get(index);
    if (!block) {
      block = await readAt(fh, (fat[index] + 1) * sectorSize, sectorSize);
      fatCache.set(index, block);
    }
    return block.readUInt32LE((sector % perFat) * 4);
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
