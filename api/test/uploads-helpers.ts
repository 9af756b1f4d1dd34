import PDFDocument from 'pdfkit';
import { findOrphans } from '../src/modules/content/orphans';
import { useEngine, type Answer, type EngineName, type TestServer } from './helpers';
import { testClock, type Client, type TestClock } from './accounts-helpers';
import { contentServer } from './content-helpers';

/** A PDF of `pages` pages with a line of text on each (pdfkit, as the seed makes its PDFs). */
export function makePdf(pages: number, text = 'upload test page'): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ autoFirstPage: false, info: { CreationDate: new Date(0) } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (let i = 1; i <= pages; i++) doc.addPage().text(`${text} ${i}`);
    doc.end();
  });
}

/** PUT one chunk the way the page does: the raw bytes as application/offset+octet-stream. */
export async function putChunk(client: Client, id: string, offset: number, bytes: Uint8Array): Promise<Answer> {
  const res = await fetch(`${client.base}/api/upload-sessions/${id}/?offset=${offset}`, {
    method: 'PUT',
    headers: { cookie: client.cookieHeader(), 'x-csrftoken': client.cookies.get('csrftoken') ?? '', 'content-type': 'application/offset+octet-stream' },
    body: bytes,
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : text };
}

/** Uploads a whole file in chunks; answers the session id. */
export async function uploadFile(client: Client, name: string, bytes: Buffer, chunk = 64 * 1024): Promise<string> {
  const created = await client.post('/api/upload-sessions/', { name, size: bytes.length });
  if (created.status !== 201) throw new Error(`session: ${created.status} ${JSON.stringify(created.body)}`);
  for (let offset = 0; offset < bytes.length; offset += chunk) {
    const put = await putChunk(client, created.body.id, offset, bytes.subarray(offset, offset + chunk));
    if (put.status !== 200) throw new Error(`chunk: ${put.status} ${JSON.stringify(put.body)}`);
  }
  return created.body.id;
}

/** POST /api/docs/ of an uploaded file. */
export async function createDoc(client: Client, upload: string, category: number, extra: Record<string, unknown> = {}): Promise<Answer> {
  return client.post('/api/docs/', { upload, title: '测试文档', summary: '简介', category, price: 0, preview_pages: 5, agree: true, ...extra });
}

export interface UploadsSite {
  server: TestServer;
  /** The first upload category. */
  category: number;
  clock: TestClock;
}

/**
 * The uploads tests' server (the conversion worker off, a test clock), started before a file's tests and closed
 * after them; after each test nothing is half-written: no stored file without its row, no row without its file.
 */
export function useUploadsSite(engine: EngineName, file: string): UploadsSite {
  const db = useEngine(engine, file);
  const site = { clock: testClock() } as UploadsSite;
  beforeAll(async () => {
    site.server = await contentServer({ ...db.options(), uploads: { worker: { enabled: false } } }, site.clock);
    const [row] = await site.server.app.db.query<{ id: number }>('SELECT id FROM content_categories WHERE is_upload ORDER BY id LIMIT 1');
    site.category = Number(row.id);
  });
  afterAll(async () => {
    await site.server?.close();
  });
  afterEach(async () => {
    expect(await findOrphans(site.server.app.db, site.server.app.content.storage)).toEqual({ orphans: [], missing: [] });
  });
  return site;
}
