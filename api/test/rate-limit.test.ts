import { loadConfig } from '../src/core/config';
import {
  memoryRateLimitStore,
  RATE_LIMIT_GROUPS,
  redisRateLimitStore,
  type Limit,
  type RateLimitGroup,
  type RateLimitStore,
} from '../src/infra/security/rate-limit';
import { accountOptions, Client, newPhone } from './accounts-helpers';
import { engines, expectErrorBody, isChinese, startServer, useEngine, type TestServer } from './helpers';
import { freePort, storeKinds, uniqueRedisPrefix, useRedis } from './redis-helpers';
import { engineStorePairs, useStoreServer } from './rate-limit-helpers';

const MINUTE = 60_000;

describe.each(storeKinds())('rate-limit store: %s', (kind) => {
  const redis = useRedis(kind);
  let store: RateLimitStore;
  beforeAll(() => {
    store = kind === 'memory' ? memoryRateLimitStore() : redisRateLimitStore(redis.client(), uniqueRedisPrefix());
  });
  afterAll(async () => {
    await store?.close();
  });

  test('counts hits per key in fixed windows and tells when the window ends', async () => {
    const t0 = 1_700_000_000_000 - (1_700_000_000_000 % MINUTE) + 10_000; // 10 s into a minute
    expect(await store.peek('k', MINUTE, t0)).toEqual({ count: 0, resetMs: 50_000 });
    expect(await store.hit('k', MINUTE, t0)).toEqual({ count: 1, resetMs: 50_000 });
    expect(await store.hit('k', MINUTE, t0 + 1000)).toEqual({ count: 2, resetMs: 49_000 });
    expect((await store.hit('other', MINUTE, t0)).count).toBe(1);
    expect((await store.peek('k', MINUTE, t0 + 2000)).count).toBe(2);
    // the next window starts over; another window length is another counter
    expect(await store.hit('k', MINUTE, t0 + 50_000)).toEqual({ count: 1, resetMs: MINUTE });
    expect((await store.hit('k', 10 * MINUTE, t0)).count).toBe(1);
  });

  test('parallel hits are all counted', async () => {
    const t = 1_800_000_000_000;
    await Promise.all(Array.from({ length: 50 }, () => store.hit('burst', MINUTE, t)));
    expect((await store.peek('burst', MINUTE, t)).count).toBe(50);
  });
});

/**
 * Every route of the accounts half, with a request each that passes validation or fails it (both are counted), and
 * how many go through in a window at the test's limits (default: 3 for a GET, in group read; 1 otherwise).
 */
const ROUTES: [string, string, unknown?, number?][] = [
  ['GET', '/api/public-key/'],
  ['POST', '/api/codes/', { mobile: '13800000000', reason: 'LOGIN' }],
  ['POST', '/api/token/', { username: '13800000000', login_type: 3 }],
  ['POST', '/api/login-code/', {}],
  ['POST', '/api/wxminiapp-login/', {}],
  ['POST', '/api/logout/', {}],
  ['POST', '/api/users/', {}],
  ['GET', '/api/users/0/'],
  ['PATCH', '/api/users/0/', {}],
  ['POST', '/api/users-activate/', {}],
  ['POST', '/api/users-delete/', {}],
  ['POST', '/api/mobile/check/', {}],
  ['POST', '/api/change-mobile/', {}],
  ['POST', '/api/email-verify/', {}],
  ['POST', '/api/email-change/', {}],
  ['GET', '/api/pwd_protection_question/'],
  ['POST', '/api/pwd_protection_answer/', {}],
  ['PUT', '/api/pwd_protection_answer/0/', {}],
  ['GET', '/api/trd-account-bind/'],
  ['POST', '/api/trd-account-bind/', {}],
  ['GET', '/api/login-history/'],
  ['GET', '/api/login-devices/'],
  ['DELETE', '/api/login-devices/1/'],
  ['GET', '/api/openapi.json'],
  ['POST', '/api/report_error/', { message: 'x' }],
  ['GET', '/api/app-version-detail/'],
  ['POST', '/api/trd-account-bind/qq/authorize/'],
  ['DELETE', '/api/trd-account-bind/qq/'],
  // QR and third-party login, the captcha check
  ['POST', '/api/qrcode/', { type: 'login' }],
  ['GET', '/api/qrcode/?type=login&token=AAAAAAAAAAAAAAAAAAAAAAAA&action=make'],
  ['POST', '/api/qrcode/scan/', {}],
  ['POST', '/api/qrcode/confirm/', {}],
  ['GET', '/api/login/qq/', undefined, 1],
  ['GET', '/api/login/qq/callback/?state=x&code=y', undefined, 1],
  ['POST', '/api/captcha/check/', {}],
];

