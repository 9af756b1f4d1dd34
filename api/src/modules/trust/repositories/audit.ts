import type { Queryable } from '../../../core/db';

/** One staff_audit row as written: `before`/`after` already JSON text (or null). */
export interface NewAuditRow {
  staffId: number;
  action: string;
  targetType: string;
  targetId: string;
  before: string | null;
  after: string | null;
  reason: string;
  at: Date | null;
}

export async function insertAudit(q: Queryable, e: NewAuditRow): Promise<void> {
  await q.query(
    `INSERT INTO staff_audit (staff_id, action, target_type, target_id, before, after, reason, create_time)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, COALESCE($8::timestamptz, now()))`,
    [e.staffId, e.action, e.targetType, e.targetId, e.before, e.after, e.reason, e.at],
  );
}

export interface AuditRow {
  id: number;
  staff_id: number;
  nickname: string;
  action: string;
  target_type: string;
  target_id: string;
  before: unknown;
  after: unknown;
  reason: string;
  create_time: Date;
}

/** Any of staff, action (a prefix ending in '.' like `rights.`), target; null means any. */
export interface AuditFilter {
  staff: number | null;
  action: string | null;
  targetType: string | null;
  targetId: string | null;
}

const WHERE = `($1::bigint IS NULL OR a.staff_id = $1) AND ($2::text IS NULL OR a.action = $2 OR (right($2, 1) = '.' AND left(a.action, char_length($2)) = $2))
    AND ($3::text IS NULL OR a.target_type = $3) AND ($4::text IS NULL OR a.target_id = $4)`;
const params = (f: AuditFilter) => [f.staff, f.action, f.targetType, f.targetId];

export async function countAudit(q: Queryable, f: AuditFilter): Promise<number> {
  return (await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM staff_audit a WHERE ${WHERE}`, params(f)))[0].n;
}

/** Newest first (by id: the order they were written). */
export async function listAudit(q: Queryable, f: AuditFilter, limit: number, offset: number): Promise<AuditRow[]> {
  return q.query<AuditRow>(
    `SELECT a.id::int AS id, a.staff_id::int AS staff_id, u.nickname, a.action, a.target_type, a.target_id, a.before, a.after, a.reason, a.create_time
       FROM staff_audit a JOIN users u ON u.id = a.staff_id WHERE ${WHERE} ORDER BY a.id DESC LIMIT $5 OFFSET $6`,
    [...params(f), limit, offset],
  );
}
