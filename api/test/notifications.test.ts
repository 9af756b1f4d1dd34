import http from 'node:http';
import { Client, registeredClient } from './accounts-helpers';
import { accountOptions } from './accounts-helpers';
import { contentServer } from './content-helpers';
import { engines, expectErrorBody, startServer, useEngine, type TestServer } from './helpers';
import { notify } from '../src/modules/notifications';
import { sendCopies } from '../src/modules/notifications/services/copies';

/**
 * An open notification stream: the events so far, and a wait for one that matches. Over node:http without an
 * agent, as a browser tab holds its own connection (fetch's pool left a spare connection that held close() up).
 */
async function openStream(base: string, client: Client) {
  const req = http.get(`${base}/api/notifications/stream/`, { agent: false, headers: { cookie: client.cookieHeader() } });
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => req.on('response', resolve).on('error', reject));
  const events: any[] = [];
  const waiters: { test: (e: any) => boolean; resolve: (e: any) => void }[] = [];
  let buffer = '';
  res.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    let at: number;
    while ((at = buffer.indexOf('\n\n')) !== -1) {
      const data = buffer.slice(0, at).split('\n').find((l) => l.startsWith('data: '));
      buffer = buffer.slice(at + 2);
      if (!data) continue;
      const event = JSON.parse(data.slice(6));
      events.push(event);
      for (const w of waiters.filter((w) => w.test(event))) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(event);
      }
    }
  });
  res.on('error', () => undefined);
  const waitFor = (test: (e: any) => boolean, ms = 2000) =>
    new Promise<any>((resolve, reject) => {
      const seen = events.find(test);
      if (seen) return resolve(seen);
      const timer = setTimeout(() => reject(new Error(`no matching event within ${ms} ms: ${JSON.stringify(events)}`)), ms);
      waiters.push({ test, resolve: (e) => (clearTimeout(timer), resolve(e)) });
    });
  return { res, events, waitFor, close: () => req.destroy() };
}

