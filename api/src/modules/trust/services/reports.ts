import type { ReportResolveBody, StaffReport } from 'contracts';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../../core/db';
import { ApiError } from '../../../core/http/errors';
import type { PaginateOptions } from '../../../core/http/pagination';
import { REPORT_REASON_TEXT, REPORT_STATUS_TEXT } from '../../content/constants';
import { audit } from '../audit';
import * as repo from '../repositories/reports';

const out = (r: repo.ReportRow): StaffReport => ({
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
    count: () => repo.countReports(app.db, status),
    fetch: async (limit, offset) => (await repo.listReports(app.db, status, limit, offset)).map(out),
  };
}

/** Carries out the action on the reported item; answers what the audit log keeps as "after". */
type Changed = ['documents' | 'blogs', number] | null;

async function act(tx: Queryable, row: repo.ReportRow, action: ReportResolveBody['action'], now: Date): Promise<{ after: Record<string, unknown>; changed: Changed }> {
  if (action === 'dismiss') return { after: {}, changed: null };
  if (action === 'hide_comment') {
    if (row.type !== 'comment') throw new ApiError(400, 'not_comment', '被投诉的不是评论，不能删除评论');
    const c = await repo.hideComment(tx, row.target);
    if (!c) return { after: { comment_status: 0 }, changed: null };
    const changed: Changed = c.docs_id !== null ? ['documents', Number(c.docs_id)] : ['blogs', Number(c.blogs_id)];
    await repo.decrementCommentCount(tx, ...changed);
    return { after: { comment_status: 0 }, changed };
  }
  if (row.type === 'comment') throw new ApiError(400, 'not_item', '被投诉的是评论，请选择删除评论');
  // documents: 4 已下架; blogs: 3 已删除 (writing's BLOG_STATUS.removed)
  const [table, status] = row.type === 'docs' ? (['documents', 4] as const) : (['blogs', 3] as const);
  await repo.setItemStatus(tx, table, row.target, status, now);
  return { after: { [`${row.type}_status`]: status }, changed: [table, row.target] };
}

/** POST staff/reports/{id}/resolve/: dismiss (3 已驳回) or act on the item (2 已处理); the reason is the reply. */
export async function resolveReport(app: FastifyInstance, staffId: number, id: number, body: ReportResolveBody): Promise<StaffReport> {
  const now = app.now();
  const { changed, isCount } = await app.db.transaction(async (tx) => {
    await repo.lockReport(tx, id);
    const found = await repo.report(tx, id);
    if (!found) throw new ApiError(404, 'not_found', '举报不存在');
    if (found.status > 1) throw new ApiError(409, 'wrong_state', '该举报已处理');
    const { after, changed: touched } = await act(tx, found, body.action, now);
    const status = body.action === 'dismiss' ? 3 : 2;
    await repo.setReportStatus(tx, id, status, body.reason.trim(), now);
    await audit(tx, { staffId, action: `report.${body.action}`, target_type: 'report', target_id: id, before: { status: found.status }, after: { status, ...after }, reason: body.reason, at: now });
    // a hidden comment is one comment fewer (a count); a taken-down item changes what the lists hold
    return { changed: touched, isCount: found.type === 'comment' };
  });
  if (changed) app.content.rows[isCount ? 'counted' : 'changed'](...changed);
  const fresh = await repo.report(app.db, id);
  return out(fresh!);
}
