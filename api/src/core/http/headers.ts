import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Security headers on every answer, plus no-store and a locked-down CSP on /api/ (JSON is never a page).
 * Runs as an onRequest hook, so errors raised later (body parsing, validation, 404) keep the headers.
 */
export function applyResponseHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  reply.header('X-Frame-Options', 'DENY');
  if (isApiPath(request.url)) {
    reply.header('Cache-Control', 'no-store');
    reply.header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
    reply.header('Cross-Origin-Resource-Policy', 'same-origin');
  }
}

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}
