import { loadConfig } from '../src/core/config';
import type { Limit, RateLimitGroup } from '../src/infra/security/rate-limit';
import { accountOptions, Client, generousLimits, testClock } from './accounts-helpers';
import { engines, expectErrorBody, startServer, useEngine, type TestServer } from './helpers';
import { storeKinds, uniqueRedisPrefix, useRedis } from './redis-helpers';

const MINUTE = 60_000;
const A = '198.51.100.10';
const B = '198.51.100.20';

/** A visitor at `address`: the shell's proxy (loopback, trusted) forwards its requests with X-Forwarded-For. */
function visitor(base: string, address: string): Client {
  const client = new Client(base);
  client.headers['x-forwarded-for'] = address;
  return client;
}

/**
 * Solves a rotate captcha as `solver` (the issue and the answer come from its address); the answer itself is
 * read on this machine through the dev route. The token of POST /api/captcha/check/.
 */
async function solveAs(solver: Client, local: Client): Promise<string> {
  const issued = await solver.post('/api/captcha/', { captchaType: 'rotate', clientUid: 'binding-test' });
  expect(issued.body.repCode).toBe('0000');
  const secret = await local.get(`/api/dev/captcha-answer/?id=${issued.body.captchaId}`);
  expect(secret.status).toBe(200);
  const checked = await solver.post('/api/captcha/check/', {
    captchaType: 'rotate',
    verify_value: String(secret.body.answer.angle),
    id: issued.body.captchaId,
  });
  expect(checked.status).toBe(200);
  return checked.body.token;
}

describe.each(engines().flatMap((e) => storeKinds().map((s) => [e, s] as const)))(
  'a solved captcha lifts the 429 of the address that solved it only, on %s with %s tokens',
  (engine, kind) => {
    const db = useEngine(engine, `${__filename}-${kind}`);
    let server: TestServer;
    // declared before useRedis: the server (and its Redis client) closes before the suite's redis-server stops
    afterAll(async () => {
      await server?.close();
    });
    const redis = useRedis(kind);
    const clock = testClock(Math.floor(Date.now() / MINUTE) * MINUTE + 1000);
    beforeAll(async () => {
      const rateLimits: Partial<Record<RateLimitGroup, Limit[]>> = { ...generousLimits(), read: [{ max: 1, windowMs: MINUTE }] };
      server = await startServer({
        ...accountOptions(db.options(), { clock }),
        accounts: { ...loadConfig({ NODE_ENV: 'test' }), redisUrl: redis.url(), redisKeyPrefix: uniqueRedisPrefix() },
        rateLimits,
        trustProxy: 'loopback',
      });
    });

    test('solved at A: from B the token leaves the 429 and stays unspent; from A it lets one request through', async () => {
      clock.advance(MINUTE);
      const a = visitor(server.base, A);
      const b = visitor(server.base, B);
      for (const client of [a, b]) {
        expect((await client.get('/api/public-key/')).status).toBe(200);
        expectErrorBody(await client.get('/api/public-key/'), 429, 'throttled');
      }
      const token = await solveAs(a, new Client(server.base));
      // another address: still 429, twice (the token is not spent by the wrong client)
      expectErrorBody(await b.get('/api/public-key/', { 'x-captcha-token': token }), 429, 'throttled');
      expectErrorBody(await b.get('/api/public-key/', { 'x-captcha-token': token }), 429, 'throttled');
      // the address that solved it: one request through, then spent
      expect((await a.get('/api/public-key/', { 'x-captcha-token': token })).status).toBe(200);
      expectErrorBody(await a.get('/api/public-key/', { 'x-captcha-token': token }), 429, 'throttled');
      expectErrorBody(await b.get('/api/public-key/', { 'x-captcha-token': token }), 429, 'throttled');
    });

    test('the token store binds and spends by address (B cannot burn A\'s token, A spends it once)', async () => {
      const token = await server.app.captchaTokens.issue(A);
      expect(await server.app.captchaTokens.consume(token, B)).toBe(false);
      expect(await server.app.captchaTokens.consume(token, A)).toBe(true);
      expect(await server.app.captchaTokens.consume(token, A)).toBe(false);
    });
  },
);
