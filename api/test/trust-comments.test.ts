import { Client, registeredClient, testClock } from './accounts-helpers';
import { contentServer, seededDocs } from './content-helpers';
import { engines, expectErrorBody, useEngine, type TestServer } from './helpers';

const ROUTES: [method: 'get' | 'post', path: string, body?: unknown][] = [
  ['get', '/api/staff/comments/'],
  ['post', '/api/staff/comments/1/hide/', { reason: '广告评论' }],
  ['post', '/api/staff/comments/1/show/', { reason: '误判，恢复' }],
];

describe.each(engines())('staff comment review (%s)', (engine) => {
  const db = useEngine(engine, __filename);
  const clock = testClock();
  let server: TestServer;
  let docsId: number;
  beforeAll(async () => {
    server = await contentServer(db.options(), clock);
    docsId = (await seededDocs(server.app, 'd.status = 1', 1))[0].id;
  });
  afterAll(async () => {
    await server?.close();
  });
  const grant = async (role: string) => {
    const made = await registeredClient(server.base);
    expect((await made.client.post('/api/dev/staff-role/', { mobile: made.mobile, role })).status).toBe(200);
    return made.client;
  };
  const commentCount = async (c: Client) => (await c.get(`/api/docs/${docsId}/`)).body.comment_count as number;
  const publicIds = async (c: Client) => (await c.get(`/api/docs-comment/?docs=${docsId}&page_size=100`)).body.results.map((r: { id: number }) => r.id);

  test('visitors, users and staff without the role are refused (403)', async () => {
    const { client: user } = await registeredClient(server.base);
    const finance = await grant('finance');
    for (const [method, path, body] of ROUTES) {
      for (const client of [new Client(server.base), user, finance]) {
        const res = method === 'get' ? await client.get(path) : await client.post(path, body);
        expect({ path, status: res.status }).toEqual({ path, status: 403 });
      }
      const res = method === 'get' ? await user.get(path) : await user.post(path, body);
      expect(res.body.code).toBe('staff_only');
    }
  });

  test('list, hide (count drops, author told, audited) and show again', async () => {
    const reviewer = await grant('reviewer');
    const support = await grant('support');
    const admin = await grant('admin');
    const { client: author, uid } = await registeredClient(server.base);
    const made = await author.post('/api/docs-comment/', { docs: docsId, content: '加微信领资料 xxx' });
    expect(made.status).toBe(201);
    const id = made.body.id as number;

    const list = await reviewer.get('/api/staff/comments/?status=shown&target=docs');
    expect(list.status).toBe(200);
    expect(list.body.results[0]).toMatchObject({ id, content: '加微信领资料 xxx', author: { uid }, target: { type: 'docs', id: docsId, title: expect.any(String) }, status: 'shown' });
    expect((await reviewer.get('/api/staff/comments/?target=blogs')).body.results.map((c: { id: number }) => c.id)).not.toContain(id);
    expect((await reviewer.get('/api/staff/comments/?status=nope')).status).toBe(400);
    expect((await reviewer.post(`/api/staff/comments/${id}/hide/`, { reason: 'x' })).status).toBe(400);
    expectErrorBody(await reviewer.post('/api/staff/comments/99999999/hide/', { reason: '广告评论' }), 404, 'not_found');

    const before = await commentCount(author);
    const hidden = await reviewer.post(`/api/staff/comments/${id}/hide/`, { reason: '广告评论' });
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({ id, status: 'hidden' });
    expect(await commentCount(author)).toBe(before - 1);
    expect(await publicIds(author)).not.toContain(id);
    expectErrorBody(await support.post(`/api/staff/comments/${id}/hide/`, { reason: '广告评论' }), 409, 'wrong_state');
    expect((await support.get('/api/staff/comments/?status=hidden')).body.results.map((c: { id: number }) => c.id)).toContain(id);
    const [note] = (await author.get('/api/notifications/')).body.results;
    expect(note).toMatchObject({ kind: 'comment_hidden', title: '评论已被隐藏' });
    expect(note.body).toContain('广告评论');

    const shown = await support.post(`/api/staff/comments/${id}/show/`, { reason: '误判，恢复' });
    expect(shown.body).toMatchObject({ id, status: 'shown' });
    expect(await commentCount(author)).toBe(before);
    expect(await publicIds(author)).toContain(id);
    expectErrorBody(await support.post(`/api/staff/comments/${id}/show/`, { reason: '误判，恢复' }), 409, 'wrong_state');
    const audit = (await admin.get(`/api/staff/audit/?target_type=comment&target_id=${id}`)).body.results;
    expect(audit.map((e: { action: string }) => e.action)).toEqual(['comment.show', 'comment.hide']);
    expect(audit[1]).toMatchObject({ reason: '广告评论', before: { status: 1 }, after: { status: 0 } });
  });
});
