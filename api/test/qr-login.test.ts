import { inflateSync } from 'node:zlib';
import { WebSocket } from 'ws';
import { loadQrOAuthConfig } from '../src/infra/oauth/config';
import { QR_SOCKET_MAX_OPEN_PER_ADDRESS } from '../src/modules/accounts/qr-socket';
import { accountOptions, Client, encryptPassword, FORGED_HOST, newPhone, PASSWORD, rawRequest, registeredClient, smsCode, testClock } from './accounts-helpers';
import { qrPng } from '../src/modules/accounts/qr-image';
import { engines, expectErrorBody, startServer, useEngine, type TestServer } from './helpers';

const QR = { device: 'PC', platform: 3, login_type: 4 };

/** A logged-in session of the product's app (platform android). */
async function appClient(base: string): Promise<{ client: Client; uid: number; mobile: string }> {
  const client = new Client(base);
  const mobile = newPhone();
  const code = await smsCode(client, mobile, 'REGISTER');
  const res = await client.post('/api/users/', { username: mobile, password: await encryptPassword(base, PASSWORD), code, platform: 'android' });
  if (res.status !== 201) throw new Error(`register failed: ${res.status}`);
  return { client, uid: res.body.uid, mobile };
}

/** The PNG's width and whether it holds both dark and light pixels (1-bit greyscale, filter 0). */
function readPng(buffer: Buffer): { width: number; dark: number; light: number } {
  expect(buffer.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const width = buffer.readUInt32BE(16);
  const chunks: Buffer[] = [];
  for (let at = 8; at < buffer.length; ) {
    const length = buffer.readUInt32BE(at);
    if (buffer.toString('latin1', at + 4, at + 8) === 'IDAT') chunks.push(buffer.subarray(at + 8, at + 8 + length));
    at += length + 12;
  }
  const raw = inflateSync(Buffer.concat(chunks));
  let dark = 0;
  let light = 0;
  const rowBytes = Math.ceil(width / 8);
  for (let y = 0; y < width; y++) {
    for (let x = 0; x < width; x++) {
      if (raw[y * (rowBytes + 1) + 1 + (x >> 3)] & (0x80 >> (x & 7))) light++;
      else dark++;
    }
  }
  return { width, dark, light };
}

/** Opens the login-QR socket, says hello, and collects what the server sends until it closes. */
function openSocket(base: string, token: string, hello: unknown = { type: 'LOGIN_QRCODE', token }) {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/api/ws/login-qrcode/?token=${token}`);
  const messages: string[] = [];
  const opened = new Promise<void>((resolve, reject) => {
    ws.on('open', () => {
      ws.send(JSON.stringify(hello));
      resolve();
    });
    ws.on('error', reject);
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code: number) => resolve(code)));
  ws.on('message', (data: Buffer) => messages.push(data.toString()));
  const next = async (count: number) => {
    for (let i = 0; i < 100 && messages.length < count; i++) await new Promise((r) => setTimeout(r, 20));
    return messages.slice(0, count);
  };
  return { ws, messages, opened, closed, next };
}

describe.each(engines())('QR login on %s', (engine) => {
  const db = useEngine(engine, __filename);
  const clock = testClock();
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ ...accountOptions(db.options(), { clock }), qrOAuth: loadQrOAuthConfig({ NODE_ENV: 'test' }) });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function newCode(browser: Client, type = 'login') {
    const res = await browser.post('/api/qrcode/', { type, ...QR });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'update', expire_time: 100 });
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{20,64}$/);
    return res.body.token as string;
  }

  test('a code, its PNG, the app confirms, the socket says ok, the status call logs the browser in (login_type 4)', async () => {
    const browser = new Client(server.base);
    const token = await newCode(browser);
    const image = await fetch(`${server.base}/api/qrcode/?type=login&token=${token}&action=make`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    const png = readPng(Buffer.from(await image.arrayBuffer()));
    expect(png.width).toBeGreaterThan(150);
    expect(png.dark).toBeGreaterThan(png.width * 4);
    expect(png.light).toBeGreaterThan(png.width * 4);

    const socket = openSocket(server.base, token);
    await socket.opened;
    const before = await browser.post('/api/qrcode/', { type: 'login', token, ...QR });
    expect(before.body).toMatchObject({ status: 'update', token, scanned: false });
    expect(before.body.user).toBeUndefined();
    expect((await browser.get('/api/users/0/')).status).toBe(403);

    const app = await appClient(server.base);
    expect((await app.client.post('/api/qrcode/scan/', { token })).body).toMatchObject({ status: 'scanned' });
    expect(await socket.next(1)).toEqual(['scanned']);
    expect((await browser.post('/api/qrcode/', { type: 'login', token, ...QR })).body).toMatchObject({ status: 'update', scanned: true });
    expect((await app.client.post('/api/qrcode/confirm/', { token })).body).toMatchObject({ status: 'confirmed' });
    expect(await socket.next(2)).toEqual(['scanned', 'ok']);
    socket.ws.close();

    const after = await browser.post('/api/qrcode/', { type: 'login', token, ...QR });
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ status: 'ok', token, user: { uid: app.uid, is_active: 1 } });
    expect((await browser.get('/api/users/0/')).body.uid).toBe(app.uid);
    const history = await browser.get('/api/login-history/');
    expect(history.body.results[0]).toMatchObject({ login_type: 4 });
    const devices = await app.client.get('/api/login-devices/');
    expect(devices.body.results.length).toBe(2); // the app and the browser it let in

    // one use: asking again (or from the app's own session) gets nothing
    expectErrorBody(await browser.post('/api/qrcode/', { type: 'login', token, ...QR }), 400, 'qrcode_invalid');
    expectErrorBody(await app.client.post('/api/qrcode/confirm/', { token }), 400, 'qrcode_invalid');
  });

  test('session fixation: the browser gets a new session id; its earlier session is gone', async () => {
    const earlier = await registeredClient(server.base);
    const browser = earlier.client;
    const oldSession = browser.cookies.get('sessionid');
    const token = await newCode(browser);
    const app = await appClient(server.base);
    await app.client.post('/api/qrcode/confirm/', { token });
    const ok = await browser.post('/api/qrcode/', { type: 'login', token, ...QR });
    expect(ok.body.user.uid).toBe(app.uid);
    expect(browser.cookies.get('sessionid')).toBeDefined();
    expect(browser.cookies.get('sessionid')).not.toBe(oldSession);
    const stale = new Client(server.base);
    stale.cookies.set('sessionid', oldSession as string);
    expect((await stale.get('/api/users/0/')).status).toBe(403);
  });

  test('only the browser that asked may claim; a copied token claims nothing', async () => {
    const browser = new Client(server.base);
    const token = await newCode(browser);
    const app = await appClient(server.base);
    await app.client.post('/api/qrcode/confirm/', { token });
    const thief = new Client(server.base);
    expectErrorBody(await thief.post('/api/qrcode/', { type: 'login', token, ...QR }), 400, 'qrcode_invalid');
    expect(thief.cookies.get('sessionid')).toBeUndefined();
    expect((await browser.post('/api/qrcode/', { type: 'login', token, ...QR })).body.status).toBe('ok');
  });

  test('confirm needs a logged-in, active app session; another account cannot take a scanned code', async () => {
    const browser = new Client(server.base);
    const token = await newCode(browser);
    const anonymous = new Client(server.base);
    const refused = await anonymous.post('/api/qrcode/confirm/', { token });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('未登录');
    const web = await registeredClient(server.base); // a web session (platform 3), not the app
    expectErrorBody(await web.client.post('/api/qrcode/confirm/', { token }), 403, 'qrcode_app_only');

    const first = await appClient(server.base);
    const second = await appClient(server.base);
    await first.client.post('/api/qrcode/scan/', { token });
    expectErrorBody(await second.client.post('/api/qrcode/confirm/', { token }), 409, 'qrcode_taken');
    expect((await first.client.post('/api/qrcode/confirm/', { token })).status).toBe(200);
    expectErrorBody(await second.client.post('/api/qrcode/scan/', { token }), 409, 'qrcode_used');
    expect((await browser.post('/api/qrcode/', { type: 'login', token, ...QR })).body.user.uid).toBe(first.uid);
  });

  test('expiry: after 100 s the code can be neither drawn, scanned nor claimed', async () => {
    const browser = new Client(server.base);
    const token = await newCode(browser);
    const app = await appClient(server.base);
    clock.advance(99_000);
    expect((await browser.post('/api/qrcode/', { type: 'login', token, ...QR })).body).toMatchObject({ status: 'update', expire_time: 1 });
    clock.advance(1_500);
    expectErrorBody(await browser.post('/api/qrcode/', { type: 'login', token, ...QR }), 400, 'qrcode_expired');
    expectErrorBody(await app.client.post('/api/qrcode/confirm/', { token }), 400, 'qrcode_expired');
    expectErrorBody(await browser.get(`/api/qrcode/?type=login&token=${token}&action=make`), 400, 'qrcode_expired');
    // a socket opened now is told at once
    const socket = openSocket(server.base, token);
    await socket.opened;
    expect(await socket.next(1)).toEqual(['expired']);
    expect(await socket.closed).toBe(4000);
  });

  test('a confirmed code must be claimed within a minute', async () => {
    const browser = new Client(server.base);
    const token = await newCode(browser);
    const app = await appClient(server.base);
    await app.client.post('/api/qrcode/confirm/', { token });
    clock.advance(61_000);
    expectErrorBody(await browser.post('/api/qrcode/', { type: 'login', token, ...QR }), 400, 'qrcode_expired');
    expect(browser.cookies.get('sessionid')).toBeUndefined();
  });

  test('the socket: a wrong hello is closed with 1008; an unknown path or bad token is refused', async () => {
    const browser = new Client(server.base);
    const token = await newCode(browser);
    const wrong = openSocket(server.base, token, { type: 'LOGIN_QRCODE', token: 'x'.repeat(32) });
    await wrong.opened;
    expect(await wrong.closed).toBe(1008);
    const notJson = openSocket(server.base, token, 'hello');
    await notJson.opened;
    expect(await notJson.closed).toBe(1008);
    for (const url of [`/api/ws/other/?token=${token}`, '/api/ws/login-qrcode/?token=short']) {
      const ws = new WebSocket(`${server.base.replace('http', 'ws')}${url}`);
      const status = await new Promise<number>((resolve) => ws.on('unexpected-response', (_req: unknown, res: { statusCode: number }) => resolve(res.statusCode)));
      expect([400, 404]).toContain(status);
    }
  });

  test('bad input answers Chinese 4xx', async () => {
    const browser = new Client(server.base);
    expectErrorBody(await browser.post('/api/qrcode/', { type: 'other', ...QR }), 400, 'invalid');
    expectErrorBody(await browser.post('/api/qrcode/', { type: 'login', token: '../../etc', ...QR }), 400, 'invalid');
    expectErrorBody(await browser.post('/api/qrcode/', { type: 'login', token: 'A'.repeat(32), ...QR }), 400, 'qrcode_invalid');
    expectErrorBody(await browser.get('/api/qrcode/?type=login&token=AAAAAAAAAAAAAAAAAAAAAAAA&action=show'), 400, 'invalid');
    expectErrorBody(await browser.get('/api/qrcode/?type=login&token=AAAAAAAAAAAAAAAAAAAAAAAA&action=make'), 400, 'qrcode_invalid');
    const login = await newCode(browser);
    // a login code is not an official-account code
    expectErrorBody(await browser.post('/api/qrcode/', { type: 'wxgzh_login', token: login, ...QR }), 400, 'qrcode_invalid');
  });

  test('the OpenAPI document lists the QR and third-party routes, not the dev-only simulator', async () => {
    const doc = (await new Client(server.base).get('/api/openapi.json')).body;
    expect(Object.keys(doc.paths['/api/qrcode/']).sort()).toEqual(['get', 'post']);
    expect(doc.paths['/api/qrcode/'].post.requestBody.content['application/json'].schema.properties.type.enum).toEqual(['login', 'wxgzh_login']);
    expect(Object.keys(doc.paths['/api/qrcode/scan/'])).toEqual(['post']);
    expect(Object.keys(doc.paths['/api/qrcode/confirm/'])).toEqual(['post']);
    expect(Object.keys(doc.paths['/api/login/{provider}/'])).toContain('get');
    expect(Object.keys(doc.paths['/api/login/{provider}/callback/'])).toContain('get');
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/dev/oauth') || p.startsWith('/api/dev/wxgzh'))).toEqual([]);
  });

  test('wxgzh_login: the official account confirms for a WeChat user, who is new and inactive (TRD_LOGIN_NO_MOBILE)', async () => {
    const browser = new Client(server.base);
    const token = await newCode(browser, 'wxgzh_login');
    const app = await appClient(server.base);
    // the product's app cannot confirm an official-account code
    expectErrorBody(await app.client.post('/api/qrcode/confirm/', { token }), 400, 'qrcode_invalid');
    const scan = await new Client(server.base).post('/api/dev/wxgzh/scan/', { token, person: `gzh-${newPhone()}` });
    expect(scan.body).toMatchObject({ status: 'confirmed', is_new: true });
    const ok = await browser.post('/api/qrcode/', { type: 'wxgzh_login', token, ...QR });
    expect(ok.body).toMatchObject({ status: 'ok', user: { uid: scan.body.uid, is_active: 0, inactive_reason: 'TRD_LOGIN_NO_MOBILE' } });
  });
});

/** Tries the login-QR socket from `address` (X-Forwarded-For, which a loopback proxy is trusted to set). */
function tryConnect(base: string, token: string, address: string): Promise<{ ws?: WebSocket; status: number; headers?: Record<string, unknown>; body?: string }> {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/api/ws/login-qrcode/?token=${token}`, { headers: { 'x-forwarded-for': address } });
  return new Promise((resolve, reject) => {
    ws.on('open', () => resolve({ ws, status: 101 }));
    ws.on('unexpected-response', (_req: unknown, res: NodeJS.ReadableStream & { statusCode: number; headers: Record<string, unknown> }) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body }));
    });
    ws.on('error', reject);
  });
}

