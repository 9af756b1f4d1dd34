import { BlogDetail, BlogItem, BlogsQuery, DocDetail, DocItem, DocsQuery, IdParams, PageSchema, RecommendQuery } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { paginate } from '../../../core/http/pagination';
import { catalogService } from '../services/catalog';
import { isSearch, searchService } from '../services/search';

/** Lists and detail pages of documents and blogs; a list's `?search=` is a search (services/search.ts). */
export async function catalogRoutes(app: FastifyInstance): Promise<void> {
  const catalog = catalogService(app);
  const search = searchService(app);
  const read = { rateLimit: 'read' } as const;

  app.get<{ Querystring: DocsQuery }>(
    '/api/docs/',
    { schema: { querystring: DocsQuery, response: { 200: PageSchema(DocItem) } }, config: read },
    async (request) => {
      const q = request.query;
      return isSearch(q.search) ? search.docs(request, { ...q, search: q.search }) : paginate(request, await catalog.docs(q));
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
    async (request) => {
      const q = request.query;
      return isSearch(q.search) ? search.blogs(request, { ...q, search: q.search }) : paginate(request, await catalog.blogs(q));
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
    async (request) => paginate(request, { defaultPageSize: 10, ...(await catalog.recommended(request, request.query)) }),
  );
}
