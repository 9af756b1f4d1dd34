import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readCookie, setCookie } from '../../core/http/cookies';

/** sha256, base64url: how tokens of QR codes and OAuth states are stored (never the token itself). */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}

/** The browser's own random key (HttpOnly cookie `bkey` on /api/): QR codes and OAuth states are bound to it. */
const BROWSER_COOKIE = 'bkey';

/** The hash of this browser's key; with a reply, a browser without one gets one (else null). */
export function browserKeyHash(request: FastifyRequest, reply: FastifyReply): string;
export function browserKeyHash(request: FastifyRequest, reply: null): string | null;
export function browserKeyHash(request: FastifyRequest, reply: FastifyReply | null): string | null {
  let key = readCookie(request.headers.cookie, BROWSER_COOKIE);
  if (!key || !/^[A-Za-z0-9_-]{32,64}$/.test(key)) {
    if (!reply) return null;
    key = randomBytes(24).toString('base64url');
    setCookie(reply, BROWSER_COOKIE, key, {
      path: '/api/',
      httpOnly: true,
      sameSite: 'Lax',
      secure: request.server.sessionOptions.secureCookies,
      maxAge: 30 * 24 * 3600,
    });
  }
  return sha256(`browser:${key}`);
}

/** The site's origin as the browser sees it (config SITE_ORIGIN, else this request's). */
export function siteOrigin(request: FastifyRequest, configured: string | undefined): string {
  return configured ?? `${request.protocol}://${request.host}`;
}
