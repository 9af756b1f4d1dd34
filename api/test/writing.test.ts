import { useAccountServer, Client, registeredClient } from './accounts-helpers';
import { engines, expectErrorBody } from './helpers';

const BODY = '这是一篇测试文章的正文，用来检查写作、保存草稿与审核的整个流程。\n\n| a | b |\n|---|---|\n| 1 | 2 |\n';
/** The XSS vectors of the review: stored as written (the renderer sanitizes; its tests prove no script survives). */
const XSS = [
  '<script>alert(1)</script>',
  '<img src=x onerror="alert(2)">',
  '[点我](javascript:alert(3))',
  '<svg onload="alert(4)"></svg>',
  '<iframe src="https://evil.example/"></iframe>',
  '[数据](data:text/html;base64,PHNjcmlwdD5hbGVydCg1KTwvc2NyaXB0Pg==)',
].join('\n\n');

describe.each(engines())('writing blogs (%s)', (engine) => {
  const server = useAccountServer(engine, __filename);
  let author: Client;
  let authorId: number;
  let other: Client;
  let reviewer: Client;
  let category: number;
  beforeAll(async () => {
    const [row] = await server.app.db.query<{ id: number }>("INSERT INTO content_categories (name) VALUES ('写作测试') RETURNING id");
    category = Number(row.id);
    server.app.content.categories.invalidate();
    ({ client: author, uid: authorId } = await registeredClient(server.base));
    ({ client: other } = await registeredClient(server.base));
    const staff = await registeredClient(server.base);
    reviewer = staff.client;
    expect((await reviewer.post('/api/dev/staff-role/', { mobile: staff.mobile, role: 'reviewer' })).status).toBe(200);
  });

  const create = async (body: Record<string, unknown> = {}) => {
    const res = await author.post('/api/blogs/', { category, ...body });
    expect(res.status).toBe(201);
    return res.body;
  };

  test('create, autosave with versions, a stale save answers 409 with the server text, nothing overwritten', async () => {
    const made = await create({ title: ' 第一篇 ', tags: ['前端', '前端', ' 测试 '] });
    expect(made).toMatchObject({ status: 0, status_text: '草稿', title: '第一篇', unsubmitted_changes: true });
    expect(made.draft).toMatchObject({ title: '第一篇', content: '', category, tags: ['前端', '测试'], version: 1 });
    const tabA = await author.patch(`/api/blogs/${made.id}/`, { version: 1, content: '甲的文字' });
    expect(tabA.status).toBe(200);
    expect(tabA.body.draft).toMatchObject({ content: '甲的文字', version: 2 });
    // tab B still holds version 1
    const tabB = await author.patch(`/api/blogs/${made.id}/`, { version: 1, content: '乙的文字' });
    expectErrorBody(tabB, 409, 'draft_conflict');
    expect(tabB.body.draft).toMatchObject({ content: '甲的文字', version: 2 });
    const resolved = await author.patch(`/api/blogs/${made.id}/`, { version: 2, content: '甲的文字\n乙的文字' });
    expect(resolved.body.draft).toMatchObject({ content: '甲的文字\n乙的文字', version: 3 });
    expect((await author.get(`/api/my-blogs/${made.id}/`)).body.draft.version).toBe(3);
  });

  test('another user: 404 on read, save, submit and delete; visitors 403; nothing changes', async () => {
    const made = await create({ title: '别人的', content: BODY });
    for (const res of [
      await other.get(`/api/my-blogs/${made.id}/`),
      await other.patch(`/api/blogs/${made.id}/`, { version: 1, content: '改掉' }),
      await other.post(`/api/blogs/${made.id}/submit/`),
      await other.delete(`/api/blogs/${made.id}/`),
    ]) expectErrorBody(res, 404, 'not_found');
    const visitor = new Client(server.base);
    expect((await visitor.post('/api/blogs/', { category })).status).toBe(403);
    expect((await visitor.get('/api/my-blogs/')).status).toBe(403);
    const mine = await author.get(`/api/my-blogs/${made.id}/`);
    expect(mine.body.draft).toMatchObject({ content: BODY, version: 1 });
    expect((await other.get('/api/my-blogs/')).body.results.map((b: { id: number }) => b.id)).not.toContain(made.id);
  });

  test('bad input: Chinese 400s, never a 5xx', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ category: 99999999 }, '分类不存在'],
      [{ category, title: 'x'.repeat(101) }, '标题最多 100 个字'],
      [{ category, tags: ['a', 'b', 'c', 'd', 'e', 'f'] }, '最多 5 个标签'],
      [{ category, cover: 'javascript:alert(1)' }, '封面图片地址无效'],
      [{ category, content: 'a\u0000b' }, ''],
      [{}, '请选择分类'],
    ];
    for (const [body, text] of cases) {
      const res = await author.post('/api/blogs/', body);
      expect({ body, status: res.status, text: JSON.stringify(res.body).includes(text) }).toEqual({ body, status: 400, text: true });
    }
    const made = await create();
    expect((await author.patch(`/api/blogs/${made.id}/`, { content: 'x' })).status).toBe(400);
    expect((await author.patch(`/api/blogs/${made.id}/`, { version: 0, content: 'x' })).status).toBe(400);
    expect((await author.patch(`/api/blogs/${made.id}/`, { version: 1, category: 'x' })).status).toBe(400);
  });

  test('machine checks before review: no title, too short, a wall of links, spam words', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ content: BODY }, '请填写标题'],
      [{ title: '短', content: '太短' }, '正文太短了'],
      [{ title: '链接', content: Array.from({ length: 25 }, (_, i) => `https://spam.example/${i}`).join(' ') }, '链接太多'],
      [{ title: '广告', content: `${BODY} 代开发票，请联系` }, '疑似广告'],
    ];
    for (const [fields, message] of bad) {
      const made = await create(fields);
      const res = await author.post(`/api/blogs/${made.id}/submit/`);
      expect({ fields, status: res.status, message: res.body.message }).toEqual({ fields, status: 400, message: expect.stringContaining(message) });
      expect((await author.get(`/api/my-blogs/${made.id}/`)).body.status).toBe(0);
    }
  });

  test('submit -> 待审核 (not public) -> approve -> public; reject with reason -> denylist -> edit and resubmit', async () => {
    const made = await create({ title: '审核流程', content: BODY, summary: '摘要' });
    const submitted = await author.post(`/api/blogs/${made.id}/submit/`);
    expect(submitted.body).toMatchObject({ status: 4, status_text: '待审核', unsubmitted_changes: false });
    expect((await new Client(server.base).get(`/api/blogs/${made.id}/`)).status).toBe(404);
    expect((await author.get('/api/my-blogs/?status=pending')).body.results.map((b: { id: number }) => b.id)).toContain(made.id);
    // the queue: reviewers only
    expectErrorBody(await author.get('/api/staff/blogs/'), 403, 'staff_only');
    expectErrorBody(await author.post(`/api/staff/blogs/${made.id}/approve/`), 403, 'staff_only');
    const queue = await reviewer.get('/api/staff/blogs/?status=pending');
    expect(queue.body.results.find((b: { id: number }) => b.id === made.id)).toMatchObject({ title: '审核流程', content: BODY, author: { uid: authorId } });
    const rejected = await reviewer.post(`/api/staff/blogs/${made.id}/reject/`, { reason: '请补充代码示例' });
    expect(rejected.body).toMatchObject({ status: 2, reject_reason: '请补充代码示例' });
    expectErrorBody(await reviewer.post(`/api/staff/blogs/${made.id}/approve/`), 409, 'not_pending');
    const denied = await author.get('/api/my-blogs/?status=rejected');
    expect(denied.body.results.find((b: { id: number }) => b.id === made.id)).toMatchObject({ reject_reason: '请补充代码示例' });
    // edit and resubmit
    await author.patch(`/api/blogs/${made.id}/`, { version: 1, content: `${BODY}\n\`\`\`js\nconsole.log(1)\n\`\`\`` });
    expect((await author.post(`/api/blogs/${made.id}/submit/`)).body).toMatchObject({ status: 4, reject_reason: '' });
    const approved = await reviewer.post(`/api/staff/blogs/${made.id}/approve/`);
    expect(approved.body).toMatchObject({ status: 1, status_text: '已发布' });
    // the author was told both outcomes, the rejection with its reason
    const told = (await author.get('/api/notifications/')).body.results as { kind: string; body: string }[];
    expect(told.map((n) => n.kind)).toEqual(['blog_approved', 'blog_rejected']);
    expect(told[1].body).toContain('请补充代码示例');
    const read = await new Client(server.base).get(`/api/blogs/${made.id}/`);
    expect(read.status).toBe(200);
    expect(read.body.content).toContain('console.log(1)');
    expect((await server.app.db.query<{ n: number }>("SELECT count(*)::int AS n FROM blogs WHERE id = $1 AND title_vector <> ''::tsvector", [made.id]))[0].n).toBe(1);
  });

  test('editing a published post keeps the published text public until the edit is submitted and approved', async () => {
    const made = await create({ title: '已发布的', content: BODY });
    await author.post(`/api/blogs/${made.id}/submit/`);
    await reviewer.post(`/api/staff/blogs/${made.id}/approve/`);
    const saved = await author.patch(`/api/blogs/${made.id}/`, { version: 1, content: `${BODY}（修改中）` });
    expect(saved.body).toMatchObject({ status: 1, unsubmitted_changes: true });
    expect((await new Client(server.base).get(`/api/blogs/${made.id}/`)).body.content).toBe(BODY);
  });

  test('XSS vectors are stored exactly as written', async () => {
    const made = await create({ title: '<script>alert(0)</script>标题', content: `${BODY}\n${XSS}` });
    const read = await author.get(`/api/my-blogs/${made.id}/`);
    expect(read.body.draft.content).toBe(`${BODY}\n${XSS}`);
    expect(read.body.draft.title).toBe('<script>alert(0)</script>标题');
    await author.post(`/api/blogs/${made.id}/submit/`);
    await reviewer.post(`/api/staff/blogs/${made.id}/approve/`);
    expect((await new Client(server.base).get(`/api/blogs/${made.id}/`)).body.content).toBe(`${BODY}\n${XSS}`);
  });

  test('my posts: states, views, comments, attachment earnings; filters; delete', async () => {
    const made = await create({ title: '收入', content: BODY });
    const db = server.app.db;
    const [file] = await db.query<{ id: number }>(
      "INSERT INTO content_files (storage_key, original_name, ext, mime, size, sha256) VALUES ($1, 'a.pdf', 'pdf', 'application/pdf', 10, $2) RETURNING id",
      [`test/${made.id}`, 'a'.repeat(64)],
    );
    const [appendix] = await db.query<{ id: number }>(
      "INSERT INTO blog_appendices (blogs_id, file_id, uploader_id, name, price) VALUES ($1, $2, $3, '资料', 300) RETURNING id",
      [made.id, file.id, authorId],
    );
    for (const kind of ['paid', 'paid', 'free']) {
      await db.query('INSERT INTO download_records (user_id, appendix_id, file_id, kind, counted) VALUES ($1, $2, $3, $4, false)', [authorId, appendix.id, file.id, kind]);
    }
    const list = await author.get('/api/my-blogs/?status=draft');
    expect(list.body.results.find((b: { id: number }) => b.id === made.id)).toMatchObject({ appendix_count: 1, appendix_income: 600, views: 0, comment_count: 0, status: 0 });
    expect((await author.get('/api/my-blogs/?status=bogus')).status).toBe(400);
    expect((await author.delete(`/api/blogs/${made.id}/`)).status).toBe(204);
    expectErrorBody(await author.get(`/api/my-blogs/${made.id}/`), 404, 'not_found');
    expectErrorBody(await author.delete(`/api/blogs/${made.id}/`), 404, 'not_found');
    expect((await db.query('SELECT 1 FROM content_files WHERE id = $1', [file.id])).length).toBe(0);
  });
});
