import type { FeedbackBody, Page } from 'contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalid } from '../../../core/http/errors';
import { paginate } from '../../../core/http/pagination';
import { countFeedback, insertFeedback, listFeedback, type FeedbackRow } from '../repositories/feedback';

/** A new feedback of `userId`: the text trimmed and required, the contact trimmed, the screenshots once each. */
export async function submitFeedback(app: FastifyInstance, userId: number, body: FeedbackBody): Promise<FeedbackRow> {
  const content = body.content.trim();
  if (!content) throw invalid({ content: ['请填写反馈内容'] });
  const images = [...new Set(body.images ?? [])];
  return insertFeedback(app.db, { userId, content, contact: (body.contact ?? '').trim(), images, now: app.now() });
}

/** The person's own feedback with the staff's replies, newest first. */
export function pageOfFeedback(app: FastifyInstance, request: FastifyRequest, userId: number): Promise<Page<FeedbackRow>> {
  return paginate(request, {
    count: () => countFeedback(app.db, userId),
    fetch: (limit, offset) => listFeedback(app.db, userId, limit, offset),
  });
}
