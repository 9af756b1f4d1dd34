import type { ReportResolveBody, StaffReport } from 'contracts';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../../core/db';
import { ApiError } from '../../../core/http/errors';
import type { PaginateOptions } from '../../../core/http/pagination';
import { REPORT_REASON_TEXT, REPORT_STATUS_TEXT } from '../../content/constants';
import { audit } from '../audit';

interface Row {
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

const out = (r: Row): StaffReport => ({
  id: r.id,
  type: r.type,
  target: r.target,
  reason: r.reason,
  reason_text: (REPORT_REASON_TEXT as Record<string, string>)[r.reason] ?? '',
  content: r.content,
  contact: r.contact,
  status: r.status,
  status_text: REPORT_STATUS_TEXT[r.status] ?? '',
  reply: r.reply,
  create_time: r.create_time as unknown as string,
  update_time: r.update_time as unknown as string,
  reporter: { uid: r.reporter_id, nickname: r.reporter_name },
});

/** GET staff/reports/: reports of a status (default 0 待处理), the oldest first. */
export function reportQueue(app: FastifyInstance, status = 0): PaginateOptions<StaffReport> {
  return {
    count: async () => (await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM content_reports WHERE status = $1', [status]))[0].n,
    fetch: async (limit, offset) => (await app.db.query<Row>(`${SELECT} WHERE r.status = $1 ORDER BY r.id LIMIT $2 OFFSET $3`, [status, limit, offset])).map(out),
  };
}

/** Carries out the action on the reported item; answers what the audit log keeps as "after". */
type Changed = ['documents' | 'blogs', number] | null;

async function act(tx: Queryable, row: Row, action: ReportResolveBody['action'], now: Date): Promise<{ after: Record<string, unknown>; changed: Changed }> {
  if (action === 'dismiss') return { after: {}, changed: null };
  if (action === 'hide_comment') {
    if (row.type !== 'comment') throw new ApiError(400, 'not_comment', '被投诉的不是评论，不能删除评论');
    const [c] = await tx.query<{ docs_id: number | null; blogs_id: number | null }>('UPDATE content_comments SET status = 0 WHERE id = $1 AND status = 1 RETURNING docs_id, blogs_id', [row.target]);
    if (!c) return { after: { comment_status: 0 }, changed: null };
    const changed: Changed = c.docs_id !== null ? ['documents', Number(c.docs_id)] : ['blogs', Number(c.blogs_id)];
    await tx.query(`UPDATE ${changed[0]} SET comment_count = GREATEST(comment_count - 1, 0) WHERE id = $1`, [changed[1]]);
    return { after: { comment_status: 0 }, changed };
  }
  if (row.type === 'comment') throw new ApiError(400, 'not_item', '被投诉的是评论，请选择删除评论');
  // documents: 4 已下架; blogs: 3 已删除 (writing's BLOG_STATUS.removed)
  const [table, status] = row.type === 'docs' ? (['documents', 4] as const) : (['blogs', 3] as const);
  await tx.query(`UPDATE ${table} SET status = $2, update_time = $3 WHERE id = $1`, [row.target, status, now]);
  return { after: { [`${row.type}_status`]: status }, changed: [table, row.target] };
}

/** POST staff/reports/{id}/resolve/: dismiss (3 已驳回) or act on the item (2 已处理); the reason is the reply. */
export async function resolveReport(app: FastifyInstance, staffId: number, id: number, body: ReportResolveBody): Promise<StaffReport> {
  const now = app.now();
  const changed = await app.db.transaction(async (tx) => {
    await tx.query('SELECT id FROM content_reports WHERE id = $1 FOR UPDATE', [id]);
    const [found] = await tx.query<Row>(`${SELECT} WHERE r.id = $1`, [id]);
    if (!found) throw new ApiError(404, 'not_found', '举报不存在');
    if (found.status > 1) throw new ApiError(409, 'wrong_state', '该举报已处理');
    const { after, changed: touched } = await act(tx, found, body.action, now);
    const status = body.action === 'dismiss' ? 3 : 2;
    await tx.query('UPDATE content_reports SET status = $2, reply = $3, update_time = $4 WHERE id = $1', [id, status, body.reason.trim(), now]);
    await audit(tx, { staffId, action: `report.${body.action}`, target_type: 'report', target_id: id, before: { status: found.status }, after: { status, ...after }, reason: body.reason, at: now });
    return touched;
  });
  if (changed) app.content.rows.changed(...changed);
  const [fresh] = await app.db.query<Row>(`${SELECT} WHERE r.id = $1`, [id]);
  return out(fresh);
}
