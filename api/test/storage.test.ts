import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { localDiskStorage } from '../src/infra/storage/storage';

// The local disk storage: generated keys, whole files only, the hash of what was stored.
describe('local disk storage', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'storage-test-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  test('putFile streams a file in under a generated key, with its size and sha256, and leaves the source', async () => {
    const source = path.join(root, 'source.bin');
    const bytes = Buffer.alloc(3 * 1024 * 1024 + 7, 0x5a);
    writeFileSync(source, bytes);
    const storage = localDiskStorage(path.join(root, 'files'));
    const stored = await storage.putFile('docs', source);
    expect(stored.key).toMatch(/^docs\/[0-9a-f]{2}\/[0-9a-f-]{36}$/);
    expect(stored.size).toBe(bytes.length);
    expect(stored.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect((await storage.read(stored.key)).equals(bytes)).toBe(true);
    expect(readFileSync(source).length).toBe(bytes.length);
    expect((await storage.list('docs')).map((o) => o.key)).toEqual([stored.key]);
  });

  test('putFile of a missing source stores nothing, not even a temporary file', async () => {
    const storage = localDiskStorage(path.join(root, 'files'));
    await expect(storage.putFile('docs', path.join(root, 'missing.bin'))).rejects.toThrow();
    expect(await storage.list()).toEqual([]);
  });
});
