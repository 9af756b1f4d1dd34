import type { ReportBody, ReportReason } from 'contracts';
import type { Queryable } from '../../../core/db';

/** The SQL of complaints (content_reports; status 0 is waiting, only then may its author withdraw it). */

export interface ReportRow {
  id: number;
  type: string;
  target: number;
  reason: ReportReason;
  content: string;
  contact: string;
  status: number;
  reply: string;
  create_time: Date;
  update_time: Date;
}

const REPORT_COLUMNS = 'id, target_type AS type, target_id AS target, reason, content, contact, status, reply, create_time, update_time';

/** The new complaint (a unique violation when the user already complained about this item). */
export async function insertReport(q: Queryable, userId: number, report: ReportBody, now: Date): Promise<ReportRow> {
  const [row] = await q.query<ReportRow>(
    `INSERT INTO content_reports (user_id, target_type, target_id, reason, content, contact, create_time, update_time)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING ${REPORT_COLUMNS}`,
    [userId, report.type, report.id, report.reason, report.content, report.contact ?? '', now],
  );
  return row;
}

function userWhere(userId: number, status: number | undefined): { where: string; params: unknown[] } {
  return status === undefined ? { where: 'user_id = $1', params: [userId] } : { where: 'user_id = $1 AND status = $2', params: [userId, status] };
}

export async function countReports(q: Queryable, userId: number, status?: number): Promise<number> {
  const { where, params } = userWhere(userId, status);
  return (await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM content_reports WHERE ${where}`, params))[0].n;
}

/** A user's complaints, newest first. */
export function listReports(q: Queryable, userId: number, status: number | undefined, limit: number, offset: number): Promise<ReportRow[]> {
  const { where, params } = userWhere(userId, status);
  return q.query<ReportRow>(
    `SELECT ${REPORT_COLUMNS} FROM content_reports WHERE ${where}
      ORDER BY create_time DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, limit, offset],
  );
}

export async function userReport(q: Queryable, userId: number, id: number): Promise<ReportRow | undefined> {
  const [row] = await q.query<ReportRow>(`SELECT ${REPORT_COLUMNS} FROM content_reports WHERE id = $1 AND user_id = $2`, [id, userId]);
  return row;
}

export async function userReportStatus(q: Queryable, userId: number, id: number): Promise<number | undefined> {
  const [row] = await q.query<{ status: number }>('SELECT status FROM content_reports WHERE id = $1 AND user_id = $2', [id, userId]);
  return row?.status;
}

/** Deletes the complaint while it is still waiting. */
export async function deleteWaitingReport(q: Queryable, id: number): Promise<void> {
  await q.query('DELETE FROM content_reports WHERE id = $1 AND status = 0', [id]);
}
