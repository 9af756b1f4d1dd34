import { Client, registeredClient } from './accounts-helpers';
import { contentServer, seededDocs, type DocFacts } from './content-helpers';
import { engines, expectErrorBody, useEngine, type TestServer } from './helpers';

describe.each(engines())('share links and document transfers on %s', (engine) => {
  const db = useEngine(engine, __filename);
  let server: TestServer;
  let docs: DocFacts[];
  let alice: Client;
  let bob: Client;
  let carol: Client;
  let aliceId: number;
  let bobId: number;
  beforeAll(async () => {
    server = await contentServer(db.options());
    docs = await seededDocs(server.app, 'd.status = 1', 4);
    const a = await registeredClient(server.base, { nickname: '爱丽丝' });
    const b = await registeredClient(server.base, { nickname: '鲍勃' });
    [alice, aliceId, bob, bobId] = [a.client, a.uid, b.client, b.uid];
    carol = (await registeredClient(server.base, { nickname: '卡罗尔' })).client;
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Opens a short address without following it. */
  const open = (path: string) => fetch(server.base + path, { redirect: 'manual' });

  test('a share link: made once per thing, opens counted, redirect only to our own page; lists are the owner\'s', async () => {
    const first = await alice.post('/api/user-share-link/', { type: 'docs', id: docs[0].id });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ type: 'docs', target: { id: docs[0].id, title: docs[0].title }, opens: 0, last_open_time: null });
    expect(first.body.url).toBe(`/api/s/${first.body.token}/`);
    const again = await alice.post('/api/user-share-link/', { type: 'docs', id: docs[0].id });
    expect(again.status).toBe(200);
    expect(again.body.token).toBe(first.body.token);

    for (let i = 0; i < 3; i++) {
      const res = await open(first.body.url);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(`/app/articles/docs/detail/${docs[0].id}`);
    }
    expect((await open('/api/s/AAAAAAAAAAAA/')).status).toBe(404);
    expect((await open('/api/s/..%2F..%2Fevil/')).status).toBe(400);

    const folder = (await alice.post('/api/collect-folder/', { name: '分享夹', is_public: true })).body.id as number;
    const shared = await alice.post('/api/user-share-link/', { type: 'folder', id: folder });
    expect(shared.status).toBe(201);
    expect((await open(shared.body.url)).headers.get('location')).toBe(`/app/user/collect/folder/${folder}`);

    const mine = await alice.get('/api/user-share-link/');
    expect(mine.body.count).toBe(2);
    expect(mine.body.results.map((l: { type: string; opens: number }) => [l.type, l.opens])).toEqual([['folder', 1], ['docs', 3]]);
    expect(mine.body.results[1].last_open_time).not.toBeNull();
    expect((await alice.get('/api/user-share-link/?type=docs')).body.count).toBe(1);
    expect((await bob.get('/api/user-share-link/')).body).toMatchObject({ count: 0, results: [] });
    expectErrorBody(await new Client(server.base).get('/api/user-share-link/'), 403, 'not_authenticated');
    expectErrorBody(await new Client(server.base).post('/api/user-share-link/', { type: 'docs', id: docs[0].id }), 403, 'not_authenticated');
  });

  test('only what anyone may see can be shared: a private folder or a hidden document is 404', async () => {
    const privateFolder = (await alice.post('/api/collect-folder/', { name: '私密夹' })).body.id as number;
    expectErrorBody(await bob.post('/api/user-share-link/', { type: 'folder', id: privateFolder }), 404, 'not_found');
    expectErrorBody(await alice.post('/api/user-share-link/', { type: 'folder', id: privateFolder }), 404, 'not_found');
    expectErrorBody(await bob.post('/api/user-share-link/', { type: 'docs', id: 99999999 }), 404, 'not_found');
    expectErrorBody(await bob.post('/api/user-share-link/', { type: 'users', id: 1 }), 400, 'invalid');
    const [blog] = await server.app.db.query<{ id: number }>('SELECT id FROM blogs WHERE status = 1 ORDER BY id LIMIT 1');
    const blogLink = await bob.post('/api/user-share-link/', { type: 'blogs', id: blog.id });
    expect(blogLink.status).toBe(201);
    expect((await open(blogLink.body.url)).headers.get('location')).toBe(`/app/articles/blogs/detail/${blog.id}`);
  });

  test('a transfer: offered by the uploader, seen by both only, accepted by the receiver, who becomes the uploader', async () => {
    const doc = docs[1];
    await server.app.db.query('UPDATE documents SET uploader_id = $1 WHERE id = $2', [aliceId, doc.id]);
    expectErrorBody(await bob.post('/api/docs-transfer/', { docs: doc.id, to_user: aliceId }), 404, 'not_found');
    expectErrorBody(await alice.post('/api/docs-transfer/', { docs: doc.id, to_user: aliceId }), 400, 'invalid');
    expectErrorBody(await alice.post('/api/docs-transfer/', { docs: doc.id, to_user: 99999999 }), 400, 'invalid');
    const sent = await alice.post('/api/docs-transfer/', { docs: doc.id, to_user: bobId, message: '<b>送你</b>' });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ status: 'pending', status_text: '待接收', direction: 'sent', message: '送你', docs: { id: doc.id }, to_user: { uid: bobId, nickname: '鲍勃' } });
    expectErrorBody(await alice.post('/api/docs-transfer/', { docs: doc.id, to_user: bobId }), 409, 'conflict');

    expect((await bob.get('/api/docs-transfer/?box=received')).body.results[0]).toMatchObject({ id: sent.body.id, direction: 'received' });
    expect((await bob.get('/api/docs-transfer/?box=sent')).body.count).toBe(0);
    expect((await carol.get('/api/docs-transfer/')).body.count).toBe(0);
    expectErrorBody(await carol.post(`/api/docs-transfer/${sent.body.id}/accept/`), 404, 'not_found');
    expectErrorBody(await carol.post(`/api/docs-transfer/${sent.body.id}/cancel/`), 404, 'not_found');
    expectErrorBody(await alice.post(`/api/docs-transfer/${sent.body.id}/accept/`), 403, 'permission_denied');
    expectErrorBody(await bob.post(`/api/docs-transfer/${sent.body.id}/cancel/`), 403, 'permission_denied');

    const accepted = await bob.post(`/api/docs-transfer/${sent.body.id}/accept/`);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'accepted', status_text: '已接收', direction: 'received' });
    expect(accepted.body.decide_time).not.toBeNull();
    const [row] = await server.app.db.query<{ uploader_id: number }>('SELECT uploader_id FROM documents WHERE id = $1', [doc.id]);
    expect(Number(row.uploader_id)).toBe(bobId);
    expect((await new Client(server.base).get(`/api/docs/${doc.id}/`)).body.uploader.uid).toBe(bobId);
    expectErrorBody(await bob.post(`/api/docs-transfer/${sent.body.id}/decline/`), 409, 'conflict');
    // the old owner no longer has it to offer
    expectErrorBody(await alice.post('/api/docs-transfer/', { docs: doc.id, to_user: bobId }), 404, 'not_found');
  });

  test('a transfer declined or cancelled leaves the document where it was', async () => {
    const doc = docs[2];
    await server.app.db.query('UPDATE documents SET uploader_id = $1 WHERE id = $2', [aliceId, doc.id]);
    const a = await alice.post('/api/docs-transfer/', { docs: doc.id, to_user: bobId });
    expect((await bob.post(`/api/docs-transfer/${a.body.id}/decline/`)).body.status).toBe('declined');
    const b = await alice.post('/api/docs-transfer/', { docs: doc.id, to_user: bobId });
    expect(b.status).toBe(201);
    expect((await alice.post(`/api/docs-transfer/${b.body.id}/cancel/`)).body).toMatchObject({ status: 'cancelled', status_text: '已撤回' });
    expectErrorBody(await bob.post(`/api/docs-transfer/${b.body.id}/accept/`), 409, 'conflict');
    const [row] = await server.app.db.query<{ uploader_id: number }>('SELECT uploader_id FROM documents WHERE id = $1', [doc.id]);
    expect(Number(row.uploader_id)).toBe(aliceId);
    const list = await alice.get('/api/docs-transfer/?box=sent');
    expect(list.body.results.slice(0, 2).map((t: { id: number }) => t.id)).toEqual([b.body.id, a.body.id]);
    expect((await alice.get('/api/docs-transfer/?status=cancelled')).body.count).toBe(1);
    expectErrorBody(await alice.get('/api/docs-transfer/?box=mine'), 400, 'invalid');
  });

  test('a file share: of my own document, downloads for anyone until it expires, counted; not of a paid one I only bought', async () => {
    const [own, paid] = [docs[3], (await seededDocs(server.app, 'd.status = 1 AND NOT d.is_free', 1))[0]];
    await server.app.db.query('UPDATE documents SET uploader_id = $1 WHERE id = $2', [aliceId, own.id]);
    expectErrorBody(await new Client(server.base).post('/api/user-share-file/', { docs: own.id }), 403, 'not_authenticated');
    expectErrorBody(await bob.post('/api/user-share-file/', { docs: own.id }), 404, 'not_found');
    expectErrorBody(await bob.post('/api/user-share-file/', { docs: paid.id }), 404, 'not_found');
    expectErrorBody(await alice.post('/api/user-share-file/', { docs: own.id, days: 31 }), 400, 'invalid');
    const made = await alice.post('/api/user-share-file/', { docs: own.id, days: 1 });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ docs: { id: own.id, title: own.title }, downloads: 0, expired: false });
    expect(made.body.url).toBe(`/api/user-share-file/${made.body.token}/`);

    const before = (await alice.get(`/api/docs/${own.id}/`)).body.downloads;
    const res = await fetch(server.base + made.body.url, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const location = res.headers.get('location')!;
    expect(location.startsWith(`/api/user-download-token/docs/${own.id}/?token=`)).toBe(true);
    const file = await fetch(server.base + location);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).length).toBe(Number(own.size));
    expect((await alice.get(`/api/docs/${own.id}/`)).body.downloads).toBe(before + 1);
    const [record] = await server.app.db.query<{ kind: string; share_user_id: number; counted: boolean }>(
      'SELECT kind, share_user_id, counted FROM download_records WHERE docs_id = $1 ORDER BY id DESC LIMIT 1',
      [own.id],
    );
    expect(record).toMatchObject({ kind: 'share', counted: false });
    expect(Number(record.share_user_id)).toBe(aliceId);

    expect((await alice.get('/api/user-share-file/')).body.results[0]).toMatchObject({ id: made.body.id, downloads: 1 });
    expect((await bob.get('/api/user-share-file/')).body.count).toBe(0);
    // a day later it has expired
    await server.app.db.query("UPDATE share_files SET expire_time = now() - interval '1 second' WHERE id = $1", [made.body.id]);
    expect((await fetch(server.base + made.body.url, { redirect: 'manual' })).status).toBe(404);
    expect((await alice.get('/api/user-share-file/')).body.results[0].expired).toBe(true);
  });
});
