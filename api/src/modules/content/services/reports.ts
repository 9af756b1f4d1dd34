import { REPORT_MAX_CHARS, type ReportBody } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { isUniqueViolation } from '../../../core/db/errors';
import { ApiError } from '../../../core/http/errors';
import type { PaginateOptions } from '../../../core/http/pagination';
import { REPORT_REASON_TEXT, REPORT_STATUS_TEXT } from '../constants';
import { clock } from '../context';
import { visibleCommentExists } from '../repositories/comments';
import * as repo from '../repositories/reports';
import { ensurePublic } from './items';
import { cleanText } from '../text';
import { requiredText } from './text-input';

/** A complaint as the API shows it: its reason and status also as text. */
const reportOut = (r: repo.ReportRow) => ({ ...r, reason_text: REPORT_REASON_TEXT[r.reason] ?? '', status_text: REPORT_STATUS_TEXT[r.status] ?? '' });
export type ReportOut = ReturnType<typeof reportOut>;

const reportNotFound = () => new ApiError(404, 'not_found', '投诉不存在');

/** A complaint about a public document or blog or a visible comment; one per user and item. */
export async function fileReport(app: FastifyInstance, userId: number, body: ReportBody): Promise<ReportOut> {
  const content = requiredText('content', body.content, REPORT_MAX_CHARS, '请填写投诉说明', `投诉说明不能超过${REPORT_MAX_CHARS}个字`);
  const contact = cleanText(body.contact ?? '').slice(0, 100);
  if (body.type === 'comment') {
    if (!(await visibleCommentExists(app.db, body.id))) throw new ApiError(404, 'not_found', '评论不存在或已被删除');
  } else {
    await ensurePublic(app.db, body.type, body.id);
  }
  try {
    return reportOut(await repo.insertReport(app.db, userId, { ...body, content, contact }, clock(app)));
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError(409, 'duplicate_report', '您已投诉过该内容，请等待处理结果');
    throw err;
  }
}

/** The user's complaints as a page source, of one status or all. */
export function reportPages(app: FastifyInstance, userId: number, status: number | undefined): PaginateOptions<ReportOut> {
  return {
    count: () => repo.countReports(app.db, userId, status),
    fetch: async (limit, offset) => (await repo.listReports(app.db, userId, status, limit, offset)).map(reportOut),
  };
}

export async function userReport(app: FastifyInstance, userId: number, id: number): Promise<ReportOut> {
  const row = await repo.userReport(app.db, userId, id);
  if (!row) throw reportNotFound();
  return reportOut(row);
}

/** Withdraws a complaint of the user's while it is still waiting. */
export async function withdrawReport(app: FastifyInstance, userId: number, id: number): Promise<void> {
  const status = await repo.userReportStatus(app.db, userId, id);
  if (status === undefined) throw reportNotFound();
  if (status !== 0) throw new ApiError(409, 'report_in_progress', '投诉已在处理中，无法撤回');
  await repo.deleteWaitingReport(app.db, id);
}
