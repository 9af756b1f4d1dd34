import type { Redis } from 'ioredis';
import { loadConfig, type AccountsConfig } from '../src/core/config';
import { memoryCaptchaTokenStore, redisCaptchaTokenStore, type CaptchaTokenStore } from '../src/infra/security/captcha-tokens';
import type { Limit, RateLimitGroup } from '../src/infra/security/rate-limit';
import { accountOptions, Client, generousLimits, testClock } from './accounts-helpers';
import { engines, expectErrorBody, startServer, useEngine, type TestServer } from './helpers';
import { freePort, storeKinds, uniqueRedisPrefix, useRedis } from './redis-helpers';
import { engineStorePairs, useStoreServer } from './rate-limit-helpers';

const MINUTE = 60_000;
/** The address the test servers see for requests from this process. */
const HERE = '127.0.0.1';

/**
 * Solves a rotate captcha through HTTP as `solver` (the issue and the answer come from its address); the dev route,
 * asked by `reader` (this machine), tells the answer. The token of POST /api/captcha/check/.
 */
async function solveCaptcha(solver: Client, reader: Client = solver): Promise<string> {
  const issued = await solver.post('/api/captcha/', { captchaType: 'rotate', clientUid: 'tokens-test' });
  expect(issued.body.repCode).toBe('0000');
  const secret = await reader.get(`/api/dev/captcha-answer/?id=${issued.body.captchaId}`);
  expect(secret.status).toBe(200);
  const checked = await solver.post('/api/captcha/check/', {
    captchaType: 'rotate',
    verify_value: String(secret.body.answer.angle),
    id: issued.body.captchaId,
  });
  expect(checked.status).toBe(200);
  expect(typeof checked.body.token).toBe('string');
  return checked.body.token;
}

