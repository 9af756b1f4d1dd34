import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { loadStorageConfig } from '../src/core/config';
import { s3Client, s3Storage } from '../src/infra/storage/s3-storage';
import { localDiskStorage, type FileStorage } from '../src/infra/storage/storage';
import { Client } from './accounts-helpers';
import { contentServer, seededDocs, sha256 } from './content-helpers';
import type { TestServer } from './helpers';
import { startS3, type TestS3 } from './s3-helpers';

/** Deterministic bytes that differ everywhere (a part stored out of order would show): sha256 of a counter. */
function bytesOf(length: number): Buffer {
  const out = Buffer.alloc(length);
  for (let i = 0, block = 0; i < length; i += 32, block++) {
    createHash('sha256').update(String(block)).digest().copy(out, i);
  }
  return out;
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

// The same behaviour from both implementations of FileStorage; each test gets an empty store.
describe.each(['local disk', 's3'] as const)('%s storage', (kind) => {
  let s3: TestS3;
  let dir: string;
  let storage: FileStorage;
  /** The S3 requests of the current test, by command name. */
  let commands: string[];
  let bucketNo = 0;
  beforeAll(async () => {
    if (kind === 's3') s3 = await startS3();
  });
  afterAll(async () => s3?.close());
  beforeEach(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'storage-both-'));
    commands = [];
    if (kind === 'local disk') {
      storage = localDiskStorage(path.join(dir, 'files'));
      return;
    }
    const config = { ...s3.config, bucket: `test-${++bucketNo}` };
    const client = s3Client(config);
    client.middlewareStack.add((next, context) => (args) => {
      commands.push(context.commandName as string);
      // pages of 2, so that a listing of a few objects takes several requests
      if (context.commandName === 'ListObjectsV2Command') Object.assign(args.input as object, { MaxKeys: 2 });
      return next(args);
    });
    await client.send(new CreateBucketCommand({ Bucket: config.bucket }));
    commands = [];
    storage = s3Storage(config, client);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test('put and putAt store bytes under generated or given keys; read answers them', async () => {
    const bytes = Buffer.from('你好，存储', 'utf8');
    const stored = await storage.put('docs', bytes);
    expect(stored).toEqual({ key: expect.stringMatching(/^docs\/[0-9a-f]{2}\/[0-9a-f-]{36}$/), size: bytes.length, sha256: sha(bytes) });
    expect(stored.key.slice(5, 7)).toBe(stored.key.slice(8, 10)); // the folder is the uuid's first two digits
    expect((await storage.read(stored.key)).equals(bytes)).toBe(true);
    const at = await storage.putAt('derived/0a/10-preview.pdf', Buffer.from('pdf'));
    expect(at).toEqual({ key: 'derived/0a/10-preview.pdf', size: 3, sha256: sha(Buffer.from('pdf')) });
    expect((await storage.read(at.key)).toString()).toBe('pdf');
    expect(await storage.size(at.key)).toBe(3);
  });

  test('putFile streams a 12 MB file in (multipart on S3) with its size and sha256', async () => {
    const bytes = bytesOf(12 * 1024 * 1024 + 7);
    const source = path.join(dir, 'big.bin');
    writeFileSync(source, bytes);
    const stored = await storage.putFile('docs', source);
    expect(stored.key).toMatch(/^docs\/[0-9a-f]{2}\/[0-9a-f-]{36}$/);
    expect(stored.size).toBe(bytes.length);
    expect(stored.sha256).toBe(sha(bytes));
    expect(await storage.size(stored.key)).toBe(bytes.length);
    expect(sha(await storage.read(stored.key))).toBe(sha(bytes));
    if (kind === 's3') {
      expect(commands.filter((c) => c === 'UploadPartCommand')).toHaveLength(2);
      expect(commands).toContain('CompleteMultipartUploadCommand');
    }
  });

  test('putFile of a missing source fails and stores nothing', async () => {
    await expect(storage.putFile('docs', path.join(dir, 'missing.bin'))).rejects.toThrow();
    expect(await storage.list()).toEqual([]);
  });

  test('open streams the whole object or an inclusive range; a missing one errors the stream', async () => {
    const bytes = bytesOf(1000);
    const { key } = await storage.put('docs', bytes);
    expect((await collect(storage.open(key))).equals(bytes)).toBe(true);
    expect((await collect(storage.open(key, { start: 10, end: 19 }))).equals(bytes.subarray(10, 20))).toBe(true);
    expect((await collect(storage.open(key, { start: 999, end: 999 }))).equals(bytes.subarray(999))).toBe(true);
    await expect(collect(storage.open('docs/ab/missing'))).rejects.toThrow();
  });

  test('size of a missing object is null; delete twice is fine', async () => {
    expect(await storage.size('docs/ab/missing')).toBeNull();
    const { key } = await storage.put('docs', Buffer.from('x'));
    expect(await storage.size(key)).toBe(1);
    await storage.delete(key);
    await storage.delete(key);
    expect(await storage.size(key)).toBeNull();
    await expect(storage.read(key)).rejects.toThrow();
  });

  test('list answers the objects under a prefix with size and age, in key order', async () => {
    const started = Date.now() - 2000; // S3 times are whole seconds
    const a = await storage.put('docs', Buffer.from('aa'));
    const b = await storage.put('docs', Buffer.from('bbb'));
    await storage.putAt('derived/0a/10-x', Buffer.from('d'));
    await storage.putAt('derived/0b/11-x', Buffer.from('e'));
    const docs = await storage.list('docs');
    expect(docs.map((o) => o.key)).toEqual([a.key, b.key].sort((x, y) => x.localeCompare(y)));
    expect(docs.map((o) => o.size).sort()).toEqual([2, 3]);
    for (const o of docs) {
      expect(Object.prototype.toString.call(o.modified)).toBe('[object Date]'); // fs's Date is of another realm in jest
      expect(o.modified.getTime()).toBeGreaterThanOrEqual(started);
      expect(o.modified.getTime()).toBeLessThanOrEqual(Date.now() + 2000);
    }
    expect((await storage.list('derived/0a')).map((o) => o.key)).toEqual(['derived/0a/10-x']);
    expect(await storage.list('appendix')).toEqual([]);
    commands = [];
    expect((await storage.list()).map((o) => o.key)).toEqual([...docs.map((o) => o.key), 'derived/0a/10-x', 'derived/0b/11-x'].sort((x, y) => x.localeCompare(y)));
    if (kind === 's3') expect(commands).toEqual(['ListObjectsV2Command', 'ListObjectsV2Command']); // paged
  });

  test('a key or prefix outside the pattern is refused, before any request', async () => {
    for (const key of ['../etc/passwd', 'docs/ab/../../x', 'docs/zz/x', 'Docs/ab/x', 'docs/ab/a/b', '/docs/ab/x']) {
      await expect(storage.read(key)).rejects.toThrow('invalid storage key');
      await expect(storage.size(key)).rejects.toThrow('invalid storage key');
      await expect(storage.delete(key)).rejects.toThrow('invalid storage key');
      await expect(storage.putAt(key, Buffer.from('x'))).rejects.toThrow('invalid storage key');
      expect(() => storage.open(key)).toThrow('invalid storage key');
    }
    await expect(storage.put('../up', Buffer.from('x'))).rejects.toThrow('invalid storage key');
    await expect(storage.list('docs/../..')).rejects.toThrow('invalid storage prefix');
    expect(commands).toEqual([]);
    expect(await storage.list()).toEqual([]);
  });
});