describe.each(engineStorePairs())('rate limits on %s with %s counters', (engine, kind) => {
  const site = useStoreServer(engine, kind, __filename, () => {
    const one: Limit[] = [{ max: 1, windowMs: MINUTE }];
    const limits = Object.fromEntries(Object.keys(RATE_LIMIT_GROUPS).map((g) => [g, one])) as Record<RateLimitGroup, Limit[]>;
    limits.read = [{ max: 3, windowMs: MINUTE }];
    return { rateLimits: limits };
  });
  const clock = site.clock;

  test('over the limit: 429 with Retry-After and a Chinese message; the window passing lifts it', async () => {
    const client = new Client(site.server.base);
    for (let i = 0; i < 3; i += 1) expect((await client.get('/api/public-key/')).status).toBe(200);
    const over = await client.get('/api/public-key/');
    expectErrorBody(over, 429, 'throttled');
    expect(over.body.message).toBe('请求过于频繁，请稍后再试');
    expect(over.headers.get('retry-after')).toBe('59');
    expect(over.body.retry_after).toBe(59);
    // another group has its own budget
    expect((await client.post('/api/codes/', { mobile: newPhone(), reason: 'LOGIN' })).status).toBe(200);
    clock.advance(MINUTE);
    expect((await client.get('/api/public-key/')).status).toBe(200);
  });

  test('a solved-captcha token lets one request over the limit through, once', async () => {
    clock.advance(MINUTE);
    const client = new Client(site.server.base);
    for (let i = 0; i < 3; i += 1) await client.get('/api/login-history/');
    expectErrorBody(await client.get('/api/login-history/'), 429, 'throttled');
    const token = await site.server.app.captchaTokens.issue('127.0.0.1');
    // accepted: the request goes on (and answers what it answers without login)
    const retried = await client.get('/api/login-history/', { 'x-captcha-token': token });
    expectErrorBody(retried, 403, 'not_authenticated');
    expectErrorBody(await client.get('/api/login-history/', { 'x-captcha-token': token }), 429, 'throttled');
    expectErrorBody(await client.get('/api/login-history/', { 'x-captcha-token': 'made-up-token' }), 429, 'throttled');
    const fresh = await site.server.app.captchaTokens.issue('127.0.0.1');
    expect((await client.get('/api/login-history/', { 'x-captcha-token': fresh })).status).toBe(403);
    // under the limit a token is not spent
    clock.advance(MINUTE);
    const kept = await site.server.app.captchaTokens.issue('127.0.0.1');
    expect((await client.get('/api/public-key/', { 'x-captcha-token': kept })).status).toBe(200);
    expect(await site.server.app.captchaTokens.consume(kept, '127.0.0.1')).toBe(true);
  });

  test('every route is in a group: a second request within the window (limit 1) is refused', async () => {
    const client = new Client(site.server.base);
    for (const [method, path, body, allowed] of ROUTES) {
      clock.advance(MINUTE); // a new window for every route: routes of one group share its budget
      const send = () => client.request(method, path, body);
      for (let i = 0; i < (allowed ?? (method === 'GET' ? 3 : 1)); i += 1) {
        const res = await send();
        expect({ path, method, throttled: res.status === 429 }).toEqual({ path, method, throttled: false });
      }
      const res = await send();
      expect({ path, method, status: res.status }).toEqual({ path, method, status: 429 });
      expect(isChinese(res.body.message)).toBe(true);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  test('the SMS group caps codes per address across phones', async () => {
    clock.advance(MINUTE);
    const client = new Client(site.server.base);
    expect((await client.post('/api/codes/', { mobile: newPhone(), reason: 'LOGIN' })).status).toBe(200);
    const second = await client.post('/api/codes/', { mobile: newPhone(), reason: 'LOGIN' });
    expectErrorBody(second, 429, 'throttled');
  });
});

describe.each(engines())('the page renderer\'s reads on %s', (engine) => {
  const db = useEngine(engine, `${__filename}-page-render`);
  const TOKEN = 'render-token-for-the-tests-0123';
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({
      ...accountOptions(db.options()),
      accounts: { ...loadConfig({ NODE_ENV: 'test' }), renderToken: TOKEN },
      // the renderer reaches the API from this machine, with the visitor's address in X-Forwarded-For
      trustProxy: 'loopback',
      rateLimits: {
        read: [{ max: 3, windowMs: MINUTE }],
        'page-render': [{ max: 6, windowMs: MINUTE }],
        sms: [{ max: 1, windowMs: MINUTE }],
        default: [{ max: 1, windowMs: MINUTE }],
      },
    });
  });
  afterAll(async () => {
    await server?.close();
  });
  /** Requests of the renderer making pages for the visitor at `address` (or of the visitor itself, without a token). */
  const as = (address: string, token?: string) => {
    const client = new Client(server.base);
    client.headers = { 'x-forwarded-for': address, ...(token ? { 'x-site-render': token } : {}) };
    return client;
  };

  test('the renderer\'s reads for an address have their own budget, one per address', async () => {
    const visitor = as('203.0.113.21');
    for (let i = 0; i < 3; i += 1) expect((await visitor.get('/api/public-key/')).status).toBe(200);
    expectErrorBody(await visitor.get('/api/public-key/'), 429, 'throttled');
    // the same address's pages made by the renderer: six more reads (of read and default routes) go through
    const renderer = as('203.0.113.21', TOKEN);
    for (let i = 0; i < 3; i += 1) expect((await renderer.get('/api/public-key/')).status).toBe(200);
    for (let i = 0; i < 3; i += 1) expect((await renderer.get('/api/docs/?page=1&page_size=2')).status).toBe(200);
    const over = await renderer.get('/api/public-key/');
    expectErrorBody(over, 429, 'throttled');
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // another address has a budget of its own
    expect((await as('203.0.113.22', TOKEN).get('/api/public-key/')).status).toBe(200);
  });

  test('a token that is not the one, or one a character short, buys nothing: the visitor\'s own budget answers', async () => {
    // a fresh address whose own reads are spent, and whose page-render budget is untouched
    const visitor = as('203.0.113.24');
    for (let i = 0; i < 3; i += 1) expect((await visitor.get('/api/public-key/')).status).toBe(200);
    expectErrorBody(await as('203.0.113.24', 'render-token-for-the-tests-0124').get('/api/public-key/'), 429, 'throttled');
    expectErrorBody(await as('203.0.113.24', TOKEN.slice(0, -1)).get('/api/public-key/'), 429, 'throttled');
    expectErrorBody(await as('203.0.113.24', `${TOKEN}5`).get('/api/public-key/'), 429, 'throttled');
    // the right one would have gone through
    expect((await as('203.0.113.24', TOKEN).get('/api/public-key/')).status).toBe(200);
  });

  test('a write with the token is counted in its own group, as without it (sms, and default)', async () => {
    const renderer = as('203.0.113.23', TOKEN);
    expect((await renderer.post('/api/codes/', { mobile: newPhone(), reason: 'LOGIN' })).status).toBe(200);
    expectErrorBody(await renderer.post('/api/codes/', { mobile: newPhone(), reason: 'LOGIN' }), 429, 'throttled');
    expect((await renderer.post('/api/captcha/check/', {})).status).not.toBe(429);
    expectErrorBody(await renderer.post('/api/captcha/check/', {}), 429, 'throttled');
  });

  test('SITE_RENDER_TOKEN: unset is none; a short or non-ASCII one is refused in Chinese', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).renderToken).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test', SITE_RENDER_TOKEN: TOKEN }).renderToken).toBe(TOKEN);
    expect(() => loadConfig({ NODE_ENV: 'test', SITE_RENDER_TOKEN: 'short' })).toThrow('SITE_RENDER_TOKEN 至少 16 个字符');
    expect(() => loadConfig({ NODE_ENV: 'test', SITE_RENDER_TOKEN: '令牌令牌令牌令牌令牌令牌令牌令牌' })).toThrow('可见的 ASCII');
  });
});

