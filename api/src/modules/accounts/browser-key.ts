import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

/** This server's own address (known once listening): server-to-server calls to the simulator, the dev origin. */
export function listeningOrigin(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('API server is not listening');
  const host = ['0.0.0.0', '::', ''].includes(address.address)
    ? '127.0.0.1'
    : address.family === 'IPv6'
      ? `[${address.address}]`
      : address.address;
  return `http://${host}:${address.port}`;
}

/**
 * The site's origin for absolute links (OAuth redirect_uri, the QR code's link): the configured SITE_ORIGIN
 * (production refuses to start without it), else, in development and test, this server's own listening address.
 * Never the request's Host or X-Forwarded-Host: the client sets those, and a forged one would send the provider's
 * code, or the app that scans, to the forger's host.
 */
export function siteOrigin(request: FastifyRequest, configured: string | undefined): string {
  return configured ?? listeningOrigin(request.server);
}
