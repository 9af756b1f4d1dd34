import { Client, registeredClient } from './accounts-helpers';
import { contentServer, seededDocs, type DocFacts } from './content-helpers';
import { engines, expectErrorBody, useEngine, type TestServer } from './helpers';

type Item = { id: number; type: string; docs?: { id: number }; blogs?: { id: number } };
const targetIds = (body: { results: Item[] }) => body.results.map((i) => i.docs?.id ?? i.blogs?.id);

describe.each(engines())('my library: folders, their items, history on %s', (engine) => {
  const db = useEngine(engine, __filename);
  let server: TestServer;
  let docs: DocFacts[];
  let blogId: number;
  let alice: Client;
  let bob: Client;
  beforeAll(async () => {
    server = await contentServer(db.options());
    docs = await seededDocs(server.app, 'd.status = 1', 6);
    [{ id: blogId }] = await server.app.db.query<{ id: number }>('SELECT id FROM blogs WHERE status = 1 ORDER BY id LIMIT 1');
    alice = (await registeredClient(server.base, { nickname: '爱丽丝' })).client;
    bob = (await registeredClient(server.base, { nickname: '鲍勃' })).client;
  });
  afterAll(async () => {
    await server?.close();
  });

  test("a folder's items: both kinds newest first; private: 404 to others; public: anyone sees only public items", async () => {
    const folder = (await alice.post('/api/collect-folder/', { name: '读书' })).body.id as number;
    await alice.post('/api/docs-collect/', { docs: docs[0].id, folder });
    await alice.post('/api/blogs-collect/', { blogs: blogId, folder });
    await alice.post('/api/docs-collect/', { docs: docs[1].id, folder });
    const mine = await alice.get(`/api/collect-folder/${folder}/items/`);
    expect(mine.status).toBe(200);
    expect(targetIds(mine.body)).toEqual([docs[1].id, blogId, docs[0].id]);
    expect(mine.body.results.map((i: Item) => i.type)).toEqual(['docs', 'blogs', 'docs']);
    expect(mine.body).toMatchObject({ count: 3, next: null, previous: null });
    expect((await alice.get(`/api/collect-folder/${folder}/items/?page_size=2`)).body.next).toContain('page=2');

    const visitor = new Client(server.base);
    expectErrorBody(await bob.get(`/api/collect-folder/${folder}/items/`), 404, 'not_found');
    expectErrorBody(await visitor.get(`/api/collect-folder/${folder}/items/`), 404, 'not_found');
    expectErrorBody(await bob.get('/api/collect-folder/99999999/items/'), 404, 'not_found');

    expect((await alice.patch(`/api/collect-folder/${folder}/`, { is_public: true, name: '公开书单' })).body).toMatchObject({ is_public: true, name: '公开书单' });
    expect(targetIds((await visitor.get(`/api/collect-folder/${folder}/items/`)).body)).toEqual([docs[1].id, blogId, docs[0].id]);
    // a document that is no longer public leaves the public page (its owner still sees it)
    await server.app.db.query('UPDATE documents SET status = 4 WHERE id = $1', [docs[1].id]);
    try {
      const seen = await bob.get(`/api/collect-folder/${folder}/items/`);
      expect(seen.body.count).toBe(2);
      expect(targetIds(seen.body)).toEqual([blogId, docs[0].id]);
      expect((await alice.get(`/api/collect-folder/${folder}/items/`)).body.count).toBe(3);
    } finally {
      await server.app.db.query('UPDATE documents SET status = 1 WHERE id = $1', [docs[1].id]);
    }
    await alice.patch(`/api/collect-folder/${folder}/`, { is_public: false });
    expectErrorBody(await bob.get(`/api/collect-folder/${folder}/items/`), 404, 'not_found');
  });

  test("deleting a folder: its items go with it (counts fall) or move to another of mine; never someone else's", async () => {
    const a = (await alice.post('/api/collect-folder/', { name: '甲' })).body.id as number;
    const b = (await alice.post('/api/collect-folder/', { name: '乙' })).body.id as number;
    const bobs = (await bob.post('/api/collect-folder/', { name: '鲍勃的' })).body.id as number;
    await alice.post('/api/docs-collect/', { docs: docs[2].id, folder: a });
    await alice.post('/api/blogs-collect/', { blogs: blogId, folder: a });
    const before = (await alice.get(`/api/docs/${docs[2].id}/`)).body.collect_count;

    expectErrorBody(await alice.delete(`/api/collect-folder/${a}/?items=move`), 400, 'invalid');
    expectErrorBody(await alice.delete(`/api/collect-folder/${a}/?items=move&move_to=${a}`), 400, 'invalid');
    expectErrorBody(await alice.delete(`/api/collect-folder/${a}/?items=move&move_to=${bobs}`), 400, 'invalid');
    expectErrorBody(await alice.delete(`/api/collect-folder/${a}/?items=keep`), 400, 'invalid');
    expectErrorBody(await bob.delete(`/api/collect-folder/${a}/?items=move&move_to=${bobs}`), 404, 'not_found');
    expect((await bob.get(`/api/collect-folder/${bobs}/items/`)).body.count).toBe(0);

    expect((await alice.delete(`/api/collect-folder/${a}/?items=move&move_to=${b}`)).status).toBe(204);
    // the blog came from the first test's folder (collecting again moves it and keeps its time), so it is the older one
    expect(targetIds((await alice.get(`/api/collect-folder/${b}/items/`)).body)).toEqual([docs[2].id, blogId]);
    expect((await alice.get(`/api/docs/${docs[2].id}/`)).body).toMatchObject({ is_collected: true, collect_count: before });
    expectErrorBody(await alice.get(`/api/collect-folder/${a}/`), 404, 'not_found');

    expect((await alice.delete(`/api/collect-folder/${b}/?items=delete`)).status).toBe(204);
    expect((await alice.get(`/api/docs/${docs[2].id}/`)).body).toMatchObject({ is_collected: false, collect_count: before - 1 });
    expect((await alice.get(`/api/docs-collect/?docs=${docs[2].id}`)).body.count).toBe(0);
  });

  test('history: clear all (or one kind) of mine only; a visitor is refused', async () => {
    const { client } = await registeredClient(server.base);
    await client.get(`/api/docs/${docs[3].id}/`);
    await client.get(`/api/docs/${docs[4].id}/`);
    await client.get(`/api/blogs/${blogId}/`);
    await bob.get(`/api/docs/${docs[3].id}/`);
    const bobsBefore = (await bob.get('/api/articles-browsing-history/')).body.count;
    expect(bobsBefore).toBeGreaterThan(0);

    expectErrorBody(await new Client(server.base).delete('/api/articles-browsing-history/'), 403, 'not_authenticated');
    expectErrorBody(await client.delete('/api/articles-browsing-history/?type=videos'), 400, 'invalid');
    const blogsGone = await client.delete('/api/articles-browsing-history/?type=blogs');
    expect(blogsGone.status).toBe(200);
    expect(blogsGone.body).toEqual({ deleted: 1 });
    expect((await client.get('/api/articles-browsing-history/')).body.count).toBe(2);
    expect((await client.delete('/api/articles-browsing-history/')).body).toEqual({ deleted: 2 });
    expect((await client.get('/api/articles-browsing-history/')).body).toMatchObject({ count: 0, results: [] });
    expect((await bob.get('/api/articles-browsing-history/')).body.count).toBe(bobsBefore);
  });
});