describe.each(engines())('Redis away on %s', (engine) => {
  const db = useEngine(engine, `${__filename}-redis-away`);
  let server: TestServer;
  beforeAll(async () => {
    const port = await freePort(); // nothing listens there
    server = await startServer({
      ...accountOptions(db.options(), { limits: 'real' }),
      accounts: { ...loadConfig({ NODE_ENV: 'test' }), redisUrl: `redis://127.0.0.1:${port}` },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  test('requests go through (not a 5xx) while the counters cannot be reached', async () => {
    const res = await new Client(server.base).get('/api/public-key/');
    expect(res.status).toBe(200);
    expect((await new Client(server.base).post('/api/codes/', { mobile: newPhone(), reason: 'LOGIN' })).status).toBe(200);
  });
});

describe.each(engines())('default limits on %s', (engine) => {
  const db = useEngine(engine, `${__filename}-defaults`);
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(accountOptions(db.options(), { limits: 'real' }));
  });
  afterAll(async () => {
    await server?.close();
  });

  test('one address gets 5 SMS codes a minute, for any phones; the 6th is a 429 a captcha token lifts', async () => {
    const client = new Client(server.base);
    for (let i = 0; i < 5; i += 1) expect((await client.post('/api/codes/', { mobile: newPhone(), reason: 'LOGIN' })).status).toBe(200);
    expectErrorBody(await client.post('/api/codes/', { mobile: newPhone(), reason: 'LOGIN' }), 429, 'throttled');
    const token = await server.app.captchaTokens.issue('127.0.0.1');
    const lifted = await client.post('/api/codes/', { mobile: newPhone(), reason: 'LOGIN' }, { 'x-captcha-token': token });
    expect(lifted.status).toBe(200);
  });
});
