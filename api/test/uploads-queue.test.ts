import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConversionError, type ConversionInput, type ConversionResult } from '../src/infra/convert';
import * as jobs from '../src/modules/uploads/repositories/jobs';
import { engines, useEngine, type TestServer } from './helpers';
import { registeredClient, testClock, type Client } from './accounts-helpers';
import { contentServer } from './content-helpers';
import { createDoc, uploadFile } from './uploads-helpers';

/** What the test's converter does next: hang (past the time limit), crash, or convert. */
let behaviour: 'hang' | 'crash' | 'ok' = 'ok';
let calls = 0;
async function testConverter(input: ConversionInput): Promise<ConversionResult> {
  calls++;
  input.onProgress?.('extracting', 50);
  if (behaviour === 'hang') return new Promise(() => undefined);
  if (behaviour === 'crash') throw new Error('segfault');
  return { previewPdf: null, pages: 1, text: '这是文档里的一段足够长的正文内容，用于检查提取的文字能否进入搜索索引。'.repeat(3), cover: null, thumbnails: [] };
}

describe.each(engines())('uploads: the conversion queue (%s)', (engine) => {
  const db = useEngine(engine, __filename);
  const clock = testClock();
  let server: TestServer;
  let category: number;
  let client: Client;
  beforeAll(async () => {
    server = await contentServer({ ...db.options(), uploads: { worker: { enabled: false, timeoutMs: 300 }, convert: testConverter } }, clock);
    const [row] = await server.app.db.query<{ id: number }>('SELECT id FROM content_categories WHERE is_upload ORDER BY id LIMIT 1');
    category = Number(row.id);
    ({ client } = await registeredClient(server.base));
  });
  afterAll(async () => {
    await server?.close();
  });
  const newDoc = async () => (await createDoc(client, await uploadFile(client, 'q.txt', Buffer.from('队列测试'.repeat(40))), category)).body.id as number;
  const doc = async (id: number) => (await client.get(`/api/my-docs/${id}/`)).body;

  test('a job past its time limit fails with a Chinese reason', async () => {
    behaviour = 'hang';
    const id = await newDoc();
    await server.app.uploads.drain();
    expect(await doc(id)).toMatchObject({ status: 3, reason: '转换超时（超过1分钟），请检查文件后重试' });
    expect((await jobs.jobsOf(server.app.db, id))[0].state).toBe('failed');
  });

  test('a crash is retried with back-off, 3 attempts in all, then the document fails; retry starts again', async () => {
    behaviour = 'crash';
    calls = 0;
    const id = await newDoc();
    await server.app.uploads.drain();
    expect(calls).toBe(1);
    expect(await doc(id)).toMatchObject({ status: 6, stage: 'extracting' });
    await server.app.uploads.drain(); // not due yet: 10 s back-off
    expect(calls).toBe(1);
    clock.advance(10_001);
    await server.app.uploads.drain();
    expect(calls).toBe(2);
    clock.advance(60_001);
    await server.app.uploads.drain();
    expect(calls).toBe(3);
    expect(await doc(id)).toMatchObject({ status: 3, reason: '转换进程异常退出，请稍后重试或更换文件' });
    behaviour = 'ok';
    expect((await client.post(`/api/docs/${id}/retry/`)).body.status).toBe(6);
    await server.app.uploads.drain();
    expect(await doc(id)).toMatchObject({ status: 0, pages: 1 });
  });

  test('published: found by a word inside the file, not in its title', async () => {
    behaviour = 'ok';
    const id = await newDoc();
    await server.app.uploads.drain();
    const { client: staff, uid } = await registeredClient(server.base);
    await server.app.db.query(`INSERT INTO staff_roles (user_id, role) VALUES ($1, 'reviewer')`, [uid]);
    expect((await staff.post(`/api/staff/docs/${id}/approve/`)).body.status).toBe(1);
    const [hit] = await server.app.db.query<{ id: number }>(`SELECT id FROM documents WHERE id = $1 AND search_vector @@ to_tsquery('simple', '索引')`, [id]);
    expect(hit?.id).toBe(id);
  });

  test('claims never hand one job to two workers', async () => {
    const ids = await Promise.all(Array.from({ length: 6 }, () => newDoc()));
    const claimed = await Promise.all(
      Array.from({ length: 10 }, (_, i) => jobs.claim(server.app.db, `w${i}`, clock.now(), new Date(clock.now().getTime() + 60_000), 3)),
    );
    const got = claimed.filter((j) => j !== undefined).map((j) => j.docs_id);
    expect(new Set(got).size).toBe(got.length);
    expect(got.sort()).toEqual([...ids].sort());
    await server.app.db.query(`UPDATE conversion_jobs SET state = 'done' WHERE state = 'running'`);
  });

  test('an expired upload session and its file are swept', async () => {
    const session = (await client.post('/api/upload-sessions/', { name: 's.pdf', size: 100 })).body;
    const file = path.join(server.app.uploads.dir, session.id);
    expect(existsSync(file)).toBe(true);
    clock.advance(24 * 3600 * 1000 + 1000);
    expect(await server.app.uploads.sweep()).toBeGreaterThanOrEqual(1);
    expect(existsSync(file)).toBe(false);
    expect((await client.get(`/api/upload-sessions/${session.id}/`)).status).toBe(404);
  });
});

// the reason type is part of the interface the worker relies on
test('ConversionError carries its reason', () => {
  expect(new ConversionError('文件已加密').reason).toBe('文件已加密');
});
