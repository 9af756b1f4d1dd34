import { BlogDetail, BlogItem, BlogsQuery, DocDetail, DocItem, DocsQuery, IdParams, PageSchema, RecommendQuery } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { paginate } from '../../../core/http/pagination';
import { keptAnswer } from '../answers';
import { catalogService } from '../services/catalog';
import { isSearch, searchService } from '../services/search';

/**
 * Lists and detail pages of documents and blogs; a list's `?search=` is a search (services/search.ts). The lists and
 * the recommendations answer from app.content.answers (answers.ts): the same page for everyone, made once until
 * something changes.
 */
export async function catalogRoutes(app: FastifyInstance): Promise<void> {
  const catalog = catalogService(app);
  const search = searchService(app);
  const read = { rateLimit: 'read' } as const;

  app.get<{ Querystring: DocsQuery }>(
    '/api/docs/',
    { schema: { querystring: DocsQuery, response: { 200: PageSchema(DocItem) } }, config: read },
    async (request, reply) => {
      const q = request.query;
      if (isSearch(q.search)) return search.docs(request, reply, { ...q, search: q.search });
      return (await keptAnswer(request, reply, async () => paginate(request, await catalog.docs(q)))).body;
    },
  );

  app.get<{ Params: IdParams }>(
    '/api/docs/:id/',
    { schema: { params: IdParams, response: { 200: DocDetail } }, config: read },
    async (request) => catalog.docDetail(request, request.params.id),
  );

  app.get<{ Querystring: BlogsQuery }>(
    '/api/blogs/',
    { schema: { querystring: BlogsQuery, response: { 200: PageSchema(BlogItem) } }, config: read },
    async (request, reply) => {
      const q = request.query;
      if (isSearch(q.search)) return search.blogs(request, reply, { ...q, search: q.search });
      return (await keptAnswer(request, reply, async () => paginate(request, await catalog.blogs(q)))).body;
    },
  );

  app.get<{ Params: IdParams }>(
    '/api/blogs/:id/',
    { schema: { params: IdParams, response: { 200: BlogDetail } }, config: read },
    async (request) => catalog.blogDetail(request, request.params.id),
  );

  app.get<{ Querystring: RecommendQuery }>(
    '/api/articles-recommend/',
    { schema: { querystring: RecommendQuery, response: { 200: PageSchema(DocItem) } }, config: read },
    // read with every detail page. Kept as the lists are, once the item is known to be visible to the asker: the
    // answer is then the public documents of its category, the same for everyone (an owner's unpublished item's
    // too, which nobody else gets past the check)
    async (request, reply) => {
      const list = await catalog.recommended(request, request.query);
      return (await keptAnswer(request, reply, async () => paginate(request, { defaultPageSize: 10, ...list }))).body;
    },
  );
}
