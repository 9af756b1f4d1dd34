import { loadConfig } from '../src/core/config';
import type { ServerOptions } from '../src/server';
import { accountOptions, testClock, type TestClock } from './accounts-helpers';
import { engines, startServer, useEngine, type EngineName, type TestServer } from './helpers';
import { storeKinds, uniqueRedisPrefix, useRedis, type StoreKind } from './redis-helpers';

const MINUTE = 60_000;

/** Every engine with every store of the rate-limit counters and captcha tokens, for describe.each. */
export function engineStorePairs(): (readonly [EngineName, StoreKind])[] {
  return engines().flatMap((e) => storeKinds().map((s) => [e, s] as const));
}

/**
 * Call inside a describe block: one server for the suite on `engine`, its counters and captcha tokens in a `kind`
 * store (a key prefix of its own in Redis), on a test clock 1 s into a minute; `options` adds to its options.
 * `site.server` is set once the suite's beforeAll ran.
 */
export function useStoreServer(
  engine: EngineName,
  kind: StoreKind,
  label: string,
  options: () => Partial<ServerOptions> = () => ({}),
): { server: TestServer; clock: TestClock } {
  const db = useEngine(engine, `${label}-${kind}`);
  const site = { server: undefined as unknown as TestServer, clock: testClock(Math.floor(Date.now() / MINUTE) * MINUTE + 1000) };
  // declared before useRedis: the server (and its Redis client) closes before the suite's redis-server stops
  afterAll(async () => {
    await site.server?.close();
  });
  const redis = useRedis(kind);
  beforeAll(async () => {
    site.server = await startServer({
      ...accountOptions(db.options(), { clock: site.clock }),
      accounts: { ...loadConfig({ NODE_ENV: 'test' }), redisUrl: redis.url(), redisKeyPrefix: uniqueRedisPrefix() },
      ...options(),
    });
  });
  return site;
}
