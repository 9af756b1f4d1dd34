import { createHash, timingSafeEqual } from 'node:crypto';
import { Value } from '@sinclair/typebox/value';
import { CaptchaId, type LoginCaptchaAnswer } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { LOGIN_TTL_S } from '../config';
import { saveChallenge, takeChallenge } from '../repositories/challenges';

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/** A new login-form captcha (SPEC §3: captcha_key, captcha_image as base64 PNG): the contract's fields, all given. */
export type LoginCaptchaIssued = Required<Pick<LoginCaptchaAnswer, 'captcha_key' | 'captcha_image' | 'expiresIn'>>;

/**
 * Draws a login-form captcha and stores its text for 5 minutes: GET /api/captcha/login/ and the login route's
 * "captcha required" answer both give one. The drawing code (and Skia with it) is loaded on first use.
 */
export async function issueLoginCaptcha(app: FastifyInstance): Promise<LoginCaptchaIssued> {
  const [{ loginCaptcha }, { loadCaptchaFont }] = await Promise.all([import('../login-image'), import('../font')]);
  const { text, image } = await loginCaptcha(loadCaptchaFont());
  const captcha_key = await saveChallenge(app.db, 'login', { text }, LOGIN_TTL_S);
  return { captcha_key, captcha_image: image, expiresIn: LOGIN_TTL_S };
}

/**
 * Checks the login form's captcha (GET /api/captcha/login/ issued `key`): true when `value` is its text, in any
 * letter case, within 5 minutes. Single use: the captcha is spent by this call whatever the outcome, so a
 * caller must ask for a new one after a wrong value. Anything malformed is simply false.
 */
export async function verifyLoginCaptcha(app: FastifyInstance, key: string, value: string): Promise<boolean> {
  if (typeof key !== 'string' || !Value.Check(CaptchaId, key) || typeof value !== 'string' || value.length > 32) return false;
  const challenge = await takeChallenge(app.db, key, 'login');
  if (!challenge?.live) return false;
  const expected = (challenge.answer as { text?: unknown }).text;
  if (typeof expected !== 'string') return false;
  return timingSafeEqual(digest(expected.toUpperCase()), digest(value.trim().toUpperCase()));
}