describe('storage settings', () => {
  test('STORAGE is local by default; s3 needs its bucket and keys, with Chinese messages', () => {
    expect(loadStorageConfig({})).toEqual({ kind: 'local' });
    expect(() => loadStorageConfig({ STORAGE: 'ftp' })).toThrow('STORAGE 只能是 local 或 s3');
    const env = { STORAGE: 's3', S3_REGION: 'cn-east-1', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(loadStorageConfig(env)).toEqual({
      kind: 's3',
      s3: { endpoint: undefined, region: 'cn-east-1', bucket: 'b', accessKeyId: 'id', secretAccessKey: 'secret', forcePathStyle: false },
    });
    for (const name of ['S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) {
      expect(() => loadStorageConfig({ ...env, [name]: '' })).toThrow(`STORAGE=s3 时必须设置环境变量 ${name}`);
    }
    expect(() => loadStorageConfig({ ...env, S3_FORCE_PATH_STYLE: 'yes' })).toThrow('S3_FORCE_PATH_STYLE 只能是 true 或 false');
    expect(() => loadStorageConfig({ ...env, S3_ENDPOINT: 'minio:9000' })).toThrow('S3_ENDPOINT 应为 http:// 或 https://');
    expect(loadStorageConfig({ ...env, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' })).toMatchObject({
      s3: { endpoint: 'http://127.0.0.1:9000', forcePathStyle: true },
    });
  });
});

describe('the API on STORAGE=s3', () => {
  let s3: TestS3;
  let server: TestServer;
  beforeAll(async () => {
    s3 = await startS3('site-files');
    // the settings as the environment gives them, so the parsing is part of the path
    server = await contentServer({ content: { storage: loadStorageConfig(s3.env) } });
  });
  afterAll(async () => {
    await server?.close();
    await s3?.close();
  });

  test('the seed goes to the bucket and a document downloads byte for byte, whole and by range', async () => {
    const bucket = s3Storage(s3.config);
    const listed = new Set((await bucket.list()).map((o) => o.key));
    const [{ n }] = await server.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM content_files');
    expect(n).toBeGreaterThan(0);
    const keys = await server.app.db.query<{ storage_key: string }>('SELECT storage_key FROM content_files');
    expect(keys.filter((k) => !listed.has(k.storage_key))).toEqual([]);

    const [doc] = await seededDocs(server.app, "d.status = 1 AND d.is_free AND d.file_type = 'pdf'", 1);
    const visitor = new Client(server.base);
    const link = await visitor.post(`/api/user-download/docs/${doc.id}/`);
    expect(link.status).toBe(200);
    const file = await fetch(server.base + link.body.url);
    expect(file.status).toBe(200);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.length).toBe(doc.size);
    expect(sha256(bytes)).toBe(doc.sha256);
    expect(bytes.equals(await bucket.read(doc.storage_key))).toBe(true);
    const range = await fetch(server.base + link.body.url, { headers: { range: 'bytes=5-104' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 5-104/${doc.size}`);
    expect(Buffer.from(await range.arrayBuffer()).equals(bytes.subarray(5, 105))).toBe(true);
  });
});