async function closeAll(sockets: WebSocket[]): Promise<void> {
  await Promise.all(
    sockets.map((ws) => new Promise<void>((resolve) => (ws.readyState === 3 ? resolve() : (ws.once('close', () => resolve()), ws.close())))),
  );
}

describe.each(engines())('login-QR socket limits per client address on %s', (engine) => {
  const db = useEngine(engine, `${__filename}-socket-limits`);
  const clock = testClock();
  let open: TestServer;
  let rate: TestServer;
  beforeAll(async () => {
    const base = { ...accountOptions(db.options(), { clock }), qrOAuth: loadQrOAuthConfig({ NODE_ENV: 'test' }), trustProxy: 'loopback' };
    open = await startServer(base);
    rate = await startServer({ ...base, rateLimits: { ...base.rateLimits, 'qr-socket': [{ max: 3, windowMs: 60_000 }] } });
  });
  afterAll(async () => {
    await open?.close();
    await rate?.close();
  });

  async function tokens(server: TestServer, n: number): Promise<string[]> {
    const browser = new Client(server.base);
    const list: string[] = [];
    for (let i = 0; i < n; i++) list.push((await browser.post('/api/qrcode/', { type: 'login', ...QR })).body.token);
    return list;
  }

  test(`at most ${QR_SOCKET_MAX_OPEN_PER_ADDRESS} open sockets per address: the next upgrade is a 429; closing one frees its place`, async () => {
    // 5 sockets per code at most, so several codes
    const codes = await tokens(open, Math.ceil(QR_SOCKET_MAX_OPEN_PER_ADDRESS / 5) + 1);
    const sockets: WebSocket[] = [];
    for (let i = 0; i < QR_SOCKET_MAX_OPEN_PER_ADDRESS; i++) {
      const res = await tryConnect(open.base, codes[Math.floor(i / 5)], '198.51.100.7');
      expect(res.status).toBe(101);
      sockets.push(res.ws!);
    }
    const spare = codes[codes.length - 1];
    expect((await tryConnect(open.base, spare, '198.51.100.7')).status).toBe(429);
    // another address is not affected
    const other = await tryConnect(open.base, spare, '198.51.100.8');
    expect(other.status).toBe(101);
    await closeAll([other.ws!, sockets.pop()!]);
    let again = await tryConnect(open.base, spare, '198.51.100.7');
    for (let i = 0; i < 50 && again.status === 429; i++) {
      await new Promise((r) => setTimeout(r, 20)); // the server sees the close a moment later
      again = await tryConnect(open.base, spare, '198.51.100.7');
    }
    expect(again.status).toBe(101);
    await closeAll([...sockets, again.ws!]);
  });

  test('new sockets per address and minute (group qr-socket): 429 with Retry-After and a Chinese body; the next minute lifts it', async () => {
    const [token] = await tokens(rate, 1);
    for (let i = 0; i < 3; i++) {
      const res = await tryConnect(rate.base, token, '203.0.113.9');
      expect(res.status).toBe(101);
      await closeAll([res.ws!]);
    }
    const refused = await tryConnect(rate.base, token, '203.0.113.9');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers?.['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(refused.body!)).toMatchObject({ code: 'throttled', message: '请求过于频繁，请稍后再试' });
    // without a trusted proxy the header would not count: here the loopback proxy is trusted, so another address is another budget
    expect((await tryConnect(rate.base, token, '203.0.113.10')).status).toBe(101);
    clock.advance(60_000);
    const next = await tryConnect(rate.base, token, '203.0.113.9');
    expect(next.status).toBe(101);
    await closeAll([next.ws!]);
  });
});

describe.each(engines())('the login QR link on the configured origin only on %s', (engine) => {
  const db = useEngine(engine, `${__filename}-origin`);
  let configured: TestServer;
  let unset: TestServer;
  beforeAll(async () => {
    // trustProxy: Fastify would believe X-Forwarded-Host and -Proto from this (loopback) client
    const base = { ...accountOptions(db.options(), { clock: testClock() }), trustProxy: 'loopback' };
    configured = await startServer({ ...base, qrOAuth: loadQrOAuthConfig({ NODE_ENV: 'test', SITE_ORIGIN: 'https://docs.example.com' }) });
    unset = await startServer({ ...base, qrOAuth: loadQrOAuthConfig({ NODE_ENV: 'test' }) });
  });
  afterAll(async () => {
    await configured?.close();
    await unset?.close();
  });

  test.each([
    ['SITE_ORIGIN', () => configured, () => 'https://docs.example.com'],
    ['unset: the listening address', () => unset, () => unset.base],
  ])('%s: a forged Host and X-Forwarded-Host do not move the PNG\'s link', async (_, server, origin) => {
    const browser = new Client(server().base);
    const token = (await browser.post('/api/qrcode/', { type: 'login', ...QR })).body.token as string;
    const image = await rawRequest(server().base, 'GET', `/api/qrcode/?type=login&token=${token}&action=make`, { ...FORGED_HOST, cookie: browser.cookieHeader() });
    expect(image.status).toBe(200);
    const link = (host: string) => `${host}/app/site/qrcode?${new URLSearchParams({ type: 'login', token })}`;
    expect(image.body.equals(qrPng(link(origin())))).toBe(true);
    expect(image.body.equals(qrPng(link('https://evil.example')))).toBe(false);
  });
});
