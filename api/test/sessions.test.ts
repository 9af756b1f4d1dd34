import { loadConfig } from '../src/core/config';
import { accountOptions, Client, encryptPassword, newPhone, PASSWORD, passwordLogin, registeredClient, testClock, useAccountServer } from './accounts-helpers';
import { engines, expectErrorBody, startServer, useEngine, within, type TestServer } from './helpers';

describe.each(engines())('sessions on %s', (engine) => {
  const clock = testClock();
  const server = useAccountServer(engine, __filename, { clock });

  test('cookies: sessionid HttpOnly + SameSite=Lax, csrftoken readable; not Secure in test mode', async () => {
    const client = new Client(server.base);
    const mobile = newPhone();
    const code = await (async () => {
      await client.post('/api/codes/', { mobile, reason: 'LOGIN' });
      const res = await client.get(`/api/dev/outbox/?mobile=${mobile}`);
      return res.body.results[0].code as string;
    })();
    const res = await fetch(`${server.base}/api/login-code/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mobile, code }),
    });
    const cookies = res.headers.getSetCookie();
    const session = cookies.find((c) => c.startsWith('sessionid='))!;
    const csrf = cookies.find((c) => c.startsWith('csrftoken='))!;
    expect(session).toMatch(/; HttpOnly/);
    expect(session).toMatch(/; SameSite=Lax/);
    expect(session).toMatch(/; Path=\//);
    expect(session).not.toMatch(/Secure/);
    expect(csrf).not.toMatch(/HttpOnly/);
    expect(csrf).toMatch(/; SameSite=Lax/);
  });

  test('session fixation: a planted cookie never becomes a logged-in session; every login gets a new id', async () => {
    const { mobile } = await registeredClient(server.base);
    const victim = new Client(server.base);
    victim.cookies.set('sessionid', 'planted-by-attacker-0123456789');
    const first = await victim.post('/api/token/', {
      username: mobile,
      password: await encryptPassword(server.base, PASSWORD),
      login_type: 1,
    });
    expect(first.status).toBe(200);
    const id1 = victim.cookies.get('sessionid');
    expect(id1).toBeDefined();
    expect(id1).not.toBe('planted-by-attacker-0123456789');
    const planted = await fetch(`${server.base}/api/users/0/`, { headers: { cookie: 'sessionid=planted-by-attacker-0123456789' } });
    expect(planted.status).toBe(403);

    // an attacker's own valid session id planted in the victim's browser is replaced at login, and ends
    const attacker = await registeredClient(server.base);
    const attackerCookie = attacker.client.cookieHeader();
    const browser = new Client(server.base);
    for (const [k, v] of attacker.client.cookies) browser.cookies.set(k, v);
    const login = await browser.post('/api/token/', {
      username: mobile,
      password: await encryptPassword(server.base, PASSWORD),
      login_type: 1,
    });
    expect(login.status).toBe(200);
    expect(browser.cookies.get('sessionid')).not.toBe(attacker.client.cookies.get('sessionid'));
    expect(browser.cookies.get('csrftoken')).not.toBe(attacker.client.cookies.get('csrftoken'));
    const old = await fetch(`${server.base}/api/users/0/`, { headers: { cookie: attackerCookie } });
    expect(old.status).toBe(403);
    expect((await browser.get('/api/users/0/')).body.nickname).toBeDefined();

    // logging in again from the same browser: yet another id, the previous one dead
    const before = victim.cookieHeader();
    const again = await victim.post('/api/token/', {
      username: mobile,
      password: await encryptPassword(server.base, PASSWORD),
      login_type: 1,
    });
    expect(again.status).toBe(200);
    expect(victim.cookies.get('sessionid')).not.toBe(id1);
    expect((await fetch(`${server.base}/api/users/0/`, { headers: { cookie: before } })).status).toBe(403);
  });

  test('CSRF: unsafe methods of a logged-in session need X-CSRFToken = the csrftoken cookie', async () => {
    const { client } = await registeredClient(server.base);
    client.csrf = false;
    const missing = await client.patch('/api/users/0/', { intro: 'x' });
    expectErrorBody(missing, 403, 'csrf_failed');
    const wrong = await client.patch('/api/users/0/', { intro: 'x' }, { 'x-csrftoken': 'not-the-token' });
    expectErrorBody(wrong, 403, 'csrf_failed');
    const logout = await client.post('/api/logout/');
    expectErrorBody(logout, 403, 'csrf_failed');
    const del = await client.delete('/api/login-devices/1/');
    expectErrorBody(del, 403, 'csrf_failed');
    // reads need none, and the session is still alive
    expect((await client.get('/api/users/0/')).status).toBe(200);
    client.csrf = true;
    expect((await client.patch('/api/users/0/', { intro: 'ok' })).status).toBe(200);
    // a visitor's POST (no session) needs no token
    expect((await new Client(server.base).post('/api/codes/', { mobile: newPhone(), reason: 'LOGIN' })).status).toBe(200);
  });

  test('login devices: listed with the current one marked; revoking another ends it at once', async () => {
    const { client: a, mobile } = await registeredClient(server.base);
    const { client: b } = await passwordLogin(server.base, mobile);
    b.headers['user-agent'] = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)';
    const list = await a.get('/api/login-devices/');
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(2);
    const current = list.body.results.filter((d: { current: boolean }) => d.current);
    expect(current).toHaveLength(1);
    const other = list.body.results.find((d: { current: boolean }) => !d.current);
    expect(other).toMatchObject({ login_type: 1, platform: '3' });

    expect((await b.get('/api/users/0/')).status).toBe(200);
    const revoke = await a.delete(`/api/login-devices/${other.id}/`);
    expect(revoke.status).toBe(204);
    expectErrorBody(await b.get('/api/users/0/'), 403, 'not_authenticated');
    expectErrorBody(await b.patch('/api/users/0/', { intro: 'x' }), 403, 'not_authenticated');
    expect((await a.get('/api/login-devices/')).body.count).toBe(1);

    // someone else's session is not found; the current one may be ended too
    const stranger = await registeredClient(server.base);
    const strangerDevices = await stranger.client.get('/api/login-devices/');
    expectErrorBody(await a.delete(`/api/login-devices/${strangerDevices.body.results[0].id}/`), 404, 'device_not_found');
    expect((await stranger.client.get('/api/users/0/')).status).toBe(200);
    const mine = (await a.get('/api/login-devices/')).body.results[0].id;
    expect((await a.delete(`/api/login-devices/${mine}/`)).status).toBe(204);
    expect(a.cookies.has('sessionid')).toBe(false);
    expect((await a.get('/api/users/0/')).status).toBe(403);
  });

  test('login history: every login, ordered by -create_time (or create_time), paginated', async () => {
    const { client, mobile } = await registeredClient(server.base);
    for (let i = 0; i < 2; i += 1) {
      clock.advance(1000);
      expect((await passwordLogin(server.base, mobile)).answer.status).toBe(200);
    }
    const desc = await client.get('/api/login-history/?ordering=-create_time');
    expect(desc.status).toBe(200);
    expect(desc.body.count).toBe(3);
    const times = desc.body.results.map((r: { create_time: string }) => Date.parse(r.create_time));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    const asc = await client.get('/api/login-history/?ordering=create_time&page_size=1');
    expect(asc.body.results[0].create_time).toBe(desc.body.results[2].create_time);
    expect(asc.body.next).toBe('/api/login-history/?ordering=create_time&page_size=1&page=2');
    expectErrorBody(await client.get('/api/login-history/?ordering=ip'), 400, 'invalid');
    expectErrorBody(await new Client(server.base).get('/api/login-history/'), 403, 'not_authenticated');
  });

  test('a session expires after 30 days', async () => {
    const { client } = await registeredClient(server.base);
    clock.advance(29 * 24 * 3600 * 1000);
    expect((await client.get('/api/users/0/')).status).toBe(200);
    clock.advance(2 * 24 * 3600 * 1000);
    expect((await client.get('/api/users/0/')).status).toBe(403);
  });
});

describe.each(engines())('production mode on %s', (engine) => {
  const db = useEngine(engine, `${__filename}-production`);
  let server: TestServer;
  const saved = { WX_MP_PROVIDER: process.env.WX_MP_PROVIDER, DEV_OUTBOX: process.env.DEV_OUTBOX };
  beforeAll(async () => {
    // production with the simulators (as with DEV_OUTBOX=1 they are allowed) but without the dev route; the site
    // plugin reads its own provider choice from the environment
    Object.assign(process.env, { WX_MP_PROVIDER: 'simulator', DEV_OUTBOX: '1' });
    const accounts = { ...loadConfig({ NODE_ENV: 'test' }), mode: 'production' as const };
    server = await startServer({ ...accountOptions(db.options()), accounts });
  });
  afterAll(async () => {
    await server?.close();
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });

  test('cookies are Secure and the dev outbox route does not exist', async () => {
    const res = await fetch(`${server.base}/api/wxminiapp-login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'prod-user' }),
    });
    expect(res.status).toBe(200);
    for (const cookie of res.headers.getSetCookie()) expect(cookie).toMatch(/; Secure/);
    expectErrorBody(await new Client(server.base).get(`/api/dev/outbox/?mobile=${newPhone()}`), 404, 'not_found');
  });
});

