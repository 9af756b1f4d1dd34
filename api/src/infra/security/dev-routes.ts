import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The guard of the dev-only routes: everything under /api/dev/ (the simulators' outbox, the captcha answers, the
 * official-account scan, the OAuth provider simulator), which exist in development and test mode only (the OAuth
 * simulator also on a staging site, production with DEV_OUTBOX=1, where no token exists) and let whoever reaches
 * them log in as anyone. Such a request is answered as if the route did not exist (the 404 of
 * every unknown path) unless
 *  - it comes from this machine: the socket's peer, the client address Fastify derives (TRUST_PROXY) and every
 *    address the request names in X-Forwarded-For / X-Real-IP / Forwarded are loopback (the shell's proxy puts
 *    the real client's address in X-Forwarded-For; a tunnel or another proxy that forwards strangers' requests
 *    from 127.0.0.1 without it is what the token below is for), and
 *  - it carries the dev routes token (query `token` or header `X-Dev-Token`, compared in constant time), except
 *    on the OAuth simulator's pages: the site's own redirect sends the browser there and the API calls its token
 *    endpoints itself, neither can carry a secret (they are loopback-only, and the API refuses to listen on a
 *    public address in development mode: src/core/config.ts checkListenAddress).
 */
export const DEV_ROUTES_PREFIX = '/api/dev/';
export const DEV_TOKEN_HEADER = 'x-dev-token';
const TOKENLESS_PREFIX = '/api/dev/oauth/';

/** 127.0.0.0/8, ::1 and 127.x in IPv6-mapped form. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.trim().toLowerCase();
  if (a === '::1') return true;
  const v4 = a.startsWith('::ffff:') ? a.slice(7) : a;
  return isIP(v4) === 4 && v4.startsWith('127.');
}

/** Addresses a request names in its forwarding headers (X-Forwarded-For, X-Real-IP, Forwarded's for=). */
function forwardedAddresses(request: FastifyRequest): string[] {
  const all: string[] = [];
  const text = (name: string) => {
    const v = request.headers[name];
    return v === undefined ? [] : Array.isArray(v) ? v : [v];
  };
  for (const v of text('x-forwarded-for')) all.push(...v.split(','));
  for (const v of text('x-real-ip')) all.push(v);
  for (const v of text('forwarded')) {
    for (const m of v.matchAll(/for\s*=\s*("?)\[?([^\]";,]*)\]?(?::\d+)?\1/gi)) all.push(m[2]);
  }
  return all.map((a) => a.trim());
}

/** True when the socket's peer, Fastify's client address and every forwarded address are loopback. */
export function fromThisMachine(request: FastifyRequest): boolean {
  return (
    isLoopbackAddress(request.socket.remoteAddress) &&
    isLoopbackAddress(request.ip) &&
    forwardedAddresses(request).every(isLoopbackAddress)
  );
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Whether `given` is `expected`, in time that does not depend on where they differ (both hashed to 32 bytes). */
export function sameToken(given: string | undefined, expected: string): boolean {
  if (typeof given !== 'string' || given.length === 0 || given.length > 512) return false;
  return timingSafeEqual(digest(given), digest(expected));
}

function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers[DEV_TOKEN_HEADER];
  if (typeof header === 'string' && header !== '') return header;
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.token;
  return typeof fromQuery === 'string' ? fromQuery : undefined;
}

/** The matched route's pattern (a percent-encoded path matches it too), else the raw path. */
function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? request.url.split('?', 1)[0];
}

/** Whether a request to a dev-only route may reach it (see above); `token` undefined: none may. */
export function devRouteAllowed(request: FastifyRequest, token: string | undefined): boolean {
  if (!fromThisMachine(request)) return false;
  if (routeOf(request).startsWith(TOKENLESS_PREFIX)) return true;
  return token !== undefined && sameToken(tokenOf(request), token);
}

/** Installs the guard (an onRequest hook on every route under /api/dev/). Call before the routes are registered. */
export function installDevRouteGuard(app: FastifyInstance, token: string | undefined): void {
  app.addHook('onRequest', async (request, reply) => {
    // the 404 handler's own hooks: nothing to guard (and calling it again would answer twice)
    if (request.is404) return;
    if (!routeOf(request).startsWith(DEV_ROUTES_PREFIX) && !request.url.startsWith(DEV_ROUTES_PREFIX)) return;
    if (devRouteAllowed(request, token)) return;
    return reply.callNotFound();
  });
}
