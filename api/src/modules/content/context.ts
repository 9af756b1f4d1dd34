import type { DocItem } from 'contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../accounts/users';
import { readCookie, setCookie } from '../../core/http/cookies';
import type { CategoryTree } from './categories';
import type { DetailRows, UserNames } from './load';
import type { SearchEngine } from './search/engine';
import type { Signer } from './signing';
import type { FileStorage } from '../../infra/storage/storage';
import type { ViewCounter } from './view-counter';
import type { KeywordCounter } from './keyword-counter';
import type { Answer } from './answers';
import type { ContentChanges } from './changes';
import type { KeptCache } from './kept-cache';
import type { ListRows } from './list-rows';
import type { BlogRow, DocRow } from './repositories/rows';

/** What the content routes share, decorated on the app as `content`. */
export interface ContentServices {
  storage: FileStorage;
  signer: Signer;
  /** The search engine, its prepared searches kept (caches.ts). */
  search: SearchEngine;
  /** Serialized pages of the public lists and searches by URL (answers.ts, caches.ts). */
  answers: KeptCache<Answer>;
  /** A category's newest public documents, for the recommendations beside its items (services/catalog.ts). */
  nearby: KeptCache<DocItem[]>;
  /** Counts of the public lists (repositories/lists.ts). */
  counts: KeptCache<number>;
  /** Rows of public items by id, kept for the pages of searches and of the mixed list (list-rows.ts). */
  listRows: { documents: ListRows<DocRow>; blogs: ListRows<BlogRow> };
  /** The generations the caches are kept under, bumped by every change any API process makes (changes.ts). */
  changes: ContentChanges;
  categories: CategoryTree;
  userNames: UserNames;
  views: ViewCounter;
  /** Searches counted for the hot keywords, written in batches (keyword-counter.ts). */
  keywords: KeywordCounter;
  /** Public document and blog rows kept for a moment (detail reads). */
  rows: DetailRows;
  /** Secure cookies (HTTPS only) outside development and test. */
  secureCookies: boolean;
  /** Finishes the queued file deletions (at start, then every minute); answers how many files went. */
  sweepFiles: () => Promise<number>;
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
  const id = request.server.content.signer.visitorId();
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

/**
 * The address a searcher counts under: an IPv4 address, or the /64 network of an IPv6 one (one subscriber's
 * line, which hands out many addresses).
 */
export function addressKey(ip: string): string {
  const address = ip.replace(/^::ffff:(?=\d+\.)/i, '').replace(/%.*$/, '').toLowerCase();
  if (!address.includes(':')) return address;
  const [head, tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/**
 * Who a search counts for (hot keywords count a keyword once per searcher and day): a user; else the visitor
 * and the address together. A visitor id counts only when the site issued it (an invented cookie is the same
 * searcher as no cookie from that address).
 */
export function searcher(request: FastifyRequest): { key: string; user: boolean; address: string } {
  const user = currentUser(request);
  const address = addressKey(request.ip ?? '');
  if (user) return { key: `u:${user.id}`, user: true, address };
  const visitor = readCookie(request.headers.cookie, VISITOR_COOKIE);
  const real = visitor && VISITOR_PATTERN.test(visitor) && request.server.content.signer.issuedVisitor(visitor);
  return { key: `${real ? `v:${visitor}` : ''}@${address}`, user: false, address };
}
