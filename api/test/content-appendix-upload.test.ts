import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { APPENDIX_MAX_BYTES, APPENDIX_MAX_PER_BLOG } from '../src/modules/content/constants';
import { accountOptions, registeredClient, type Client } from './accounts-helpers';
import { engines, expectErrorBody, startServer, useEngine, type Answer, type TestServer } from './helpers';
import { sha256 } from './content-helpers';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0, 8, 0]);
const EXE = Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]);

/** Walks the storage folder: every stored appendix file. */
function storedFiles(root: string): string[] {
  const dir = path.join(root, 'files', 'appendix');
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
  } catch {
    return [];
  }
}

describe.each(engines())('blog appendix upload on %s', (engine) => {
  const db = useEngine(engine, __filename);
  let server: TestServer;
  let dataDir: string;
  let author: Client;
  let authorId: number;
  let blogId: number;
  let draftId: number;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'appendix-test-'));
    server = await startServer({ ...accountOptions(db.options()), content: { dataDir } });
    const registered = await registeredClient(server.base);
    author = registered.client;
    authorId = registered.uid;
    // blogs are written by the blog editor (later work): the test puts two in the tables, a published one and a draft
    const [category] = await server.app.db.query<{ id: number }>(
      "INSERT INTO content_categories (name) VALUES ('测试分类') RETURNING id",
    );
    const blog = async (status: number) =>
      (
        await server.app.db.query<{ id: number }>(
          'INSERT INTO blogs (title, content, category_id, author_id, status) VALUES ($1, $2, $3, $4, $5) RETURNING id',
          ['附件测试', '正文', category.id, authorId, status],
        )
      )[0].id;
    blogId = await blog(1);
    draftId = await blog(0);
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A multipart upload as a browser's FormData sends it, with the client's cookies and CSRF header. */
  const upload = async (client: Client | null, parts: Record<string, string | { name: string; bytes: Buffer }>): Promise<Answer> => {
    const form = new FormData();
    for (const [key, value] of Object.entries(parts)) {
      if (typeof value === 'string') form.append(key, value);
      else form.append(key, new Blob([value.bytes]), value.name);
    }
    const headers: Record<string, string> = {};
    if (client) {
      headers.cookie = client.cookieHeader();
      const csrf = client.cookies.get('csrftoken');
      if (csrf) headers['x-csrftoken'] = csrf;
    }
    const res = await fetch(`${server.base}/api/blogs-appendix-storage/`, { method: 'POST', headers, body: form });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
  };
  const rowsOf = async (id: number) =>
    (await server.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM blog_appendices WHERE blogs_id = $1', [id]))[0].n;

  test('the author uploads a PDF with a Chinese name: 201, listed, downloadable with the same bytes', async () => {
    const res = await upload(author, { blogs: String(blogId), file: { name: '唐诗选读.pdf', bytes: PDF }, price: '0' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ blogs: blogId, name: '唐诗选读.pdf', file_type: 'pdf', size: PDF.length, price: 0, is_free: true, downloads: 0 });
    const list = await author.get(`/api/blogs-appendix-storage/?blogs=${blogId}`);
    expect(list.body.results.map((a: { id: number }) => a.id)).toContain(res.body.id);
    // stored under a generated id, never the user's name
    const stored = storedFiles(dataDir);
    expect(stored.length).toBe(1);
    expect(stored[0]).toMatch(/^[0-9a-f-]{36}$/);
    const link = await author.post(`/api/appendix-download/${res.body.id}/`);
    expect(link.status).toBe(200);
    const file = await fetch(`${server.base}${link.body.url}`);
    expect(sha256(new Uint8Array(await file.arrayBuffer()))).toBe(sha256(PDF));
  });

  test('a display name and a price; images and archives are allowed types too', async () => {
    const png = await upload(author, { blogs: String(draftId), file: { name: 'a.PNG', bytes: PNG }, name: '插图', price: '200' });
    expect(png.status).toBe(201);
    expect(png.body).toMatchObject({ name: '插图', file_type: 'png', price: 200, is_free: false });
    const zip = await upload(author, { blogs: String(draftId), file: { name: '资料.zip', bytes: ZIP } });
    expect(zip.status).toBe(201);
    expect(zip.body.file_type).toBe('zip');
  });

  test('bytes that are not what the name says, and types outside the list, are refused with no file and no row', async () => {
    const before = { files: storedFiles(dataDir).length, rows: await rowsOf(blogId) };
    const cases: [string, Buffer, string][] = [
      ['setup.exe', EXE, 'file_type_not_allowed'],
      ['report.pdf', EXE, 'file_type_mismatch'],
      ['photo.png', PDF, 'file_type_mismatch'],
      ['noext', PDF, 'file_type_not_allowed'],
      ['empty.txt', Buffer.alloc(0), 'file_empty'],
    ];
    for (const [name, bytes, code] of cases) {
      const res = await upload(author, { blogs: String(blogId), file: { name, bytes } });
      expectErrorBody(res, 400, code);
      expect(res.body.errors.file).toHaveLength(1);
    }
    expect({ files: storedFiles(dataDir).length, rows: await rowsOf(blogId) }).toEqual(before);
  });

  test('only the author: visitors 403 未登录, others 403, someone else\'s draft and unknown blogs 404', async () => {
    const res = await upload(null, { blogs: String(blogId), file: { name: 'a.pdf', bytes: PDF } });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('未登录');
    const { client: other } = await registeredClient(server.base);
    expectErrorBody(await upload(other, { blogs: String(blogId), file: { name: 'a.pdf', bytes: PDF } }), 403, 'permission_denied');
    expectErrorBody(await upload(other, { blogs: String(draftId), file: { name: 'a.pdf', bytes: PDF } }), 404, 'not_found');
    expectErrorBody(await upload(author, { blogs: '99999999', file: { name: 'a.pdf', bytes: PDF } }), 404, 'not_found');
  });

  test('malformed requests: no file, two files, no blog, JSON instead of multipart, broken framing', async () => {
    expectErrorBody(await upload(author, { blogs: String(blogId) }), 400, 'file_required');
    const two = new FormData();
    two.append('blogs', String(blogId));
    two.append('file', new Blob([PDF]), 'a.pdf');
    two.append('file2', new Blob([PDF]), 'b.pdf');
    expectErrorBody(await upload(author, { file: { name: 'a.pdf', bytes: PDF } }), 400, 'invalid');
    expectErrorBody(await upload(author, { blogs: 'abc', file: { name: 'a.pdf', bytes: PDF } }), 400, 'invalid');
    expectErrorBody(await upload(author, { blogs: String(blogId), price: '-5', file: { name: 'a.pdf', bytes: PDF } }), 400, 'invalid');
    const headers = { cookie: author.cookieHeader(), 'x-csrftoken': author.cookies.get('csrftoken') ?? '' };
    const twoFiles = await fetch(`${server.base}/api/blogs-appendix-storage/`, { method: 'POST', headers, body: two });
    expect(twoFiles.status).toBe(400);
    expect(((await twoFiles.json()) as { code: string }).code).toBe('too_many_files');
    const json = await author.post('/api/blogs-appendix-storage/', { blogs: blogId });
    expectErrorBody(json, 415, 'unsupported_media_type');
    const broken = await fetch(`${server.base}/api/blogs-appendix-storage/`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'multipart/form-data; boundary=XYZ' },
      body: '--XYZ\r\nContent-Disposition: form-data; name="blogs"\r\n\r\n1',
    });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { code: string }).code).toBe('invalid_multipart');
  });

  test('size limit: one byte over is refused before anything is stored', async () => {
    const before = storedFiles(dataDir).length;
    const big = Buffer.alloc(APPENDIX_MAX_BYTES + 1, 0x61); // text, so only the size is wrong
    const res = await upload(author, { blogs: String(blogId), file: { name: 'big.txt', bytes: big } });
    expectErrorBody(res, 400, 'file_too_large');
    const huge = await upload(author, { blogs: String(blogId), file: { name: 'huge.txt', bytes: Buffer.alloc(APPENDIX_MAX_BYTES + 200_000, 0x61) } });
    expectErrorBody(huge, 413, 'payload_too_large');
    expect(storedFiles(dataDir).length).toBe(before);
  });

  test(`at most ${APPENDIX_MAX_PER_BLOG} per blog: the one over the limit leaves no file and no row`, async () => {
    while ((await rowsOf(blogId)) < APPENDIX_MAX_PER_BLOG) {
      expect((await upload(author, { blogs: String(blogId), file: { name: 'n.txt', bytes: Buffer.from('诗') } })).status).toBe(201);
    }
    const files = storedFiles(dataDir).length;
    const over = await upload(author, { blogs: String(blogId), file: { name: 'over.txt', bytes: Buffer.from('多一个') } });
    expectErrorBody(over, 400, 'too_many_appendices');
    expect(storedFiles(dataDir).length).toBe(files);
    expect(await rowsOf(blogId)).toBe(APPENDIX_MAX_PER_BLOG);
  });

  test('the author deletes one: 204, gone from the list; a stranger cannot', async () => {
    const res = await upload(author, { blogs: String(draftId), file: { name: 'del.md', bytes: Buffer.from('# 标题') } });
    expect(res.status).toBe(201);
    const { client: other } = await registeredClient(server.base);
    expect((await other.delete(`/api/blogs-appendix-storage/${res.body.id}/`)).status).toBe(403);
    expect((await author.delete(`/api/blogs-appendix-storage/${res.body.id}/`)).status).toBe(204);
    const list = await author.get(`/api/blogs-appendix-storage/?blogs=${draftId}`);
    expect(list.body.results.map((a: { id: number }) => a.id)).not.toContain(res.body.id);
    expectErrorBody(await author.delete(`/api/blogs-appendix-storage/${res.body.id}/`), 404, 'not_found');
  });
});