// Several API processes on one PostgreSQL database (PGlite is one process by construction: its folder is locked)
if (engines().includes('postgres')) {
  describe('two API processes sharing PostgreSQL, both caching sessions', () => {
    const db = useEngine('postgres', `${__filename}-two`);
    let a: TestServer;
    let b: TestServer;
    beforeAll(async () => {
      a = await startServer(accountOptions(db.options()));
      b = await startServer(accountOptions(db.options()));
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
    });

    test('a session revoked or changed through one process is dropped by the other one\'s cache at once', async () => {
      const { client: onA, mobile } = await registeredClient(a.base);
      const onB = new Client(b.base);
      const second = await passwordLogin(a.base, mobile);
      for (const [k, v] of second.client.cookies) onB.cookies.set(k, v);
      expect((await onB.get('/api/users/0/')).status).toBe(200); // now cached in b

      expect((await onA.patch('/api/users/0/', { nickname: '改名了' })).status).toBe(200);
      await within(1000, async () => (await onB.get('/api/users/0/')).body.nickname === '改名了');

      const devices = await onA.get('/api/login-devices/');
      const other = devices.body.results.find((d: { current: boolean }) => !d.current);
      expect((await onA.delete(`/api/login-devices/${other.id}/`)).status).toBe(204);
      const took = await within(1000, async () => (await onB.get('/api/users/0/')).status === 403);
      expect(took).toBeLessThan(1000);
    });
  });
}
