import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ID_PATTERN, takeChallenge } from './store';

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/**
 * Checks the login form's captcha (GET /api/captcha/login/ issued `key`): true when `value` is its text, in any
 * letter case, within 5 minutes. Single use: the captcha is spent by this call whatever the outcome, so a
 * caller must ask for a new one after a wrong value. Anything malformed is simply false.
 */
export async function verifyLoginCaptcha(app: FastifyInstance, key: string, value: string): Promise<boolean> {
  if (typeof key !== 'string' || !ID_PATTERN.test(key) || typeof value !== 'string' || value.length > 32) return false;
  const challenge = await takeChallenge(app.db, key, 'login');
  if (!challenge?.live) return false;
  const expected = (challenge.answer as { text?: unknown }).text;
  if (typeof expected !== 'string') return false;
  return timingSafeEqual(digest(expected.toUpperCase()), digest(value.trim().toUpperCase()));
}
