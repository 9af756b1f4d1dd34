import type { Queryable } from '../../../core/db';
import type { UserRow } from '../users';
import { USER_COLUMNS } from './users';

/** A live session joined with its (not deleted) user. */
export interface SessionRow extends UserRow {
  session_id: number;
  csrf_token: string;
  login_type: number;
  session_platform: string;
  session_create_time: Date;
  last_active_time: Date;
  expire_time: Date;
  mobile_check_time: Date | null;
}

export async function findLiveSession(q: Queryable, tokenHash: string, now: Date): Promise<SessionRow | undefined> {
  const [row] = await q.query<SessionRow>(
    `SELECT s.id AS session_id, s.csrf_token, s.login_type, s.platform AS session_platform,
            s.create_time AS session_create_time, s.last_active_time, s.expire_time, s.mobile_check_time,
            ${USER_COLUMNS}
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.expire_time > $2 AND u.delete_time IS NULL`,
    [tokenHash, now],
  );
  return row;
}

export async function touchSession(q: Queryable, sessionId: number, now: Date, ip: string): Promise<void> {
  await q.query('UPDATE sessions SET last_active_time = $2, ip = $3 WHERE id = $1', [sessionId, now, ip]);
}

export interface NewSession {
  tokenHash: string;
  userId: number;
  csrfToken: string;
  loginType: number;
  platform: string;
  ip: string;
  userAgent: string;
  now: Date;
  expireTime: Date;
}

/** Inserts the session and its login history line; answers the session id. */
export async function insertSession(q: Queryable, s: NewSession): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO sessions (token_hash, user_id, csrf_token, login_type, platform, ip, user_agent,
                           create_time, last_active_time, expire_time)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9) RETURNING id`,
    [s.tokenHash, s.userId, s.csrfToken, s.loginType, s.platform, s.ip, s.userAgent, s.now, s.expireTime],
  );
  await q.query(
    `INSERT INTO login_history (user_id, login_type, platform, ip, user_agent, create_time)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [s.userId, s.loginType, s.platform, s.ip, s.userAgent, s.now],
  );
  return row.id;
}

export async function deleteSession(q: Queryable, sessionId: number): Promise<void> {
  await q.query('DELETE FROM sessions WHERE id = $1', [sessionId]);
}

/** Ends one session of the user; false when the user has no such session. */
export async function deleteUserSession(q: Queryable, userId: number, sessionId: number): Promise<boolean> {
  const removed = await q.query('DELETE FROM sessions WHERE id = $1 AND user_id = $2 RETURNING id', [sessionId, userId]);
  return removed.length > 0;
}

/** Every session of the user but `exceptSessionId` (0: none kept). */
export async function deleteUserSessions(q: Queryable, userId: number, exceptSessionId = 0): Promise<void> {
  await q.query('DELETE FROM sessions WHERE user_id = $1 AND id <> $2', [userId, exceptSessionId]);
}

/** The session proved it holds the account's phone at `at`. */
export async function setMobileCheckTime(q: Queryable, sessionId: number, at: Date): Promise<void> {
  await q.query('UPDATE sessions SET mobile_check_time = $2 WHERE id = $1', [sessionId, at]);
}

/** The phone changed: no session may change it again without a new check. */
export async function clearMobileChecks(q: Queryable, userId: number): Promise<void> {
  await q.query('UPDATE sessions SET mobile_check_time = NULL WHERE user_id = $1', [userId]);
}

/** Ends every session of the user but `keepSessionId`; answers how many ended. */
export async function deleteOtherSessions(q: Queryable, userId: number, keepSessionId: number): Promise<number> {
  const rows = await q.query('DELETE FROM sessions WHERE user_id = $1 AND id <> $2 RETURNING id', [userId, keepSessionId]);
  return rows.length;
}

/** A line of the login history for a security change (`action`), `loginType` saying how it was proven. */
export async function insertAccountEvent(
  q: Queryable,
  e: { userId: number; action: string; loginType: number; platform: string; ip: string; userAgent: string; now: Date },
): Promise<void> {
  await q.query(
    `INSERT INTO login_history (user_id, action, login_type, platform, ip, user_agent, create_time)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [e.userId, e.action, e.loginType, e.platform, e.ip, e.userAgent, e.now],
  );
}

/** A login history line (and the columns a live session shares with it). */
export interface HistoryRow {
  id: number;
  /** 'login', or the security change recorded (ACCOUNT_EVENTS). */
  action: string;
  login_type: number;
  platform: string;
  ip: string;
  user_agent: string;
  create_time: Date;
}

export async function countLoginHistory(q: Queryable, userId: number): Promise<number> {
  return (await q.query<{ n: number }>('SELECT count(*)::int AS n FROM login_history WHERE user_id = $1', [userId]))[0].n;
}

/** A page of the user's logins; `order` is an ORDER BY clause made by core/http/ordering from a fixed list. */
export function listLoginHistory(q: Queryable, userId: number, order: string, limit: number, offset: number): Promise<HistoryRow[]> {
  return q.query<HistoryRow>(
    `SELECT id, action, login_type, platform, ip, user_agent, create_time FROM login_history
      WHERE user_id = $1 ${order} LIMIT $2 OFFSET $3`,
    [userId, limit, offset],
  );
}

export async function countLiveSessions(q: Queryable, userId: number, now: Date): Promise<number> {
  return (
    await q.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1 AND expire_time > $2', [userId, now])
  )[0].n;
}

/** A page of the user's live sessions; `order` as for listLoginHistory. */
export function listLiveSessions(
  q: Queryable,
  userId: number,
  now: Date,
  order: string,
  limit: number,
  offset: number,
): Promise<(HistoryRow & { last_active_time: Date })[]> {
  return q.query<HistoryRow & { last_active_time: Date }>(
    `SELECT id, 'login' AS action, login_type, platform, ip, user_agent, create_time, last_active_time FROM sessions
      WHERE user_id = $1 AND expire_time > $2 ${order} LIMIT $3 OFFSET $4`,
    [userId, now, limit, offset],
  );
}
