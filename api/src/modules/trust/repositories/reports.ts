import type { Queryable } from '../../../core/db';

export interface ReportRow {
  id: number;
  type: string;
  target: number;
  reason: string;
  content: string;
  contact: string;
  status: number;
  reply: string;
  create_time: Date;
  update_time: Date;
  reporter_id: number;
  reporter_name: string;
}

const SELECT = `SELECT r.id::int AS id, r.target_type AS type, r.target_id::int AS target, r.reason, r.content, r.contact, r.status::int AS status,
  r.reply, r.create_time, r.update_time, r.user_id::int AS reporter_id, u.nickname AS reporter_name
  FROM content_reports r JOIN users u ON u.id = r.user_id`;

export async function countReports(q: Queryable, status: number): Promise<number> {
  return (await q.query<{ n: number }>('SELECT count(*)::int AS n FROM content_reports WHERE status = $1', [status]))[0].n;
}

/** The oldest first. */
export async function listReports(q: Queryable, status: number, limit: number, offset: number): Promise<ReportRow[]> {
  return q.query<ReportRow>(`${SELECT} WHERE r.status = $1 ORDER BY r.id LIMIT $2 OFFSET $3`, [status, limit, offset]);
}

export async function report(q: Queryable, id: number): Promise<ReportRow | undefined> {
  const [row] = await q.query<ReportRow>(`${SELECT} WHERE r.id = $1`, [id]);
  return row;
}

export async function lockReport(q: Queryable, id: number): Promise<void> {
  await q.query('SELECT id FROM content_reports WHERE id = $1 FOR UPDATE', [id]);
}

export async function setReportStatus(q: Queryable, id: number, status: number, reply: string, at: Date): Promise<void> {
  await q.query('UPDATE content_reports SET status = $2, reply = $3, update_time = $4 WHERE id = $1', [id, status, reply, at]);
}

/** Hides a shown comment; answers where it was, or undefined when it was not shown. */
export async function hideComment(q: Queryable, id: number): Promise<{ docs_id: number | null; blogs_id: number | null } | undefined> {
  const [row] = await q.query<{ docs_id: number | null; blogs_id: number | null }>('UPDATE content_comments SET status = 0 WHERE id = $1 AND status = 1 RETURNING docs_id, blogs_id', [id]);
  return row;
}

export async function decrementCommentCount(q: Queryable, table: 'documents' | 'blogs', id: number): Promise<void> {
  await q.query(`UPDATE ${table} SET comment_count = GREATEST(comment_count - 1, 0) WHERE id = $1`, [id]);
}

export async function setItemStatus(q: Queryable, table: 'documents' | 'blogs', id: number, status: number, at: Date): Promise<void> {
  await q.query(`UPDATE ${table} SET status = $2, update_time = $3 WHERE id = $1`, [id, status, at]);
}
