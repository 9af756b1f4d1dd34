import { strToU8, zipSync } from 'fflate';
import { readdir } from 'node:fs/promises';
import { converterStatus } from '../src/infra/convert';
import { engines } from './helpers';
import { Client, registeredClient } from './accounts-helpers';
import { createDoc, makePdf, putChunk, uploadFile, useUploadsSite } from './uploads-helpers';

describe.each(engines())('uploads (%s)', (engine) => {
  const site = useUploadsSite(engine, __filename);
  const myDoc = async (client: Client, id: number) => (await client.get(`/api/my-docs/${id}/`)).body;
  const orphans = async () => {
    const [row] = await site.server.app.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM content_files f WHERE NOT EXISTS (SELECT 1 FROM documents d WHERE d.file_id = f.id OR d.preview_file_id = f.id)
         AND NOT EXISTS (SELECT 1 FROM blog_appendices a WHERE a.file_id = f.id) AND NOT EXISTS (SELECT 1 FROM stored_images i WHERE i.file_id = f.id)`,
    );
    return row.n;
  };

  test('a PDF: upload in chunks, converting (6), then reviewing (0) with its pages; approve publishes it and stores an event', async () => {
    const { client, uid } = await registeredClient(site.server.base);
    const pdf = await makePdf(3);
    const upload = await uploadFile(client, '报告.pdf', pdf, 1000);
    const created = await createDoc(client, upload, site.category);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 6, status_text: '转换中', stage: 'queued', file_type: 'pdf', ext_cate: 'pdf', size: pdf.length, preview_pages: 5 });
    expect((await client.get(`/api/upload-sessions/${upload}/`)).status).toBe(404);
    await site.server.app.uploads.drain();
    const converted = await myDoc(client, created.body.id);
    expect(converted).toMatchObject({ status: 0, status_text: '待审核', pages: 3, progress: 100, stage: '' });
    const { client: staff, uid: staffId } = await registeredClient(site.server.base);
    expect((await staff.post(`/api/staff/docs/${created.body.id}/approve/`)).status).toBe(403);
    await site.server.app.db.query(`INSERT INTO staff_roles (user_id, role) VALUES ($1, 'reviewer')`, [staffId]);
    const list = await staff.get('/api/staff/docs/?status=reviewing');
    expect(list.body.results.some((d: { id: number }) => d.id === created.body.id)).toBe(true);
    const approved = await staff.post(`/api/staff/docs/${created.body.id}/approve/`);
    expect(approved.body).toMatchObject({ status: 1, uploader: { uid }, checks: { duplicate_of: null } });
    expect((await client.get('/api/my-docs/?status=published')).body.results[0].id).toBe(created.body.id);
    // the detail carries the text of the PDF's first page only (pdftotext's first page), for the page's HTML
    expect((await new Client(site.server.base).get(`/api/docs/${created.body.id}/`)).body.first_page_text).toBe('upload test page 1');
    const told = (await client.get('/api/notifications/')).body.results.map((n: { kind: string }) => n.kind);
    expect(told).toEqual(['doc_approved', 'doc_converted']);
    // the same file again is flagged as a duplicate of the published one
    const again = await createDoc(client, await uploadFile(client, 'copy.pdf', pdf), site.category);
    await site.server.app.uploads.drain();
    const dup = (await staff.get('/api/staff/docs/?status=reviewing')).body.results.find((d: { id: number }) => d.id === again.body.id);
    expect(dup.checks.duplicate_of).toBe(created.body.id);
    const rejected = await staff.post(`/api/staff/docs/${again.body.id}/reject/`, { reason: '重复上传' });
    expect(rejected.body).toMatchObject({ status: 2, reason: '重复上传' });
    // an edit sends a rejected document back to review
    const edited = await client.patch(`/api/docs/${again.body.id}/`, { title: '改过的标题' });
    expect(edited.body).toMatchObject({ status: 0, title: '改过的标题' });
  });

  test('resume: a chunk at the wrong offset answers 409 with the offset, and the upload continues from there', async () => {
    const { client } = await registeredClient(site.server.base);
    const bytes = Buffer.from('第一行\n'.repeat(500));
    const session = (await client.post('/api/upload-sessions/', { name: 'a.txt', size: bytes.length })).body;
    expect(session).toMatchObject({ offset: 0, chunk_size: 5242880 });
    expect((await putChunk(client, session.id, 0, bytes.subarray(0, 1000))).body.offset).toBe(1000);
    const wrong = await putChunk(client, session.id, 0, bytes.subarray(0, 1000));
    expect(wrong.status).toBe(409);
    expect(wrong.body).toMatchObject({ code: 'offset_mismatch', offset: 1000 });
    expect((await client.get(`/api/upload-sessions/${session.id}/`)).body.offset).toBe(1000);
    // past the declared size
    const over = await putChunk(client, session.id, 1000, Buffer.concat([bytes.subarray(1000), Buffer.from('x')]));
    expect(over.status).toBe(400);
    expect((await client.get(`/api/upload-sessions/${session.id}/`)).body.offset).toBe(1000);
    expect((await putChunk(client, session.id, 1000, bytes.subarray(1000))).body.offset).toBe(bytes.length);
    const doc = await createDoc(client, session.id, site.category);
    await site.server.app.uploads.drain();
    expect(await myDoc(client, doc.body.id)).toMatchObject({ status: 0, file_type: 'txt' });
  });

  test('refusals: 0 bytes, one byte over the limit, a type not allowed, a renamed executable; nothing half-written', async () => {
    const { client } = await registeredClient(site.server.base);
    const zero = await client.post('/api/upload-sessions/', { name: 'a.pdf', size: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.message).toBe('文件为空');
    const over = await client.post('/api/upload-sessions/', { name: 'a.pdf', size: 209715201 });
    expect(over.body.message).toBe('文件大小不能超过200MB');
    expect((await client.post('/api/upload-sessions/', { name: 'a.pdf', size: 209715200 })).status).toBe(201);
    expect((await client.post('/api/upload-sessions/', { name: 'a.exe', size: 10 })).status).toBe(400);
    const before = await orphans();
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(500, 1)]);
    const refused = await createDoc(client, await uploadFile(client, 'setup.pdf', exe), site.category);
    expect(refused.status).toBe(400);
    expect(refused.body.errors.upload[0]).toMatch(/[\u4e00-\u9fa5]/);
    expect(await orphans()).toBe(before);
    const [{ n }] = await site.server.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM documents WHERE title = '测试文档' AND file_type = 'exe'`);
    expect(n).toBe(0);
    // an unfinished upload cannot become a document
    const half = (await client.post('/api/upload-sessions/', { name: 'h.txt', size: 10 })).body;
    await putChunk(client, half.id, 0, Buffer.from('12345'));
    expect((await createDoc(client, half.id, site.category)).body.errors.upload).toEqual(['文件尚未上传完成']);
    expect((await client.delete(`/api/upload-sessions/${half.id}/`)).status).toBe(204);
    expect((await readdir(site.server.app.uploads.dir)).includes(half.id)).toBe(false);
    expect((await new Client(site.server.base).post('/api/upload-sessions/', { name: 'a.pdf', size: 10 })).status).toBe(403);
  });

  test('a truncated PDF is refused at upload; an epub without its contents fails conversion with a Chinese reason; retry queues it again; delete hides it', async () => {
    const { client } = await registeredClient(site.server.base);
    const truncated = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200, 0x41)]);
    const refused = await createDoc(client, await uploadFile(client, 'bad.pdf', truncated), site.category);
    expect(refused.status).toBe(400);
    expect(refused.body.errors.upload[0]).toMatch(/损坏/);
    // an epub by its mimetype entry, with no META-INF/container.xml: it passes the checks, its conversion fails
    const bad = Buffer.from(zipSync({ mimetype: [strToU8('application/epub+zip'), { level: 0 }] }));
    const doc = (await createDoc(client, await uploadFile(client, 'bad.epub', bad), site.category)).body;
    await site.server.app.uploads.drain();
    const failed = await myDoc(client, doc.id);
    expect(failed).toMatchObject({ status: 3, status_text: '转换失败' });
    expect(failed.reason).toMatch(/[\u4e00-\u9fa5]/);
    expect((await client.get('/api/my-docs/?status=failed')).body.count).toBe(1);
    const told = (await client.get('/api/notifications/')).body.results.map((n: { kind: string }) => n.kind);
    expect(told).toEqual(['doc_convert_failed']);
    const retried = await client.post(`/api/docs/${doc.id}/retry/`);
    expect(retried.body).toMatchObject({ status: 6, stage: 'queued' });
    expect((await client.post(`/api/docs/${doc.id}/retry/`)).status).toBe(409);
    // a new file replaces the broken one and converts again
    const replaced = await client.patch(`/api/docs/${doc.id}/`, { upload: await uploadFile(client, 'good.pdf', await makePdf(2)) });
    expect(replaced.body).toMatchObject({ status: 6, file_type: 'pdf' });
    await site.server.app.uploads.drain();
    expect(await myDoc(client, doc.id)).toMatchObject({ status: 0, pages: 2 });
    const { client: other } = await registeredClient(site.server.base);
    expect((await other.delete(`/api/docs/${doc.id}/`)).status).toBe(404);
    expect((await client.delete(`/api/docs/${doc.id}/`)).status).toBe(204);
    expect((await client.get(`/api/my-docs/${doc.id}/`)).status).toBe(404);
    expect((await client.get('/api/my-docs/')).body.count).toBe(0);
  });

  test('a worker that died leaves its lease to expire; the job is claimed again and finishes', async () => {
    const { client } = await registeredClient(site.server.base);
    const doc = (await createDoc(client, await uploadFile(client, 'w.md', Buffer.from('# 标题\n\n正文内容'.repeat(20))), site.category)).body;
    // a claim by a worker that then died: running, lease in the past
    await site.server.app.db.query(`UPDATE conversion_jobs SET state = 'running', attempts = 1, locked_by = 'dead', locked_until = $2 WHERE docs_id = $1`, [doc.id, new Date(site.clock.now().getTime() - 1000)]);
    await site.server.app.uploads.drain();
    expect(await myDoc(client, doc.id)).toMatchObject({ status: 0, file_type: 'md' });
    const jobs = await site.server.app.db.query<{ state: string; attempts: number }>('SELECT state, attempts FROM conversion_jobs WHERE docs_id = $1', [doc.id]);
    expect(jobs).toEqual([{ state: 'done', attempts: 2 }]);
  });

  test('my docs: groups and search; upload-setting; 50 a day then 429', async () => {
    const { client, uid } = await registeredClient(site.server.base);
    const doc = (await createDoc(client, await uploadFile(client, 's.txt', Buffer.from('内容'.repeat(100))), site.category, { title: '独特的标题甲乙' })).body;
    expect((await client.get(`/api/my-docs/?search=${encodeURIComponent('甲乙')}`)).body.results.map((d: { id: number }) => d.id)).toEqual([doc.id]);
    expect((await client.get(`/api/my-docs/?search=nothing`)).body.count).toBe(0);
    expect((await client.get('/api/my-docs/?status=converting')).body.count).toBe(1);
    const setting = (await client.get('/api/upload-setting/')).body;
    expect(setting).toMatchObject({ max_size: 209715200, daily_uploads: 50, left_today: 49, converter_ready: converterStatus().ready, chunk_size: 5242880 });
    expect((await new Client(site.server.base).get('/api/upload-setting/')).body.left_today).toBeNull();
    await site.server.app.db.query(
      `INSERT INTO documents (title, category_id, uploader_id, file_id, file_type, ext_cate, size, status, create_time)
       SELECT 'x' || g, category_id, uploader_id, file_id, file_type, ext_cate, size, 4, create_time FROM documents, generate_series(1, 49) g WHERE id = $1`,
      [doc.id],
    );
    const limited = await client.post('/api/upload-sessions/', { name: 'a.pdf', size: 10 });
    expect(limited.status).toBe(403);
    expect(limited.body.message).toBe('今日上传数量已达上限');
    expect(uid).toBeGreaterThan(0);
  });

  test('a job whose worker died on its last attempt fails with a Chinese reason', async () => {
    const { client } = await registeredClient(site.server.base);
    const doc = (await createDoc(client, await uploadFile(client, 'x.txt', Buffer.from('文本'.repeat(50))), site.category)).body;
    await site.server.app.db.query(`UPDATE conversion_jobs SET state = 'running', attempts = 3, locked_by = 'dead', locked_until = $2 WHERE docs_id = $1`, [doc.id, new Date(site.clock.now().getTime() - 1000)]);
    await site.server.app.uploads.drain();
    const failed = await myDoc(client, doc.id);
    expect(failed).toMatchObject({ status: 3, reason: '转换进程异常退出，请稍后重试或更换文件' });
  });

  test('a trusted uploader (level at least the staff setting) publishes at once; the progress stream ends with the final state', async () => {
    const { client: admin, uid: adminId } = await registeredClient(site.server.base);
    const { client } = await registeredClient(site.server.base);
    expect((await client.patch('/api/staff/settings/uploads/', { trusted_uploader_level: 1 })).status).toBe(403);
    await site.server.app.db.query(`INSERT INTO staff_roles (user_id, role) VALUES ($1, 'admin')`, [adminId]);
    expect((await admin.patch('/api/staff/settings/uploads/', { trusted_uploader_level: 1 })).body).toEqual({ trusted_uploader_level: 1 });
    try {
      const doc = (await createDoc(client, await uploadFile(client, 't.md', Buffer.from('# 可信\n\n' + '正文内容足够长'.repeat(20))), site.category)).body;
      const stream = await fetch(`${site.server.base}/api/my-docs/progress/?ids=${doc.id}`, { headers: { cookie: client.cookieHeader() } });
      expect(stream.headers.get('content-type')).toContain('text/event-stream');
      const text = stream.text();
      await site.server.app.uploads.drain();
      const events = (await text).split('\n\n').filter((e) => e.startsWith('event: progress'));
      expect(JSON.parse(events[0].split('data: ')[1])).toMatchObject({ id: doc.id, status: 6, status_text: '转换中' });
      expect(JSON.parse(events[events.length - 1].split('data: ')[1])).toMatchObject({ id: doc.id, status: 1, status_text: '已发布', reason: '' });
    } finally {
      await admin.patch('/api/staff/settings/uploads/', { trusted_uploader_level: null });
    }
  });
});
