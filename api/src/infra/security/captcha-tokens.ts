import { createHash, randomBytes } from 'node:crypto';

/**
 * Tokens that prove a captcha was solved. The captcha routes issue one when an answer is right; the rate limiter
 * lets one request through over its limit when that request carries an unspent token (header `X-Captcha-Token`),
 * and spends it. In memory by default; in Redis (REDIS_URL) when the API runs on several processes, so that a
 * token solved on one process is accepted, once, by any of them.
 */
export interface CaptchaTokenStore {
  /** A new single-use token, valid for `ttlMs`. */
  issue(ttlMs?: number): Promise<string>;
  /** True once for a token that was issued and has not expired; false afterwards and for anything else. */
  consume(token: string): Promise<boolean>;
}

export const CAPTCHA_TOKEN_HEADER = 'x-captcha-token';
const DEFAULT_TTL_MS = 120_000;
/** What issue() makes: 24 random bytes in base64url. Anything else is not looked up. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

function newToken(): string {
  return randomBytes(24).toString('base64url');
}

export function memoryCaptchaTokenStore(now: () => number = Date.now): CaptchaTokenStore {
  const tokens = new Map<string, number>();
  const sweep = () => {
    const t = now();
    for (const [token, expires] of tokens) if (expires <= t) tokens.delete(token);
  };
  return {
    async issue(ttlMs = DEFAULT_TTL_MS) {
      sweep();
      const token = newToken();
      tokens.set(token, now() + ttlMs);
      return token;
    },
    async consume(token) {
      const expires = tokens.get(token);
      tokens.delete(token);
      return expires !== undefined && expires > now();
    },
  };
}

/** The subset of an ioredis client the Redis store uses. */
export interface CaptchaRedis {
  set(key: string, value: string, px: 'PX', ttlMs: number, nx: 'NX'): Promise<unknown>;
  del(key: string): Promise<number>;
}

/**
 * Tokens in Redis, shared by every API process: one key per token (its SHA-256, so the keys do not hold the
 * tokens themselves) with the lifetime as Redis expiry. Spending is one DEL, which Redis runs atomically: of two
 * processes spending the same token at once, exactly one deletes the key and gets true.
 */
export function redisCaptchaTokenStore(redis: CaptchaRedis, prefix = 'ct:'): CaptchaTokenStore {
  const keyOf = (token: string) => `${prefix}${createHash('sha256').update(token).digest('base64url')}`;
  return {
    async issue(ttlMs = DEFAULT_TTL_MS) {
      const token = newToken();
      await redis.set(keyOf(token), '1', 'PX', Math.max(1, Math.round(ttlMs)), 'NX');
      return token;
    },
    async consume(token) {
      if (!TOKEN_PATTERN.test(token)) return false;
      return (await redis.del(keyOf(token))) === 1;
    },
  };
}
