import type { AuditEntry, AuditQuery } from 'contracts';
import type { FastifyInstance } from 'fastify';
import type { PaginateOptions } from '../../../core/http/pagination';

interface Row {
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

/** GET staff/audit/: newest first (by id: the order they were written), filtered by any of staff, action (a prefix like `rights.`), target. */
export function auditPages(app: FastifyInstance, q: AuditQuery): PaginateOptions<AuditEntry> {
  const where = `($1::bigint IS NULL OR a.staff_id = $1) AND ($2::text IS NULL OR a.action = $2 OR (right($2, 1) = '.' AND left(a.action, char_length($2)) = $2))
    AND ($3::text IS NULL OR a.target_type = $3) AND ($4::text IS NULL OR a.target_id = $4)`;
  const params = [q.staff ?? null, q.action ?? null, q.target_type ?? null, q.target_id ?? null];
  return {
    count: async () => (await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM staff_audit a WHERE ${where}`, params))[0].n,
    fetch: async (limit, offset) =>
      (
        await app.db.query<Row>(
          `SELECT a.id::int AS id, a.staff_id::int AS staff_id, u.nickname, a.action, a.target_type, a.target_id, a.before, a.after, a.reason, a.create_time
             FROM staff_audit a JOIN users u ON u.id = a.staff_id WHERE ${where} ORDER BY a.id DESC LIMIT $5 OFFSET $6`,
          [...params, limit, offset],
        )
      ).map((r) => ({
        id: r.id,
        staff: { uid: r.staff_id, nickname: r.nickname },
        action: r.action,
        target_type: r.target_type,
        target_id: r.target_id,
        before: r.before ?? null,
        after: r.after ?? null,
        reason: r.reason,
        create_time: r.create_time as unknown as string,
      })),
  };
}
