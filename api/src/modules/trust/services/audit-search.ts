import type { AuditEntry, AuditQuery } from 'contracts';
import type { FastifyInstance } from 'fastify';
import type { PaginateOptions } from '../../../core/http/pagination';
import * as repo from '../repositories/audit';

/** GET staff/audit/: newest first (by id: the order they were written), filtered by any of staff, action (a prefix like `rights.`), target. */
export function auditPages(app: FastifyInstance, q: AuditQuery): PaginateOptions<AuditEntry> {
  const filter: repo.AuditFilter = { staff: q.staff ?? null, action: q.action ?? null, targetType: q.target_type ?? null, targetId: q.target_id ?? null };
  return {
    count: () => repo.countAudit(app.db, filter),
    fetch: async (limit, offset) =>
      (await repo.listAudit(app.db, filter, limit, offset)).map((r) => ({
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
