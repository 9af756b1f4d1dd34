import { BlogCreateBody, BlogDraftPatch, DraftConflict, MyBlog, MyBlogPage, MyBlogQuery, WritingIdParams } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { paginate } from '../../../core/http/pagination';
import { requireActiveUser, requireLogin } from '../../accounts/guards';
import * as blogs from '../services/blogs';

const TAGS = ['写文章'];
/** A draft is Markdown up to 200,000 characters (up to 4 bytes each in UTF-8), plus the other fields. */
const DRAFT_BODY_BYTES = 900 * 1024;

/** Writing blogs: create, autosave the draft (versioned), submit for review, delete, and my posts. */
export async function blogWriteRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: BlogCreateBody }>(
    '/api/blogs/',
    { bodyLimit: DRAFT_BODY_BYTES, config: { rateLimit: 'account', userLimit: 'blog-write' }, schema: { tags: TAGS, summary: '新建文章（草稿）', body: BlogCreateBody, response: { 201: MyBlog } } },
    async (request, reply) => reply.code(201).send(await blogs.createBlog(app, requireActiveUser(request).user.id, request.body)),
  );
  app.patch<{ Params: WritingIdParams; Body: BlogDraftPatch }>(
    '/api/blogs/:id/',
    {
      bodyLimit: DRAFT_BODY_BYTES,
      schema: { tags: TAGS, summary: '保存草稿（带版本号；版本过期时 409 并返回服务器上的草稿）', params: WritingIdParams, body: BlogDraftPatch, response: { 200: MyBlog, 409: DraftConflict } },
    },
    async (request) => blogs.saveDraft(app, requireLogin(request).user.id, request.params.id, request.body),
  );
  app.delete<{ Params: WritingIdParams }>(
    '/api/blogs/:id/',
    { config: { rateLimit: 'account' }, schema: { tags: TAGS, summary: '删除文章', params: WritingIdParams } },
    async (request, reply) => {
      await blogs.deleteBlog(app, request, requireLogin(request).user.id, request.params.id);
      return reply.code(204).send();
    },
  );
  app.post<{ Params: WritingIdParams }>(
    '/api/blogs/:id/submit/',
    { config: { rateLimit: 'account', userLimit: 'blog-write' }, schema: { tags: TAGS, summary: '提交审核（先经机器检查）', params: WritingIdParams, response: { 200: MyBlog } } },
    async (request) => blogs.submitBlog(app, requireActiveUser(request).user.id, request.params.id),
  );
  app.get<{ Querystring: MyBlogQuery }>(
    '/api/my-blogs/',
    { config: { rateLimit: 'read' }, schema: { tags: TAGS, summary: '我的文章', querystring: MyBlogQuery, response: { 200: MyBlogPage } } },
    async (request) => paginate(request, blogs.myBlogPages(app, requireLogin(request).user.id, request.query.status)),
  );
  app.get<{ Params: WritingIdParams }>(
    '/api/my-blogs/:id/',
    { config: { rateLimit: 'read' }, schema: { tags: TAGS, summary: '我的一篇文章及其草稿', params: WritingIdParams, response: { 200: MyBlog } } },
    async (request) => blogs.readMyBlog(app, requireLogin(request).user.id, request.params.id),
  );
}
