import { ArticleItem, ArticlesQuery, PageSchema } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { paginate } from '../../../core/http/pagination';
import { keptAnswer } from '../answers';
import { catalogService } from '../services/catalog';
import { isSearch, searchService } from '../services/search';

/**
 * The site search: GET articles/?keyword= over documents and blogs (best match first unless ordered); without a
 * keyword, both lists together (a category's page). The lists' own `?search=` is in catalog.ts. Both answer from
 * app.content.answers (answers.ts).
 */
export async function searchRoutes(app: FastifyInstance): Promise<void> {
  const catalog = catalogService(app);
  const search = searchService(app);

  app.get<{ Querystring: ArticlesQuery }>(
    '/api/articles/',
    { schema: { querystring: ArticlesQuery, response: { 200: PageSchema(ArticleItem) } }, config: { rateLimit: 'read' } },
    async (request, reply) => {
      const q = request.query;
      if (isSearch(q.keyword)) return search.articles(request, reply, { ...q, keyword: q.keyword });
      return (await keptAnswer(request, reply, async (read) => paginate(request, await catalog.articles(q, read)))).body;
    },
  );
}
