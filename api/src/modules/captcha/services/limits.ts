import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../../core/db';
import { limitsFromEnv, type CaptchaLimits } from '../config';
import { countRequest, sweep } from '../repositories/challenges';

const SWEEP_EVERY_MS = 60_000;

/**
 * The per-minute limits on images (challenges and login-form captchas), per clientUid and per IP address, counted
 * in the database so that every API process sees the same numbers (repCode 6201 when over). Expired challenges
 * and past minutes' counts are swept at most once a minute, on the way.
 */
export function imageRequestLimits(db: Queryable, limits: CaptchaLimits = limitsFromEnv()) {
  let lastSweep = 0;
  /** Counts the request; true when its client is over the per-minute limit. */
  return async function overLimit(ip: string, clientUid: string | undefined, log: FastifyBaseLogger): Promise<boolean> {
    if (Date.now() - lastSweep > SWEEP_EVERY_MS) {
      lastSweep = Date.now();
      await sweep(db).catch((err: unknown) => log.warn({ err }, 'captcha sweep failed'));
    }
    return isOverLimit(await countRequest(db, scopes(ip, clientUid)), limits);
  };
}

function scopes(ip: string, clientUid: string | undefined): string[] {
  return clientUid ? [`ip:${ip}`, `uid:${clientUid}`] : [`ip:${ip}`];
}

function isOverLimit(counts: Map<string, number>, limits: CaptchaLimits): boolean {
  for (const [scope, n] of counts) {
    if (n > (scope.startsWith('uid:') ? limits.perClient : limits.perIp)) return true;
  }
  return false;
}
