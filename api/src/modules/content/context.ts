import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../accounts/users';
import { readCookie, setCookie } from '../../core/http/cookies';
import type { CategoryTree } from './categories';
import type { DetailRows, UserNames } from './load';
import type { SearchEngine } from './search/engine';
import type { Signer } from './signing';
import type { FileStorage } from '../../infra/storage/storage';
import type { ViewCounter } from './view-counter';

/** What the content routes share, decorated on the app as `content`. */
export interface ContentServices {
  storage: FileStorage;
  signer: Signer;
  search: SearchEngine;
  categories: CategoryTree;
  userNames: UserNames;
  views: ViewCounter;
  /** Public document and blog rows kept for a moment (detail reads). */
  rows: DetailRows;
  /** Secure cookies (HTTPS only) outside development and test. */
  secureCookies: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    content: ContentServices;
  }
}

/** The server's clock (core's `app.now`, which tests move). */
export function clock(app: FastifyInstance): Date {
  return app.now();
}

/** The logged-in user of the request, or null for a visitor (sessions may not be installed in every setup). */
export function currentUser(request: FastifyRequest): UserRow | null {
  return request.user ?? null;
}

export const VISITOR_COOKIE = 'visitor_id';
const VISITOR_PATTERN = /^[A-Za-z0-9_-]{24}$/;
const VISITOR_MAX_AGE_S = 365 * 24 * 3600;

/**
 * The visitor id of the request's cookie. With `create`, a visitor without a valid one gets a new random id in
 * an HttpOnly cookie (it keys the visitor's free downloads, so scripts cannot simply pick one).
 */
export function visitorId(request: FastifyRequest, reply: FastifyReply, create: boolean): string | null {
  const existing = readCookie(request.headers.cookie, VISITOR_COOKIE);
  if (existing && VISITOR_PATTERN.test(existing)) return existing;
  if (!create) return null;
  const id = randomBytes(18).toString('base64url');
  setCookie(reply, VISITOR_COOKIE, id, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: request.server.content.secureCookies,
    maxAge: VISITOR_MAX_AGE_S,
  });
  return id;
}

/** Who is downloading or searching: a user, or a visitor (cookie and address). */
export interface Requester {
  user: UserRow | null;
  visitorId: string | null;
  ip: string;
}

export function requester(request: FastifyRequest, reply: FastifyReply, createVisitor: boolean): Requester {
  const user = currentUser(request);
  return { user, visitorId: user ? null : visitorId(request, reply, createVisitor), ip: request.ip ?? '' };
}

/** The key one person's searches count under (hot keywords count a keyword once per key and day). */
export function searcherKey(request: FastifyRequest): string {
  const user = currentUser(request);
  if (user) return `u:${user.id}`;
  const visitor = readCookie(request.headers.cookie, VISITOR_COOKIE);
  if (visitor && VISITOR_PATTERN.test(visitor)) return `v:${visitor}`;
  return `ip:${request.ip ?? ''}`;
}
