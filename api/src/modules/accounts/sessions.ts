import type { LoginType } from 'contracts';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readCookie, setCookie, type CookieOptions } from '../../core/http/cookies';
import { ApiError } from '../../core/http/errors';
import { keepListening } from '../../core/db/listen';
import { notifyOtherProcesses } from './repositories/notify';
import {
  deleteSession,
  deleteUserSessions,
  findLiveSession,
  insertSession,
  touchSession,
} from './repositories/sessions';
import type { UserRow } from './users';

export const SESSION_COOKIE = 'sessionid';
/** Django's names, which axios can mirror by itself (xsrfCookieName / xsrfHeaderName). */
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;
/** last_active_time is written at most this often per session (not on every request). */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export { LOGIN_TYPES, type LoginType } from 'contracts';

export interface Session {
  id: number;
  userId: number;
  csrfToken: string;
  loginType: number;
  platform: string;
  createTime: Date;
  lastActiveTime: Date;
  expireTime: Date;
  /** When this session last proved it holds the account's phone (POST /api/mobile/check/). */
  mobileCheckTime: Date | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The login session of the request's cookie, or null for a visitor. */
    session: Session | null;
    /** The user of that session. */
    user: UserRow | null;
  }
  interface FastifyInstance {
    sessionOptions: SessionOptions;
    /** Sessions and their users kept in memory between requests; null when every request reads the database. */
    sessionCache: SessionCache | null;
  }
}

export interface SessionOptions {
  /** Secure cookies (HTTPS only): everywhere but development and test. */
  secureCookies: boolean;
  /**
   * Keep loaded sessions in memory (SESSION_CACHE). Every change of a session or user made by the account
   * routes forgets the cached copies at once: in this process directly, in the other API processes of a
   * PostgreSQL database through NOTIFY (see userChanged).
   */
  cache: boolean;
}

/** The NOTIFY channel that tells every API process which user's cached sessions to forget. */
export const SESSION_CHANGES_CHANNEL = 'session_changes';

interface CachedSession {
  session: Session;
  user: UserRow;
  cachedAt: number;
}

/**
 * Token hash -> session and user, for at most CACHE_TTL_MS (so that a change made outside the account routes, a
 * moderator's ban say, shows within that time) and CACHE_MAX entries. The account routes call userChanged()
 * after every write, which forgets every cached session of that user.
 */
export interface SessionCache {
  get(hash: string, now: number): CachedSession | undefined;
  set(hash: string, entry: CachedSession): void;
  forgetUser(userId: number): void;
  /** Forget everything and cache nothing until resume() (while other processes could not reach this one). */
  pause(): void;
  resume(): void;
}

const CACHE_TTL_MS = 30_000;
const CACHE_MAX = 20_000;

export function memorySessionCache(): SessionCache {
  const entries = new Map<string, CachedSession>();
  const byUser = new Map<number, Set<string>>();
  let paused = false;
  const drop = (hash: string) => {
    const entry = entries.get(hash);
    if (!entry) return;
    entries.delete(hash);
    byUser.get(entry.user.id)?.delete(hash);
  };
  return {
    get(hash, now) {
      if (paused) return undefined;
      const entry = entries.get(hash);
      if (!entry) return undefined;
      if (now - entry.cachedAt > CACHE_TTL_MS || now >= entry.session.expireTime.getTime()) {
        drop(hash);
        return undefined;
      }
      return entry;
    },
    set(hash, entry) {
      if (paused) return;
      if (entries.size >= CACHE_MAX) drop(entries.keys().next().value as string); // oldest first
      entries.set(hash, entry);
      let hashes = byUser.get(entry.user.id);
      if (!hashes) byUser.set(entry.user.id, (hashes = new Set()));
      hashes.add(hash);
    },
    forgetUser(userId) {
      for (const hash of byUser.get(userId) ?? []) entries.delete(hash);
      byUser.delete(userId);
    },
    pause() {
      paused = true;
      entries.clear();
      byUser.clear();
    },
    resume() {
      paused = false;
    },
  };
}

/**
 * Call (and await) after any write to a user's row, sessions or security answers: the next request of each of
 * their sessions reads the database again, in this process and, on PostgreSQL, in every other API process
 * (NOTIFY on SESSION_CHANGES_CHANNEL, sent before the answer leaves).
 */
export async function userChanged(app: FastifyInstance, userId: number): Promise<void> {
  app.sessionCache?.forgetUser(userId);
  await notifyOtherProcesses(app.db, SESSION_CHANGES_CHANNEL, String(userId));
}

/**
 * On PostgreSQL several API processes may share the database: the cache works only while this process hears
 * the others' NOTIFY. Until the LISTEN connection is up, and whenever it breaks, the cache is paused.
 */
async function listenForChanges(app: FastifyInstance, cache: SessionCache): Promise<void> {
  cache.pause();
  await keepListening(app, SESSION_CHANGES_CHANNEL, 'session cache paused', {
    message: (payload) => cache.forgetUser(Number(payload)),
    up: () => cache.resume(),
    down: () => cache.pause(),
  });
}