describe.each(engines())('notifications on %s', (engine) => {
  const db = useEngine(engine, __filename);
  let server: TestServer;
  let alice: Client;
  let bob: Client;
  let aliceId: number;
  let bobId: number;
  let docId: number;
  beforeAll(async () => {
    server = await contentServer(db.options());
    const a = await registeredClient(server.base, { nickname: '爱丽丝' });
    const b = await registeredClient(server.base, { nickname: '鲍勃' });
    [alice, aliceId, bob, bobId] = [a.client, a.uid, b.client, b.uid];
    const [doc] = await server.app.db.query<{ id: number }>('SELECT id FROM documents WHERE status = 1 ORDER BY id LIMIT 1');
    docId = doc!.id;
    await server.app.db.query('UPDATE documents SET uploader_id = $1 WHERE id = $2', [aliceId, docId]);
  });
  afterAll(async () => {
    await server?.close();
  });

  test('a comment on my document becomes my notification; list, count, detail, read, read all, delete', async () => {
    expectErrorBody(await new Client(server.base).get('/api/notifications/'), 403, 'not_authenticated');
    expect((await bob.post('/api/docs-comment/', { docs: docId, content: '写得真好，学习了' })).status).toBe(201);
    expect((await bob.post('/api/docs-comment/', { docs: docId, content: '第二条' })).status).toBe(201);
    // my own comment on my own document tells me nothing
    expect((await alice.post('/api/docs-comment/', { docs: docId, content: '谢谢' })).status).toBe(201);

    expect((await alice.get('/api/notifications/unread_count/')).body).toEqual({ count: 2 });
    const list = await alice.get('/api/notifications/?page_size=1');
    expect(list.body).toMatchObject({ count: 2, previous: null });
    expect(list.body.next).toContain('page=2');
    const newest = list.body.results[0];
    expect(newest).toMatchObject({ kind: 'comment_on_my_doc', title: '文档收到新评论', is_read: false, link: { route: `articles/docs/comment/${docId}` } });
    expect(newest.body).toContain('鲍勃 评论了您的文档《');
    expect(newest.body).toContain('第二条');

    expect((await alice.get(`/api/notifications/${newest.id}/`)).body).toEqual(newest);
    const read = await alice.post(`/api/notifications/${newest.id}/read/`);
    expect(read.body).toMatchObject({ id: newest.id, is_read: true });
    expect((await alice.get('/api/notifications/unread_count/')).body).toEqual({ count: 1 });
    expect((await alice.get('/api/notifications/?unread=1')).body.count).toBe(1);
    expect((await alice.post('/api/notifications/read_all/')).body).toEqual({ count: 1, unread: 0 });
    expect((await alice.get('/api/notifications/?unread=true')).body.count).toBe(0);

    expect((await alice.delete(`/api/notifications/${newest.id}/`)).status).toBe(204);
    expectErrorBody(await alice.get(`/api/notifications/${newest.id}/`), 404, 'not_found');
    expect((await alice.get('/api/notifications/')).body.count).toBe(1);
    expectErrorBody(await alice.get('/api/notifications/0/'), 400, 'invalid');
  });

  test("another user's notification is not found, never shown, read or deleted", async () => {
    const [mine] = (await alice.get('/api/notifications/')).body.results;
    for (const answer of [
      await bob.get(`/api/notifications/${mine.id}/`),
      await bob.post(`/api/notifications/${mine.id}/read/`),
      await bob.delete(`/api/notifications/${mine.id}/`),
    ]) {
      expectErrorBody(answer, 404, 'not_found');
      expect(JSON.stringify(answer.body)).not.toContain(mine.body);
    }
    expect((await bob.get('/api/notifications/')).body.results.every((n: any) => n.id !== mine.id)).toBe(true);
    expect((await alice.get(`/api/notifications/${mine.id}/`)).status).toBe(200);
  });

  test('settings: which kinds also go by SMS or mail; a notification queues its copies', async () => {
    expect((await bob.get('/api/notifications/settings/')).body).toEqual({ sms: [], mail: [] });
    expect((await bob.put('/api/notifications/settings/', { sms: ['withdraw_paid'], mail: ['comment_on_my_blog', 'withdraw_paid'] })).body).toEqual({
      sms: ['withdraw_paid'],
      mail: ['comment_on_my_blog', 'withdraw_paid'],
    });
    expectErrorBody(await bob.put('/api/notifications/settings/', { sms: ['nope'], mail: [] }), 400, 'invalid');
    await server.app.db.transaction((tx) => notify(tx, bobId, { kind: 'withdraw_paid', withdrawId: 1, coins: 100, channel: 'alipay' }));
    const copies = await server.app.db.query<{ channel: string }>(
      'SELECT o.channel FROM notification_outbox o JOIN notifications n ON n.id = o.notification_id WHERE n.user_id = $1 ORDER BY o.channel',
      [bobId],
    );
    expect(copies.map((c) => c.channel)).toEqual(['mail', 'sms']);
    const [n] = (await bob.get('/api/notifications/')).body.results;
    expect(n).toMatchObject({ kind: 'withdraw_paid', title: '提现已到账', body: '您提现的 100 金币已打款到支付宝。' });
    // the mail copy goes to the address on the account (the mail simulator's outbox); the SMS copy is skipped
    await server.app.db.query('UPDATE users SET email = $2 WHERE id = $1', [bobId, 'bob@example.com']);
    expect(await sendCopies(server.app)).toBe(2);
    const mails = await server.app.db.query<{ subject: string; body: string }>("SELECT subject, body FROM dev_outbox WHERE recipient = 'bob@example.com'");
    expect(mails).toEqual([{ subject: '【知库文档】提现已到账', body: '您提现的 100 金币已打款到支付宝。' }]);
    const states = await server.app.db.query<{ channel: string; state: string }>('SELECT channel, state FROM notification_outbox ORDER BY channel');
    expect(states).toEqual([{ channel: 'mail', state: 'sent' }, { channel: 'sms', state: 'skipped' }]);
  });

  test('a notification written in a transaction that rolls back is gone, and nothing is pushed', async () => {
    const before = (await bob.get('/api/notifications/unread_count/')).body.count;
    await expect(
      server.app.db.transaction(async (tx) => {
        await notify(tx, bobId, { kind: 'doc_rejected', docId, title: '某文档', reason: '内容不完整' });
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    expect((await bob.get('/api/notifications/unread_count/')).body.count).toBe(before);
  });

  test('staff announcements: admin/support only, to everyone or a list, fanned out when people look', async () => {
    const staff = await registeredClient(server.base, { nickname: '客服' });
    const body = { title: '系统维护通知', body: '本周六凌晨 2 点到 4 点系统维护。', audience: 'all' };
    expectErrorBody(await staff.client.post('/api/staff/announcements/', body), 403, 'staff_only');
    await server.app.db.query(`INSERT INTO staff_roles (user_id, role) VALUES ($1, 'support')`, [staff.uid]);
    const sent = await staff.client.post('/api/staff/announcements/', body);
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ title: '系统维护通知', audience: 'all', users: [] });
    const toBob = await staff.client.post('/api/staff/announcements/', { title: '给鲍勃', body: '只给你', audience: 'users', users: [bobId] });
    expect(toBob.status).toBe(201);
    expectErrorBody(await staff.client.post('/api/staff/announcements/', { title: '空', body: '空', audience: 'users' }), 400, 'invalid');

    const aliceTitles = (await alice.get('/api/notifications/')).body.results.map((n: any) => n.title);
    expect(aliceTitles).toContain('系统维护通知');
    expect(aliceTitles).not.toContain('给鲍勃');
    const bobList = (await bob.get('/api/notifications/')).body.results;
    expect(bobList.slice(0, 2).map((n: any) => [n.kind, n.title])).toEqual([
      ['announcement', '给鲍勃'],
      ['announcement', '系统维护通知'],
    ]);
    // looking again writes nothing twice
    expect((await bob.get('/api/notifications/')).body.count).toBe(bobList.length);
  });

  test('the stream sends the count, then a new notification within 2 s of its event, from another API process too', async () => {
    // on PostgreSQL the stream is held by a second API process on the same database: NOTIFY carries the event over
    const second = engine === 'postgres' ? await startServer(accountOptions(db.options())) : server;
    const tabs = [await openStream(second.base, alice), await openStream(second.base, alice)];
    try {
      expect(tabs[0]!.res.headers['content-type']).toContain('text/event-stream');
      expect(tabs[0]!.res.headers['x-accel-buffering']).toBe('no');
      const first = await tabs[0]!.waitFor((e) => e.type === 'count');
      const started = Date.now();
      expect((await bob.post('/api/docs-comment/', { docs: docId, content: '实时到达' })).status).toBe(201);
      for (const tab of tabs) {
        const pushed = await tab.waitFor((e) => e.type === 'notification');
        expect(pushed.notification).toMatchObject({ kind: 'comment_on_my_doc' });
        expect(pushed.unread).toBe(first.unread + 1);
      }
      expect(Date.now() - started).toBeLessThan(2000);
      // read in one tab (through the first process): the other tabs' count falls
      await alice.post('/api/notifications/read_all/');
      for (const tab of tabs) await tab.waitFor((e) => e.type === 'count' && e.unread === 0);
    } finally {
      tabs.forEach((t) => t.close());
      if (second !== server) await second.close();
    }
  });

  test('the stream needs login', async () => {
    const res = await fetch(`${server.base}/api/notifications/stream/`);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: '未登录' });
  });
});
