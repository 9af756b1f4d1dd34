import { BlogRejectBody, StaffBlog, StaffBlogPage, StaffBlogQuery, WritingIdParams } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { paginate } from '../../../core/http/pagination';
import { requireStaff } from '../../accounts/guards';
import { audited } from '../../trust/audit';
import { review, reviewQueue } from '../services/review';

const TAGS = ['管理'];
const REVIEWERS = ['reviewer', 'admin'] as const;

/** Staff review of blog posts (reviewer and admin; 403 to anyone else). The staff console's pages call these. */
export async function blogReviewRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: StaffBlogQuery }>(
    '/api/staff/blogs/',
    { config: { rateLimit: 'read' }, schema: { tags: TAGS, summary: '文章审核列表', querystring: StaffBlogQuery, response: { 200: StaffBlogPage } } },
    async (request) => {
      await requireStaff(request, REVIEWERS);
      return paginate(request, reviewQueue(app, request.query.status));
    },
  );
  app.post<{ Params: WritingIdParams }>(
    '/api/staff/blogs/:id/approve/',
    { schema: { tags: TAGS, summary: '审核通过（发布）', params: WritingIdParams, response: { 200: StaffBlog } } },
    async (request) => {
      const { user } = await requireStaff(request, REVIEWERS);
      return audited(app.db, { staffId: user.id, action: 'blogs.approve', target_type: 'blogs', target_id: request.params.id }, () => review(app, request.params.id, { approve: true }));
    },
  );
  app.post<{ Params: WritingIdParams; Body: BlogRejectBody }>(
    '/api/staff/blogs/:id/reject/',
    { bodyLimit: 4 * 1024, schema: { tags: TAGS, summary: '驳回（作者会看到原因）', params: WritingIdParams, body: BlogRejectBody, response: { 200: StaffBlog } } },
    async (request) => {
      const { user } = await requireStaff(request, REVIEWERS);
      const entry = { staffId: user.id, action: 'blogs.reject', target_type: 'blogs', target_id: request.params.id, reason: request.body.reason };
      return audited(app.db, entry, () => review(app, request.params.id, { approve: false, reason: request.body.reason }));
    },
  );
}
