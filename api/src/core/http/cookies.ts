import type { FastifyReply } from 'fastify';

/**
 * Cookies without a plugin (the Fastify one loads its parser with a dynamic import(), which Jest's module
 * sandbox refuses). Only what the sessions need: read the Cookie header, write Set-Cookie.
 */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at === -1 || part.slice(0, at).trim() !== name) continue;
    const raw = part.slice(at + 1).trim().replace(/^"(.*)"$/, '$1');
    try {
      return decodeURIComponent(raw);
    } catch {
      return undefined; // a broken %-escape is no value
    }
  }
  return undefined;
}

export interface CookieOptions {
  path?: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: 'Lax' | 'Strict' | 'None';
  /** Seconds; 0 deletes the cookie. */
  maxAge?: number;
}

/** Adds a Set-Cookie header, replacing one of the same name this reply already carries. */
export function setCookie(reply: FastifyReply, name: string, value: string, options: CookieOptions = {}): void {
  let line = `${name}=${encodeURIComponent(value)}; Path=${options.path ?? '/'}`;
  if (options.maxAge !== undefined) {
    line += `; Max-Age=${Math.floor(options.maxAge)}`;
    if (options.maxAge <= 0) line += '; Expires=Thu, 01 Jan 1970 00:00:00 GMT';
  }
  if (options.httpOnly) line += '; HttpOnly';
  if (options.secure) line += '; Secure';
  if (options.sameSite) line += `; SameSite=${options.sameSite}`;
  const current = reply.getHeader('set-cookie');
  const lines = (Array.isArray(current) ? current : current === undefined ? [] : [String(current)]).filter(
    (l) => !l.startsWith(`${name}=`),
  );
  reply.removeHeader('set-cookie');
  reply.header('set-cookie', [...lines, line]);
}
