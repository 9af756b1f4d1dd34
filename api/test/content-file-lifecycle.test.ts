import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { accountOptions, registeredClient, type Client } from './accounts-helpers';
import { deleteOrphans, findOrphans } from '../src/modules/content/orphans';
import { engines, startServer, useEngine, type TestServer } from './helpers';

/** Every file under DATA_DIR/files (relative paths), whatever the prefix. */
function storedFiles(dataDir: string): string[] {
  try {
    return readdirSync(path.join(dataDir, 'files'), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(path.join(dataDir, 'files'), path.join(e.parentPath, e.name)).split(path.sep).join('/'))
      .sort();
  } catch {
    return [];
  }
}

function diskBytes(dataDir: string): number {
  return storedFiles(dataDir).reduce((sum, key) => sum + statSync(path.join(dataDir, 'files', key)).size, 0);
}

/** Writes a file straight into the store, as a process that died before (or after) its rows did. */
function writeStored(dataDir: string, key: string, bytes: Buffer): void {
  const target = path.join(dataDir, 'files', ...key.split('/'));
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, bytes);
}

describe.each(engines())('stored files and their rows on %s', (engine) => {
  const db = useEngine(engine, __filename);
  let server: TestServer;
  let dataDir: string;
  let author: Client;
  let blogId: number;
  const start = async () => {
    server = await startServer({ ...accountOptions(db.options()), dataDir });
  };
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'file-lifecycle-test-'));
    await start();
    const registered = await registeredClient(server.base);
    author = registered.client;
    const [category] = await server.app.db.query<{ id: number }>("INSERT INTO content_categories (name) VALUES ('测试分类') RETURNING id");
    const [blog] = await server.app.db.query<{ id: number }>(
      'INSERT INTO blogs (title, content, category_id, author_id, status) VALUES ($1, $2, $3, $4, 1) RETURNING id',
      ['附件测试', '正文', category.id, registered.uid],
    );
    blogId = blog.id;
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = async (bytes: Buffer): Promise<{ status: number; id: number }> => {
    const form = new FormData();
    form.append('blogs', String(blogId));
    form.append('file', new Blob([bytes]), '资料.txt');
    const headers = { cookie: author.cookieHeader(), 'x-csrftoken': author.cookies.get('csrftoken') ?? '' };
    const res = await fetch(`${server.base}/api/blogs-appendix-storage/`, { method: 'POST', headers, body: form });
    return { status: res.status, id: ((await res.json()) as { id: number }).id };
  };

  test('20 upload-and-delete cycles of a 1 MB appendix (one downloaded first) leave no file and no row behind', async () => {
    const before = { files: storedFiles(dataDir), bytes: diskBytes(dataDir) };
    for (let i = 0; i < 20; i++) {
      const res = await upload(Buffer.alloc(1024 * 1024, 0x61 + (i % 26)));
      expect(res.status).toBe(201);
      // a download record points at the file too: it goes with the appendix
      if (i === 0) expect((await author.post(`/api/appendix-download/${res.id}/`)).status).toBe(200);
      expect((await author.delete(`/api/blogs-appendix-storage/${res.id}/`)).status).toBe(204);
    }
    expect({ files: storedFiles(dataDir), bytes: diskBytes(dataDir) }).toEqual(before);
    const [rows] = await server.app.db.query<{ n: number }>(
      'SELECT (SELECT count(*) FROM blog_appendices)::int + (SELECT count(*) FROM content_files)::int AS n',
    );
    expect(rows.n).toBe(0);
  });

  test('a deletion queued by a process that stopped before deleting the file is finished by the next server on the same data', async () => {
    const key = 'appendix/ab/abcdef00-0000-4000-8000-000000000001';
    const preview = 'derived/07/7-first-3.pdf'; // a preview made from the file row (id 7) that went
    writeStored(dataDir, key, Buffer.from('已排队删除'));
    writeStored(dataDir, preview, Buffer.from('%PDF-1.4'));
    await server.app.db.query('INSERT INTO file_deletions (storage_key, file_id) VALUES ($1, 7)', [key]);
    await server.close(); // the "crash": queue row and file both still there
    expect(storedFiles(dataDir)).toEqual(expect.arrayContaining([key, preview]));
    await start();
    expect(storedFiles(dataDir)).not.toContain(key);
    expect(storedFiles(dataDir)).not.toContain(preview);
    expect(await server.app.db.query('SELECT storage_key FROM file_deletions')).toEqual([]);
    // idempotent: a queued key whose file is already gone just leaves the queue
    await server.app.db.query("INSERT INTO file_deletions (storage_key) VALUES ('appendix/cd/cdef0000-0000-4000-8000-000000000002')");
    expect(await server.app.content.sweepFiles()).toBe(1);
    expect(await server.app.db.query('SELECT storage_key FROM file_deletions')).toEqual([]);
  });

  test('the orphan check lists a file without a row and a row without its file, never an owned file; --delete spares young ones', async () => {
    const owned = await upload(Buffer.from('有主的附件'));
    expect(owned.status).toBe(201);
    const [{ storage_key: ownedKey, file_id: ownedFileId }] = await server.app.db.query<{ storage_key: string; file_id: number }>(
      'SELECT f.storage_key, a.file_id FROM blog_appendices a JOIN content_files f ON f.id = a.file_id WHERE a.id = $1',
      [owned.id],
    );
    const ownedPreview = `derived/${(Number(ownedFileId) % 256).toString(16).padStart(2, '0')}/${ownedFileId}-first-3.pdf`;
    writeStored(dataDir, ownedPreview, Buffer.from('%PDF-1.4'));
    // a process that stopped between writing the file and its rows, and a preview of a file row long gone
    const orphan = 'appendix/ee/eeeeeeee-0000-4000-8000-000000000003';
    const orphanPreview = 'derived/ff/999999-first-3.pdf';
    writeStored(dataDir, orphan, Buffer.from('无主文件'));
    writeStored(dataDir, orphanPreview, Buffer.from('%PDF-1.4'));
    // a row whose file is gone
    const [lost] = await server.app.db.query<{ id: number }>(
      `INSERT INTO content_files (storage_key, original_name, ext, mime, size, sha256)
       VALUES ('docs/00/00000000-0000-4000-8000-000000000004', 'lost.txt', 'txt', 'text/plain', 1, repeat('0', 64)) RETURNING id`,
    );
    const report = await findOrphans(server.app.db, server.app.content.storage);
    expect(report.orphans.map((o) => o.key).sort()).toEqual([orphan, orphanPreview]);
    expect(report.missing).toEqual([{ id: Number(lost.id), storage_key: 'docs/00/00000000-0000-4000-8000-000000000004' }]);
    // young orphans stay (their rows may be on the way); old ones go
    expect((await deleteOrphans(server.app.content.storage, report.orphans, new Date(Date.now() - 3600_000))).deleted).toEqual([]);
    const { deleted } = await deleteOrphans(server.app.content.storage, report.orphans, new Date(Date.now() + 1000));
    expect(deleted.map((o) => o.key).sort()).toEqual([orphan, orphanPreview]);
    expect(storedFiles(dataDir)).toEqual(expect.arrayContaining([ownedKey, ownedPreview]));
    expect((await findOrphans(server.app.db, server.app.content.storage)).orphans).toEqual([]);
    await server.app.db.query('DELETE FROM content_files WHERE id = $1', [lost.id]);
  });
});
