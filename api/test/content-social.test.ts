import { Client, registeredClient } from './accounts-helpers';
import { contentServer, seededDocs, type DocFacts } from './content-helpers';
import { engines, expectErrorBody, useEngine, type TestServer } from './helpers';

describe.each(engines())('comments, favourites, history and complaints on %s', (engine) => {
  const db = useEngine(engine, __filename);
  let server: TestServer;
  let docs: DocFacts[];
  let alice: Client;
  let bob: Client;
  let aliceId: number;
  beforeAll(async () => {
    server = await contentServer(db.options());
    docs = await seededDocs(server.app, 'd.status = 1', 20);
    const a = await registeredClient(server.base, { nickname: '爱丽丝' });
    alice = a.client;
    aliceId = a.uid;
    bob = (await registeredClient(server.base, { nickname: '鲍勃' })).client;
  });
  afterAll(async () => {
    await server?.close();
  });

  test('comments: login to post, cleaned and limited, listed newest first, deleted only by their author', async () => {
    const doc = docs[0];
    const visitor = new Client(server.base);
    expectErrorBody(await visitor.post('/api/docs-comment/', { docs: doc.id, content: '好诗' }), 403, 'not_authenticated');

    const posted = await alice.post('/api/docs-comment/', { docs: doc.id, content: '  <b>好诗</b>，<script>alert(1)</script>反复读 a<b \u202e\u200b\n\n\n\n第二段 ' });
    expect(posted.status).toBe(201);
    expect(posted.body).toMatchObject({ uid: aliceId, uname: '爱丽丝', content: '好诗，alert(1)反复读 a＜b\n\n第二段', is_mine: true });

    expectErrorBody(await alice.post('/api/docs-comment/', { docs: doc.id, content: '<p> </p>' }), 400, 'invalid');
    const tooLong = await alice.post('/api/docs-comment/', { docs: doc.id, content: '长'.repeat(501) });
    expectErrorBody(tooLong, 400, 'invalid');
    expect(tooLong.body.errors.content).toEqual(['评论不能超过500个字']);
    expect((await alice.post('/api/docs-comment/', { docs: doc.id, content: '字'.repeat(500) })).status).toBe(201);
    expectErrorBody(await alice.post('/api/docs-comment/', { docs: 99999999, content: '好' }), 404, 'not_found');
    expectErrorBody(await alice.post('/api/docs-comment/', { docs: String(doc.id), content: '好' }), 400, 'invalid');
    expectErrorBody(await alice.post('/api/docs-comment/', { docs: doc.id }), 400, 'invalid');

    const list = await bob.get(`/api/docs-comment/?docs=${doc.id}`);
    expect(list.body.results[0]).toMatchObject({ content: '字'.repeat(500), is_mine: false, uname: '爱丽丝' });
    expect(list.body.results[1].id).toBe(posted.body.id);
    const countOnly = await visitor.get(`/api/docs-comment/?docs=${doc.id}&no_comment=1`);
    expect(countOnly.body).toEqual({ count: list.body.count, next: null, previous: null, results: [] });
    expect((await visitor.get(`/api/docs/${doc.id}/`)).body.comment_count).toBe(list.body.count);
    expectErrorBody(await visitor.get('/api/docs-comment/'), 400, 'invalid');

    expectErrorBody(await bob.delete(`/api/docs-comment/${posted.body.id}/`), 403, 'permission_denied');
    expect((await alice.delete(`/api/docs-comment/${posted.body.id}/`)).status).toBe(204);
    expectErrorBody(await alice.delete(`/api/docs-comment/${posted.body.id}/`), 404, 'not_found');
    expect((await visitor.get(`/api/docs-comment/?docs=${doc.id}&no_comment=true`)).body.count).toBe(list.body.count - 1);
  });

  test('unsafe methods of a logged-in session need the CSRF header', async () => {
    alice.csrf = false;
    try {
      expectErrorBody(await alice.post('/api/docs-comment/', { docs: docs[0].id, content: '好' }), 403, 'csrf_failed');
      expectErrorBody(await alice.post('/api/docs-collect/', { docs: docs[0].id }), 403, 'csrf_failed');
    } finally {
      alice.csrf = true;
    }
  });

  test('blog comments work the same way', async () => {
    const [blog] = await server.app.db.query<{ id: number }>('SELECT id FROM blogs WHERE status = 1 ORDER BY id LIMIT 1');
    const posted = await bob.post('/api/blogs-comment/', { blogs: blog.id, content: '写得好' });
    expect(posted.status).toBe(201);
    expect((await alice.get(`/api/blogs-comment/?blogs=${blog.id}`)).body.results[0]).toMatchObject({ id: posted.body.id, is_mine: false });
    expectErrorBody(await alice.delete(`/api/blogs-comment/${posted.body.id}/`), 403, 'permission_denied');
    // a blog comment is not a document comment
    expectErrorBody(await bob.delete(`/api/docs-comment/${posted.body.id}/`), 404, 'not_found');
    expect((await bob.delete(`/api/blogs-comment/${posted.body.id}/`)).status).toBe(204);
  });

  test('favourites: into the default folder or a chosen one, listed, shown on the detail, removed', async () => {
    const doc = docs[1];
    expectErrorBody(await new Client(server.base).post('/api/docs-collect/', { docs: doc.id }), 403, 'not_authenticated');
    const first = await alice.post('/api/docs-collect/', { docs: doc.id });
    expect(first.status).toBe(201);
    expect(first.body.docs.id).toBe(doc.id);
    const folders = await alice.get('/api/collect-folder/');
    expect(folders.body.results).toEqual([expect.objectContaining({ name: '默认收藏夹', is_default: true, item_count: 1, is_public: false })]);

    const reading = await alice.post('/api/collect-folder/', { name: '<i>唐诗</i>精选', is_public: true });
    expect(reading.status).toBe(201);
    expect(reading.body.name).toBe('唐诗精选');
    expectErrorBody(await alice.post('/api/collect-folder/', { name: '唐诗精选' }), 400, 'invalid');
    const moved = await alice.post('/api/docs-collect/', { docs: doc.id, folder: reading.body.id });
    expect(moved.status).toBe(200);
    expect(moved.body.folder).toBe(reading.body.id);

    const detail = await alice.get(`/api/docs/${doc.id}/`);
    expect(detail.body).toMatchObject({ is_collected: true, collect_count: 1 });
    expect((await alice.get(`/api/docs-collect/?folder=${reading.body.id}`)).body.results.map((i: { docs: { id: number } }) => i.docs.id)).toEqual([doc.id]);
    expect((await alice.get(`/api/docs-collect/?docs=${doc.id}`)).body.count).toBe(1);
    expect((await bob.get(`/api/docs-collect/?docs=${doc.id}`)).body.count).toBe(0);

    // someone else's folder: a public one can be seen, a private one is as if it did not exist
    expect((await bob.get(`/api/collect-folder/${reading.body.id}/`)).status).toBe(200);
    const privateOne = folders.body.results[0].id;
    expectErrorBody(await bob.get(`/api/collect-folder/${privateOne}/`), 404, 'not_found');
    expectErrorBody(await bob.get(`/api/docs-collect/?folder=${privateOne}`), 404, 'not_found');
    expectErrorBody(await bob.post('/api/docs-collect/', { docs: doc.id, folder: privateOne }), 404, 'not_found');
    expectErrorBody(await bob.patch(`/api/collect-folder/${reading.body.id}/`, { name: '偷改' }), 404, 'not_found');
    expect((await bob.get(`/api/collect-folder/?user=${aliceId}`)).body.results.map((f: { name: string }) => f.name)).toEqual(['唐诗精选']);

    expectErrorBody(await bob.delete(`/api/docs-collect/?docs=${doc.id}`), 404, 'not_found');
    expect((await alice.delete(`/api/docs-collect/?docs=${doc.id}`)).status).toBe(204);
    expect((await alice.get(`/api/docs/${doc.id}/`)).body).toMatchObject({ is_collected: false, collect_count: 0 });
    expectErrorBody(await alice.delete(`/api/collect-folder/${privateOne}/`), 409, 'conflict');
    expect((await alice.delete(`/api/collect-folder/${reading.body.id}/`)).status).toBe(204);
  });

  test('blog favourites', async () => {
    const [blog] = await server.app.db.query<{ id: number }>('SELECT id FROM blogs WHERE status = 1 ORDER BY id DESC LIMIT 1');
    const added = await bob.post('/api/blogs-collect/', { blogs: blog.id });
    expect(added.status).toBe(201);
    expect((await bob.get(`/api/blogs/${blog.id}/`)).body.is_collected).toBe(true);
    expect((await bob.delete(`/api/blogs-collect/${added.body.id}/`)).status).toBe(204);
    expectErrorBody(await bob.delete(`/api/blogs-collect/${added.body.id}/`), 404, 'not_found');
  });

  test('browsing history: each visit moves the item to the top; only the owner sees or deletes it', async () => {
    const { client } = await registeredClient(server.base);
    await client.get(`/api/docs/${docs[2].id}/`);
    await client.get(`/api/docs/${docs[3].id}/`);
    const [blog] = await server.app.db.query<{ id: number }>('SELECT id FROM blogs WHERE status = 1 ORDER BY id LIMIT 1');
    await client.get(`/api/blogs/${blog.id}/`);
    await client.get(`/api/docs/${docs[2].id}/`);
    const history = await client.get('/api/articles-browsing-history/');
    expect(history.body.results.map((h: { type: string; docs?: { id: number }; blogs?: { id: number } }) => h.docs?.id ?? h.blogs?.id)).toEqual([
      docs[2].id,
      blog.id,
      docs[3].id,
    ]);
    expect((await client.get('/api/articles-browsing-history/?type=blogs')).body.count).toBe(1);
    expectErrorBody(await new Client(server.base).get('/api/articles-browsing-history/'), 403, 'not_authenticated');
    const id = history.body.results[0].id;
    expectErrorBody(await bob.delete(`/api/articles-browsing-history/${id}/`), 404, 'not_found');
    expect((await client.delete(`/api/articles-browsing-history/${id}/`)).status).toBe(204);
    expect((await client.get('/api/articles-browsing-history/')).body.count).toBe(2);
  });

  test('complaints: filed once per item, listed by status, withdrawn by their author while pending', async () => {
    const doc = docs[4];
    expectErrorBody(await new Client(server.base).post('/api/articles-report/', { type: 'docs', id: doc.id, reason: 'infringement', content: '侵权' }), 403, 'not_authenticated');
    const filed = await alice.post('/api/articles-report/', {
      type: 'docs',
      id: doc.id,
      reason: 'infringement',
      content: '<a href="x">此文档</a>未经授权转载',
      contact: 'me@example.com',
    });
    expect(filed.status).toBe(201);
    expect(filed.body).toMatchObject({ type: 'docs', target: doc.id, content: '此文档未经授权转载', status: 0, status_text: '待处理', reason_text: '侵犯版权' });
    expectErrorBody(await alice.post('/api/articles-report/', { type: 'docs', id: doc.id, reason: 'other', content: '再投' }), 409, 'duplicate_report');
    expectErrorBody(await alice.post('/api/articles-report/', { type: 'docs', id: doc.id, reason: 'nope', content: '再投' }), 400, 'invalid');
    expectErrorBody(await alice.post('/api/articles-report/', { type: 'docs', id: 99999999, reason: 'other', content: '再投' }), 404, 'not_found');
    const tooLong = await alice.post('/api/articles-report/', { type: 'docs', id: docs[5].id, reason: 'other', content: '长'.repeat(1001) });
    expectErrorBody(tooLong, 400, 'invalid');

    expect((await alice.get('/api/articles-report/?status=0')).body.results.map((r: { id: number }) => r.id)).toEqual([filed.body.id]);
    expect((await alice.get('/api/articles-report/?status=2')).body.count).toBe(0);
    expectErrorBody(await alice.get('/api/articles-report/?status=9'), 400, 'invalid');
    expectErrorBody(await bob.get(`/api/articles-report/${filed.body.id}/`), 404, 'not_found');
    expectErrorBody(await bob.delete(`/api/articles-report/${filed.body.id}/`), 404, 'not_found');

    await server.app.db.query('UPDATE content_reports SET status = 1 WHERE id = $1', [filed.body.id]);
    expectErrorBody(await alice.delete(`/api/articles-report/${filed.body.id}/`), 409, 'report_in_progress');
    await server.app.db.query('UPDATE content_reports SET status = 0 WHERE id = $1', [filed.body.id]);
    expect((await alice.delete(`/api/articles-report/${filed.body.id}/`)).status).toBe(204);
    expect((await alice.get(`/api/articles-report/${filed.body.id}/`)).status).toBe(404);
  });
});