describe.each(storeKinds())('captcha token store: %s', (kind) => {
  const redis = useRedis(kind);
  let store: CaptchaTokenStore;
  let client: Redis | undefined;
  let t = 1_700_000_000_000;
  beforeAll(() => {
    if (kind === 'redis') client = redis.client();
    store = client ? redisCaptchaTokenStore(client, uniqueRedisPrefix()) : memoryCaptchaTokenStore(() => t);
  });

  test('a token is accepted once; unknown and malformed ones never', async () => {
    const token = await store.issue(HERE);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(await store.consume(token, HERE)).toBe(true);
    expect(await store.consume(token, HERE)).toBe(false);
    expect(await store.consume('A'.repeat(32), HERE)).toBe(false);
    expect(await store.consume('', HERE)).toBe(false);
    expect(await store.consume('not a token at all', HERE)).toBe(false);
  });

  test("a token is bound to the address it was issued for: another address neither uses nor spends it", async () => {
    const token = await store.issue('203.0.113.1');
    expect(await store.consume(token, '203.0.113.2')).toBe(false);
    expect(await store.consume(token, '2001:db8::1')).toBe(false);
    expect(await store.consume(token, '203.0.113.1')).toBe(true);
    expect(await store.consume(token, '203.0.113.1')).toBe(false);
  });

  test('an expired token is refused', async () => {
    const token = await store.issue(HERE, 50);
    if (kind === 'memory') t += 51;
    else await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await store.consume(token, HERE)).toBe(false);
  });

  test('spent at once by many: exactly one wins', async () => {
    const token = await store.issue(HERE);
    const results = await Promise.all(Array.from({ length: 20 }, () => store.consume(token, HERE)));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  if (kind === 'redis') {
    test('Redis holds a hash of the token with its lifetime, never the token nor the address', async () => {
      const prefix = uniqueRedisPrefix();
      const own = redisCaptchaTokenStore(client!, prefix);
      const token = await own.issue('203.0.113.9', 60_000);
      const keys = await client!.keys(`${prefix}*`);
      expect(keys).toHaveLength(1);
      expect(keys[0]).not.toContain(token);
      expect(await client!.get(keys[0])).not.toContain('203.0.113.9');
      const ttl = await client!.pttl(keys[0]);
      expect(ttl).toBeGreaterThan(50_000);
      expect(ttl).toBeLessThanOrEqual(60_000);
    });
  }
});

/** Reads at 1 a minute (the second read within the minute needs a token); every other group generous. */
function oneReadAMinute(): Partial<Record<RateLimitGroup, Limit[]>> {
  return { ...generousLimits(), read: [{ max: 1, windowMs: MINUTE }] };
}

const withRedis = storeKinds().includes('redis') ? engines() : [];
if (withRedis.length) {
  describe.each(withRedis)('captcha tokens shared by two API processes through Redis, on %s', (engine) => {
    const db = useEngine(engine, `${__filename}-shared`);
    let a: TestServer;
    let b: TestServer;
    // declared before useRedis: the servers (and their Redis clients) close before the suite's redis-server stops
    afterAll(async () => {
      await a?.close();
      await b?.close();
    });
    const redis = useRedis('redis');
    beforeAll(async () => {
      // one site (one key prefix), two processes, one clock: the counters and the tokens are shared
      const clock = testClock(Math.floor(Date.now() / MINUTE) * MINUTE + 1000);
      const accounts: AccountsConfig = { ...loadConfig({ NODE_ENV: 'test' }), redisUrl: redis.url(), redisKeyPrefix: uniqueRedisPrefix() };
      const options = { ...accountOptions(db.options(), { clock }), accounts, rateLimits: oneReadAMinute() };
      a = await startServer(options);
      b = await startServer(options);
    });

    test('a captcha solved on one process lifts a 429 on the other, once', async () => {
      const onA = new Client(a.base);
      const onB = new Client(b.base);
      const token = await solveCaptcha(onA);
      expect((await onB.get('/api/public-key/')).status).toBe(200);
      // the second read of the minute: over the limit on both processes (the counter is shared)
      expectErrorBody(await onA.get('/api/public-key/'), 429, 'throttled');
      expectErrorBody(await onB.get('/api/public-key/'), 429, 'throttled');
      expect((await onB.get('/api/public-key/', { 'x-captcha-token': token })).status).toBe(200);
      // spent: neither process takes it again
      expectErrorBody(await onA.get('/api/public-key/', { 'x-captcha-token': token }), 429, 'throttled');
      expectErrorBody(await onB.get('/api/public-key/', { 'x-captcha-token': token }), 429, 'throttled');
    });

    test('the same token sent to both processes at once lets exactly one request through', async () => {
      const token = await solveCaptcha(new Client(a.base));
      const tries = await Promise.all(
        Array.from({ length: 6 }, (_, i) => new Client(i % 2 ? a.base : b.base).get('/api/public-key/', { 'x-captcha-token': token })),
      );
      expect(tries.filter((r) => r.status === 200)).toHaveLength(1);
      expect(tries.filter((r) => r.status === 429)).toHaveLength(5);
    });
  });
}

describe.each(engines())('captcha tokens while Redis is away, on %s', (engine) => {
  const db = useEngine(engine, `${__filename}-away`);
  let server: TestServer;
  beforeAll(async () => {
    const port = await freePort(); // nothing listens there
    server = await startServer({
      ...accountOptions(db.options()),
      accounts: { ...loadConfig({ NODE_ENV: 'test' }), redisUrl: `redis://127.0.0.1:${port}` },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  test('a right answer gets a Chinese 503, not a 500; other requests go on', async () => {
    const client = new Client(server.base);
    const issued = await client.post('/api/captcha/', { captchaType: 'rotate', clientUid: 'tokens-away' });
    const secret = await client.get(`/api/dev/captcha-answer/?id=${issued.body.captchaId}`);
    const checked = await client.post('/api/captcha/check/', {
      captchaType: 'rotate',
      verify_value: String(secret.body.answer.angle),
      id: issued.body.captchaId,
    });
    expectErrorBody(checked, 503, 'captcha_unavailable');
    // the limiter fails open while Redis is away, so the request goes through either way
    expect((await client.get('/api/public-key/', { 'x-captcha-token': 'A'.repeat(32) })).status).toBe(200);
  });
});

const A = '198.51.100.10';
const B = '198.51.100.20';

/** A visitor at `address`: the shell's proxy (loopback, trusted) forwards its requests with X-Forwarded-For. */
function visitor(base: string, address: string): Client {
  const client = new Client(base);
  client.headers['x-forwarded-for'] = address;
  return client;
}

describe.each(engineStorePairs())('a solved captcha lifts the 429 of the address that solved it only, on %s with %s tokens', (engine, kind) => {
  const site = useStoreServer(engine, kind, `${__filename}-binding`, () => ({
    rateLimits: { ...generousLimits(), read: [{ max: 1, windowMs: MINUTE }] },
    // behind the shell: its X-Forwarded-For (the visitor's address) is believed from loopback
    trustProxy: 'loopback',
  }));

  test('solved at A: from B the token leaves the 429 and stays unspent; from A it lets one request through', async () => {
    site.clock.advance(MINUTE);
    const a = visitor(site.server.base, A);
    const b = visitor(site.server.base, B);
    for (const client of [a, b]) {
      expect((await client.get('/api/public-key/')).status).toBe(200);
      expectErrorBody(await client.get('/api/public-key/'), 429, 'throttled');
    }
    const token = await solveCaptcha(a, new Client(site.server.base));
    // another address: still 429, twice (the token is not spent by the wrong client)
    expectErrorBody(await b.get('/api/public-key/', { 'x-captcha-token': token }), 429, 'throttled');
    expectErrorBody(await b.get('/api/public-key/', { 'x-captcha-token': token }), 429, 'throttled');
    // the address that solved it: one request through, then spent
    expect((await a.get('/api/public-key/', { 'x-captcha-token': token })).status).toBe(200);
    expectErrorBody(await a.get('/api/public-key/', { 'x-captcha-token': token }), 429, 'throttled');
    expectErrorBody(await b.get('/api/public-key/', { 'x-captcha-token': token }), 429, 'throttled');
  });

  test('the token store binds and spends by address (B cannot burn A\'s token, A spends it once)', async () => {
    const token = await site.server.app.captchaTokens.issue(A);
    expect(await site.server.app.captchaTokens.consume(token, B)).toBe(false);
    expect(await site.server.app.captchaTokens.consume(token, A)).toBe(true);
    expect(await site.server.app.captchaTokens.consume(token, A)).toBe(false);
  });
});
