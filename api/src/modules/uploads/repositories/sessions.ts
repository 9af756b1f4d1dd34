import type { Queryable } from '../../../core/db';

/** The SQL of resumable upload sessions (upload_sessions). */

export interface SessionRow {
  id: string;
  user_id: number;
  name: string;
  size: number;
  offset: number;
  busy_until: Date | null;
  expire_time: Date;
}

const COLUMNS = 'id, user_id, name, size, "offset", busy_until, expire_time';

export async function insertSession(q: Queryable, s: { id: string; userId: number; name: string; size: number; now: Date; expire: Date }): Promise<SessionRow> {
  const [row] = await q.query<SessionRow>(
    `INSERT INTO upload_sessions (id, user_id, name, size, create_time, expire_time) VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
    [s.id, s.userId, s.name, s.size, s.now, s.expire],
  );
  return row;
}

/** A live session of this user (expired ones are as good as gone). */
export async function sessionOf(q: Queryable, id: string, userId: number, now: Date): Promise<SessionRow | undefined> {
  const [row] = await q.query<SessionRow>(`SELECT ${COLUMNS} FROM upload_sessions WHERE id = $1 AND user_id = $2 AND expire_time > $3`, [id, userId, now]);
  return row;
}

/** Takes the session for one chunk at `offset`: answers the row, or undefined when the offset or a running chunk says no. */
export async function claimChunk(q: Queryable, id: string, userId: number, offset: number, now: Date, busyUntil: Date): Promise<SessionRow | undefined> {
  const [row] = await q.query<SessionRow>(
    `UPDATE upload_sessions SET busy_until = $5 WHERE id = $1 AND user_id = $2 AND "offset" = $3 AND expire_time > $4
       AND (busy_until IS NULL OR busy_until < $4) RETURNING ${COLUMNS}`,
    [id, userId, offset, now, busyUntil],
  );
  return row;
}

/** The chunk is written (or failed): the new offset, and the session free again. */
export async function finishChunk(q: Queryable, id: string, offset: number): Promise<SessionRow | undefined> {
  const [row] = await q.query<SessionRow>(`UPDATE upload_sessions SET "offset" = $2, busy_until = NULL WHERE id = $1 RETURNING ${COLUMNS}`, [id, offset]);
  return row;
}

export async function deleteSession(q: Queryable, id: string): Promise<void> {
  await q.query('DELETE FROM upload_sessions WHERE id = $1', [id]);
}

/** Expired sessions, deleted; answers their ids (their files go next). */
export async function deleteExpired(q: Queryable, now: Date): Promise<string[]> {
  const rows = await q.query<{ id: string }>('DELETE FROM upload_sessions WHERE expire_time <= $1 RETURNING id', [now]);
  return rows.map((r) => r.id);
}

/** Every session id (the sweep removes temporary files no session owns). */
export async function sessionIds(q: Queryable): Promise<Set<string>> {
  return new Set((await q.query<{ id: string }>('SELECT id FROM upload_sessions')).map((r) => r.id));
}
