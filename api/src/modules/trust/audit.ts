import type { Queryable } from '../../core/db';
import { insertAudit } from './repositories/audit';

/** One staff action as the audit log keeps it. `before`/`after` are any JSON (null when there is none). */
export interface AuditInput {
  staffId: number;
  action: string;
  target_type: string;
  target_id: string | number;
  before?: unknown;
  after?: unknown;
  reason?: string;
  /** The app's clock (tests move it); default the database's. */
  at?: Date;
}

/**
 * Writes a staff action to the audit log. Call it with the transaction of the action itself, so the action and
 * its record are kept or lost together (see docs/trust.md).
 */
export async function audit(db: Queryable, entry: AuditInput): Promise<void> {
  const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));
  await insertAudit(db, {
    staffId: entry.staffId,
    action: entry.action,
    targetType: entry.target_type,
    targetId: String(entry.target_id),
    before: json(entry.before),
    after: json(entry.after),
    reason: entry.reason ?? '',
    at: entry.at ?? null,
  });
}

/**
 * For staff actions of other modules that run their own transaction: runs the action, then records it with its
 * answer as `after` (an action that fails is not recorded). docs/trust.md says why this is a separate write.
 */
export async function audited<T>(db: Queryable, entry: Omit<AuditInput, 'after'>, run: () => Promise<T>): Promise<T> {
  const result = await run();
  await audit(db, { ...entry, after: result });
  return result;
}
