import type { Queryable } from '../../core/db';

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
  await db.query(
    `INSERT INTO staff_audit (staff_id, action, target_type, target_id, before, after, reason, create_time)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, COALESCE($8::timestamptz, now()))`,
    [entry.staffId, entry.action, entry.target_type, String(entry.target_id), json(entry.before), json(entry.after), entry.reason ?? '', entry.at ?? null],
  );
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
