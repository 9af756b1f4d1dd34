import jpeg from 'jpeg-js';
import { PDFDocument } from 'pdf-lib';
import { PNG } from 'pngjs';
import { engines } from './helpers';
import { Client, registeredClient } from './accounts-helpers';
import { createDoc, makePdf, uploadFile, useUploadsSite } from './uploads-helpers';

/** A PNG of w x h red pixels. */
function png(w: number, h: number): Buffer {
  const image = new PNG({ width: w, height: h });
  image.data.fill(0xff);
  for (let i = 0; i < image.data.length; i += 4) image.data[i + 1] = 0;
  return PNG.sync.write(image);
}

/** A tEXt chunk: length, type, data and its CRC-32 (pngjs checks it). */
function textChunk(keyword: string, text: string): Buffer {
  const data = Buffer.from(`${keyword}\0${text}`, 'latin1');
  const type = Buffer.from('tEXt');
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  let crc = 0xffffffff;
  for (const b of Buffer.concat([type, data])) crc = crcTable[(crc ^ b) & 0xff] ^ (crc >>> 8);
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  type.copy(out, 4);
  data.copy(out, 8);
  out.writeUInt32BE((crc ^ 0xffffffff) >>> 0, 8 + data.length);
  return out;
}

/** A JPEG with an APP1 Exif segment right after SOI. */
function jpegWithExif(): Buffer {
  const raw = jpeg.encode({ width: 8, height: 8, data: Buffer.alloc(8 * 8 * 4, 0x80) }, 90).data;
  const payload = Buffer.from('Exif\0\0GPS-SECRET-LOCATION');
  const app1 = Buffer.alloc(4);
  app1.writeUInt16BE(0xffe1, 0);
  app1.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([raw.subarray(0, 2), app1, payload, raw.subarray(2)]);
}

async function postImage(client: Client, bytes: Buffer, name: string, type: string): Promise<{ status: number; body: Record<string, unknown> & { errors?: Record<string, string[]> } }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  form.append('purpose', 'cover');
  const res = await fetch(`${client.base}/api/img-storage/`, { method: 'POST', headers: { cookie: client.cookieHeader(), 'x-csrftoken': client.cookies.get('csrftoken') ?? '' }, body: form });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe.each(engines())('uploads: previews and images (%s)', (engine) => {
  const site = useUploadsSite(engine, __filename);

  /** An uploaded document, converted and approved by staff. */
  async function published(client: Client, name: string, bytes: Buffer, extra: Record<string, unknown>): Promise<number> {
    const id = (await createDoc(client, await uploadFile(client, name, bytes), site.category, extra)).body.id as number;
    await site.server.app.uploads.drain();
    const { client: staff, uid } = await registeredClient(site.server.base);
    await site.server.app.db.query(`INSERT INTO staff_roles (user_id, role) VALUES ($1, 'admin')`, [uid]);
    expect((await staff.post(`/api/staff/docs/${id}/approve/`)).body.status).toBe(1);
    return id;
  }

  async function previewPages(visitor: Client, id: number): Promise<number> {
    const url = await visitor.get(`/api/docs-preview-url/${id}/1/`);
    const pdf = await fetch(site.server.base + url.body.url);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    return (await PDFDocument.load(new Uint8Array(await pdf.arrayBuffer()))).getPageCount();
  }

  test('a paid upload only ever sends its first N pages (the uploader chose 2)', async () => {
    const { client } = await registeredClient(site.server.base);
    const id = await published(client, 'paid.pdf', await makePdf(6), { price: 500, preview_pages: 2 });
    const visitor = new Client(site.server.base);
    expect((await visitor.get(`/api/docs-preview-page/${id}/`)).body).toMatchObject({ type: 'pdf', pages: 6, preview_pages: 2, limited: true });
    expect((await visitor.get(`/api/docs-preview-url/${id}/3/`)).status).toBe(403);
    expect(await previewPages(visitor, id)).toBe(2);
    expect(await previewPages(client, id)).toBe(6);
  });

  test('a converted upload previews as its converted PDF (preview_file_id), cut to its preview pages', async () => {
    const { client } = await registeredClient(site.server.base);
    const id = await published(client, 'notes.txt', Buffer.from('正文'.repeat(300)), { price: 100, preview_pages: 1 });
    // what the converter leaves for an office file: a PDF of its own as the document's preview
    const stored = await site.server.app.content.storage.put('previews', await makePdf(4));
    const [file] = await site.server.app.db.query<{ id: number }>(
      `INSERT INTO content_files (storage_key, original_name, ext, mime, size, sha256) VALUES ($1, 'p.pdf', 'pdf', 'application/pdf', $2, $3) RETURNING id`,
      [stored.key, stored.size, stored.sha256],
    );
    await site.server.app.db.query('UPDATE documents SET preview_file_id = $1, pages = 4 WHERE id = $2', [file.id, id]);
    site.server.app.content.rows.changed('documents', id);
    const visitor = new Client(site.server.base);
    expect((await visitor.get(`/api/docs-preview-page/${id}/`)).body).toMatchObject({ type: 'pdf', pages: 4, preview_pages: 1, limited: true });
    expect(await previewPages(visitor, id)).toBe(1);
  });

  test('img-storage: a PNG with a tEXt chunk and a trailing payload comes back as pixels only', async () => {
    const { client } = await registeredClient(site.server.base);
    const clean = png(4, 3);
    const iend = clean.length - 12;
    const dirty = Buffer.concat([clean.subarray(0, iend), textChunk('Comment', 'SECRET-TEXT'), clean.subarray(iend), Buffer.from('TRAILING-PAYLOAD<script>')]);
    const answer = await postImage(client, dirty, 'a.png', 'image/png');
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ width: 4, height: 3 });
    const served = await fetch(site.server.base + (answer.body.url as string));
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.includes('SECRET-TEXT')).toBe(false);
    expect(bytes.includes('TRAILING-PAYLOAD')).toBe(false);
    expect(bytes.subarray(bytes.length - 8).toString('latin1')).toContain('IEND');
    const decoded = PNG.sync.read(bytes);
    expect([decoded.width, decoded.height, decoded.data[0], decoded.data[1]]).toEqual([4, 3, 255, 0]);
  });

  test('img-storage: a JPEG loses its EXIF; a non-image, an empty file and a visitor are refused', async () => {
    const { client } = await registeredClient(site.server.base);
    const withExif = jpegWithExif();
    expect(withExif.includes('GPS-SECRET')).toBe(true);
    const answer = await postImage(client, withExif, 'b.jpg', 'image/jpeg');
    expect(answer.status).toBe(201);
    const bytes = Buffer.from(await (await fetch(site.server.base + (answer.body.url as string))).arrayBuffer());
    expect(bytes.includes('GPS-SECRET')).toBe(false);
    expect(bytes.includes('Exif')).toBe(false);
    expect(jpeg.decode(bytes).width).toBe(8);
    const html = await postImage(client, Buffer.from('<html><script>alert(1)</script></html>'), 'c.png', 'image/png');
    expect(html.status).toBe(400);
    expect(html.body.message).toBe('只支持 JPG、PNG 格式的图片');
    expect((await postImage(client, Buffer.alloc(0), 'd.png', 'image/png')).body.message).toBe('文件为空');
    const big = png(4097, 1);
    expect((await postImage(client, big, 'e.png', 'image/png')).body.message).toBe('图片尺寸不能超过4096x4096像素');
    expect((await postImage(new Client(site.server.base), png(2, 2), 'f.png', 'image/png')).status).toBe(403);
  });
});
