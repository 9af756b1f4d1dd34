import { Feedback, FeedbackBody, FeedbackPage, FeedbackQuery } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { requireActiveUser, requireLogin } from '../../accounts/guards';
import { pageOfFeedback, submitFeedback } from '../services/feedback';

const TAGS = ['站点'];

/** POST /api/feedback/ (SPEC §7: text, contact, screenshots) and GET /api/feedback/ (my feedback and its replies). */
export async function feedbackRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: FeedbackBody }>(
    '/api/feedback/',
    { config: { userLimit: 'feedback' }, schema: { tags: TAGS, summary: '意见反馈', body: FeedbackBody, response: { 201: Feedback } } },
    async (request, reply) => reply.code(201).send(await submitFeedback(app, requireActiveUser(request).user.id, request.body)),
  );

  app.get<{ Querystring: FeedbackQuery }>(
    '/api/feedback/',
    { config: { rateLimit: 'read' }, schema: { tags: TAGS, summary: '我的反馈', querystring: FeedbackQuery, response: { 200: FeedbackPage } } },
    async (request) => pageOfFeedback(app, request, requireLogin(request).user.id),
  );
}
