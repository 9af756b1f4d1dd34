import type { FastifyInstance } from 'fastify';

/** How long the start waits for Redis before going on without it (the limits then fail open until it is back). */
const REDIS_START_WAIT_MS = 2000;

/**
 * An ioredis client that fails fast while Redis is away (no offline queue: a command then rejects at once, and the
 * limiter lets the request through, instead of every request waiting for reconnection attempts). The start waits
 * up to 2 s for the first connection so that the first requests are counted.
 */
export async function connectRedis(url: string, app: FastifyInstance) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: false });
  let logged = false;
  redis.on('error', (err: Error) => {
    // ioredis retries on its own; one log line per outage, not one per attempt
    if (!logged) app.log.error({ err }, 'Redis unavailable; rate limits fail open, captcha checks answer 503');
    logged = true;
  });
  redis.on('ready', () => (logged = false));
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, REDIS_START_WAIT_MS);
    function done() {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    }
    redis.once('ready', done);
  });
  return redis;
}
