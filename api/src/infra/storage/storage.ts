import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface StoredObject {
  key: string;
  size: number;
  sha256: string;
}

/**
 * Where file bytes live. Keys are generated here (never taken from a request or a user's file name), so a key
 * cannot name a path outside the store. Local disk today; an S3-compatible store implements the same methods.
 */
export interface FileStorage {
  /** Stores bytes under a new generated key inside `prefix` ('docs', 'appendix', 'derived'). */
  put(prefix: string, bytes: Uint8Array): Promise<StoredObject>;
  /**
   * Stores a file from disk under a new generated key inside `prefix`, streamed (an upload of hundreds of MB is
   * never held in memory); the source file is left where it is.
   */
  putFile(prefix: string, file: string): Promise<StoredObject>;
  /** Stores bytes under a key the caller derived from ids (caches of derived files). */
  putAt(key: string, bytes: Uint8Array): Promise<StoredObject>;
  /** Size of a stored object, or null when it is missing. */
  size(key: string): Promise<number | null>;
  /** A stream of the bytes, optionally of the inclusive range [start, end]. */
  open(key: string, range?: { start: number; end: number }): Readable;
  read(key: string): Promise<Buffer>;
  /** Deletes the object; one already gone is fine. */
  delete(key: string): Promise<void>;
  /** Every stored object under `prefix` ('' for all, else a folder such as 'derived/0a'), with its age. */
  list(prefix?: string): Promise<ListedObject[]>;
}

export interface ListedObject {
  key: string;
  size: number;
  modified: Date;
}

const KEY = /^[a-z]{1,16}\/[0-9a-f]{2}\/[0-9a-zA-Z._-]{1,120}$/;

/** Throws for a key outside `<prefix>/<2 hex>/<name>`: every implementation refuses the same keys. */
export function checkKey(key: string): void {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`invalid storage key: ${key}`);
}

/** A new generated key inside `prefix`: `<prefix>/<2 hex>/<uuid>` (checked, so a bad prefix throws). */
export function newKey(prefix: string): string {
  const id = randomUUID();
  const key = `${prefix}/${id.slice(0, 2)}/${id}`;
  checkKey(key);
  return key;
}

/** Throws for a list prefix other than '', a folder ('docs') or a folder's bucket ('derived/0a'). */
export function checkListPrefix(prefix: string): void {
  if (prefix !== '' && !/^[a-z]{1,16}(\/[0-9a-f]{2})?$/.test(prefix)) throw new Error(`invalid storage prefix: ${prefix}`);
}

/** Files under `root` (DATA_DIR/files): `<prefix>/<2 hex>/<uuid>`, written to a temporary name then renamed. */
export function localDiskStorage(root: string): FileStorage {
  const full = (key: string) => {
    checkKey(key);
    return path.join(root, ...key.split('/'));
  };
  const write = async (key: string, bytes: Uint8Array): Promise<StoredObject> => {
    const target = full(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${process.pid}.${randomUUID()}.tmp`;
    await writeFile(temp, bytes);
    await rename(temp, target); // never a half-written file under the real name
    return { key, size: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') };
  };
  return {
    put: async (prefix, bytes) => write(newKey(prefix), bytes),
    async putFile(prefix, file) {
      const key = newKey(prefix);
      const target = full(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${process.pid}.${randomUUID()}.tmp`;
      const hash = createHash('sha256');
      let size = 0;
      // the source is opened before the temporary file exists: a write stream opens its file on its own time, so a
      // missing source used to leave an empty temporary file created after the clean-up below had run
      const source = await open(file, 'r');
      try {
        await pipeline(
          source.createReadStream(),
          new Transform({
            transform(chunk: Buffer, _enc, done) {
              hash.update(chunk);
              size += chunk.length;
              done(null, chunk);
            },
          }),
          createWriteStream(temp),
        );
        await rename(temp, target);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
      return { key, size, sha256: hash.digest('hex') };
    },
    putAt: write,
    async size(key) {
      try {
        return (await stat(full(key))).size;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    open(key, range) {
      return createReadStream(full(key), range ? { start: range.start, end: range.end } : {});
    },
    async read(key) {
      return readFile(full(key));
    },
    async delete(key) {
      await rm(full(key), { force: true });
    },
    list: (prefix = '') => listFiles(root, prefix),
  };
}

/** The files under `root/prefix`, keyed by their path from `root` (temporary files of a write included). */
async function listFiles(root: string, prefix: string): Promise<ListedObject[]> {
  checkListPrefix(prefix);
  const dir = path.join(root, ...prefix.split('/').filter(Boolean));
  let entries;
  try {
    entries = await readdir(dir, { recursive: true, withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const listed: ListedObject[] = [];
  for (const entry of entries.filter((e) => e.isFile())) {
    const file = path.join(entry.parentPath, entry.name);
    const info = await stat(file).catch(() => null); // deleted meanwhile
    if (info) listed.push({ key: path.relative(root, file).split(path.sep).join('/'), size: info.size, modified: info.mtime });
  }
  return listed.sort((a, b) => a.key.localeCompare(b.key));
}
