import { randomBytes } from 'node:crypto';

/**
 * Tokens that prove a captcha was solved. The captcha routes issue one when an answer is right; the rate limiter
 * lets one request through over its limit when that request carries an unspent token (header `X-Captcha-Token`),
 * and spends it. In memory by default; a shared store (Redis) takes this interface when the API runs on several
 * processes.
 */
export interface CaptchaTokenStore {
  /** A new single-use token, valid for `ttlMs`. */
  issue(ttlMs?: number): Promise<string>;
  /** True once for a token that was issued and has not expired; false afterwards and for anything else. */
  consume(token: string): Promise<boolean>;
}

export const CAPTCHA_TOKEN_HEADER = 'x-captcha-token';
const DEFAULT_TTL_MS = 120_000;

export function memoryCaptchaTokenStore(now: () => number = Date.now): CaptchaTokenStore {
  const tokens = new Map<string, number>();
  const sweep = () => {
    const t = now();
    for (const [token, expires] of tokens) if (expires <= t) tokens.delete(token);
  };
  return {
    async issue(ttlMs = DEFAULT_TTL_MS) {
      sweep();
      const token = randomBytes(24).toString('base64url');
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
