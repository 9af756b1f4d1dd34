import { createHash, randomBytes } from 'node:crypto';

/**
 * Tokens that prove a captcha was solved. The captcha routes issue one when an answer is right; the rate limiter
 * lets one request through over its limit when that request carries an unspent token (header `X-Captcha-Token`),
 * and spends it. In memory by default; in Redis (REDIS_URL) when the API runs on several processes, so that a
 * token solved on one process is accepted, once, by any of them.
 *
 * A token is bound to the client that solved it: its address (`request.ip`, TRUST_PROXY included) when it was
 * issued. Presented by another address it lifts nothing and stays unspent (the solver can still use it), so a
 * token solved once cannot be shared out to lift the 429s of other addresses, nor burnt by whoever saw it.
 */
export interface CaptchaTokenStore {
  /** A new single-use token for the client at `client` (its address), valid for `ttlMs`. */
  issue(client: string, ttlMs?: number): Promise<string>;
  /**
   * True once for a token that was issued to `client` and has not expired; false afterwards and for anything
   * else. A token of another client is left as it was.
   */
  consume(token: string, client: string): Promise<boolean>;
}

export const CAPTCHA_TOKEN_HEADER = 'x-captcha-token';
const DEFAULT_TTL_MS = 120_000;
/** What issue() makes: 24 random bytes in base64url. Anything else is not looked up. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

function newToken(): string {
  return randomBytes(24).toString('base64url');
}

/** What a token is bound to, as stored: the client's address, hashed (the stores hold no addresses). */
function bindingOf(client: string): string {
  return createHash('sha256').update(`client:${client}`).digest('base64url');
}

export function memoryCaptchaTokenStore(now: () => number = Date.now): CaptchaTokenStore {
  const tokens = new Map<string, { expires: number; binding: string }>();
  const sweep = () => {
    const t = now();
    for (const [token, { expires }] of tokens) if (expires <= t) tokens.delete(token);
  };
  return {
    async issue(client, ttlMs = DEFAULT_TTL_MS) {
      sweep();
      const token = newToken();
      tokens.set(token, { expires: now() + ttlMs, binding: bindingOf(client) });
      return token;
    },
    async consume(token, client) {
      const entry = tokens.get(token);
      if (!entry || entry.binding !== bindingOf(client)) return false;
      tokens.delete(token);
      return entry.expires > now();
    },
  };
}

/** The subset of an ioredis client the Redis store uses. */
export interface CaptchaRedis {
  set(key: string, value: string, px: 'PX', ttlMs: number, nx: 'NX'): Promise<unknown>;
  eval(script: string, numKeys: number, ...args: string[]): Promise<unknown>;
}

/** Deletes the key when it holds ARGV[1] (the client's binding): 1 when it did, 0 otherwise; one atomic step. */
const SPEND_IF_BOUND = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

/**
 * Tokens in Redis, shared by every API process: one key per token (its SHA-256, so the keys do not hold the
 * tokens themselves) whose value is the client's binding (a hash of its address), with the lifetime as Redis
 * expiry. Spending is one script (GET, compare, DEL), which Redis runs atomically: of two processes spending the
 * same token at once, exactly one deletes the key and gets true; another client's attempt deletes nothing.
 */
export function redisCaptchaTokenStore(redis: CaptchaRedis, prefix = 'ct:'): CaptchaTokenStore {
  const keyOf = (token: string) => `${prefix}${createHash('sha256').update(token).digest('base64url')}`;
  return {
    async issue(client, ttlMs = DEFAULT_TTL_MS) {
      const token = newToken();
      await redis.set(keyOf(token), bindingOf(client), 'PX', Math.max(1, Math.round(ttlMs)), 'NX');
      return token;
    },
    async consume(token, client) {
      if (!TOKEN_PATTERN.test(token)) return false;
      return Number(await redis.eval(SPEND_IF_BOUND, 1, keyOf(token), bindingOf(client))) === 1;
    },
  };
}