async function loadSession(app: FastifyInstance, hash: string, now: Date): Promise<CachedSession | undefined> {
  const row = await findLiveSession(app.db, hash, now);
  if (!row) return undefined;
  const {
    session_id,
    csrf_token,
    login_type,
    session_platform,
    session_create_time,
    last_active_time,
    expire_time,
    mobile_check_time,
    ...user
  } = row;
  return {
    session: {
      id: session_id,
      userId: user.id,
      csrfToken: csrf_token,
      loginType: login_type,
      platform: session_platform,
      createTime: session_create_time,
      lastActiveTime: last_active_time,
      expireTime: expire_time,
      mobileCheckTime: mobile_check_time,
    },
    user,
    cachedAt: now.getTime(),
  };
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function cookieOptions(app: FastifyInstance, httpOnly: boolean, maxAge: number): CookieOptions {
  return { path: '/', httpOnly, secure: app.sessionOptions.secureCookies, sameSite: 'Lax', maxAge };
}

/**
 * Sessions in the database behind an HttpOnly cookie. The onRequest hook loads the session and its user when the
 * request carries the cookie, and refuses an unsafe method (POST, PUT, PATCH, DELETE) of a logged-in session
 * unless header X-CSRFToken equals the session's token (also in the readable cookie `csrftoken`). Call before
 * the routes.
 */
export async function installSessions(app: FastifyInstance, options: SessionOptions): Promise<void> {
  app.decorate('sessionOptions', options);
  const cache = options.cache ? memorySessionCache() : null;
  app.decorate('sessionCache', cache);
  if (cache && app.db.engine === 'postgres') await listenForChanges(app, cache);
  app.decorateRequest('session', null);
  app.decorateRequest('user', null);

  app.addHook('onRequest', async (request, reply) => {
    const token = readCookie(request.headers.cookie, SESSION_COOKIE);
    if (!token || token.length > 100) return;
    const now = app.now();
    const hash = tokenHash(token);
    let entry = app.sessionCache?.get(hash, now.getTime());
    if (!entry) {
      entry = await loadSession(app, hash, now);
      if (!entry) {
        // ended, expired or never valid: the browser may forget it
        clearSessionCookies(app, reply);
        return;
      }
      app.sessionCache?.set(hash, entry);
    }
    const session = entry.session;
    // a copy: routes replace request.session, never the cached one
    request.session = { ...session };
    request.user = entry.user;

    if (UNSAFE_METHODS.has(request.method) && request.routeOptions.url !== undefined) {
      const header = request.headers[CSRF_HEADER];
      if (typeof header !== 'string' || !sameText(header, session.csrfToken)) {
        throw new ApiError(403, 'csrf_failed', '安全校验失败，请刷新页面后重试');
      }
    }
    if (now.getTime() - session.lastActiveTime.getTime() > TOUCH_INTERVAL_MS) {
      session.lastActiveTime = now;
      await touchSession(app.db, session.id, now, request.ip);
    }
  });
}

export interface StartSessionOptions {
  loginType: LoginType;
  /** The client's platform field as sent (kept on the session and in the login history). */
  platform: string;
}

/**
 * Logs `userId` in on this request: a new session (new id, new CSRF token) every time, so an id planted before
 * login is worthless afterwards; the request's previous session, if any, ends. Writes the login history and sets
 * both cookies. Used by every login route (password, SMS code, registration, mini-program, QR, third party).
 */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  options: StartSessionOptions,
): Promise<Session> {
  const app = request.server;
  const now = app.now();
  const token = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(24).toString('base64url');
  const ip = request.ip ?? '';
  const userAgent = (request.headers['user-agent'] ?? '').slice(0, 500);
  const platform = options.platform.slice(0, 32);
  const previous = request.session?.id;
  if (request.session) await userChanged(app, request.session.userId);
  const expireTime = new Date(now.getTime() + SESSION_TTL_MS);
  const id = await app.db.transaction(async (tx) => {
    if (previous !== undefined) await deleteSession(tx, previous);
    return insertSession(tx, { tokenHash: tokenHash(token), userId, csrfToken, loginType: options.loginType, platform, ip, userAgent, now, expireTime });
  });
  setCookie(reply, SESSION_COOKIE, token, cookieOptions(app, true, SESSION_TTL_MS / 1000));
  setCookie(reply, CSRF_COOKIE, csrfToken, cookieOptions(app, false, SESSION_TTL_MS / 1000));
  const session: Session = {
    id,
    userId,
    csrfToken,
    loginType: options.loginType,
    platform,
    createTime: now,
    lastActiveTime: now,
    expireTime,
    mobileCheckTime: null,
  };
  request.session = session;
  return session;
}

/** Logs the request out: its session row goes (so the cookie is dead everywhere) and both cookies are cleared. */
export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.session) {
    await deleteSession(request.server.db, request.session.id);
    await userChanged(request.server, request.session.userId);
  }
  forgetSession(request, reply);
}

/** The request is a visitor from now on (its session ended elsewhere) and the browser forgets both cookies. */
export function forgetSession(request: FastifyRequest, reply: FastifyReply): void {
  request.session = null;
  request.user = null;
  clearSessionCookies(request.server, reply);
}

/** Ends every session of a user (password changed or reset, account deleted), optionally but one. */
export async function endUserSessions(app: FastifyInstance, userId: number, exceptSessionId?: number): Promise<void> {
  await deleteUserSessions(app.db, userId, exceptSessionId);
  await userChanged(app, userId);
}

export function clearSessionCookies(app: FastifyInstance, reply: FastifyReply): void {
  setCookie(reply, SESSION_COOKIE, '', cookieOptions(app, true, 0));
  setCookie(reply, CSRF_COOKIE, '', cookieOptions(app, false, 0));
}
