import {
  CategoryDetail,
  CategoryTreeItem,
  CutWords,
  CutWordsBody,
  DocsSetting,
  HotKeyword,
  PageOnlyQuery,
  Suggestions,
  SuggestQuery,
  UploadCategory,
} from 'contracts';
import type { FastifyInstance } from 'fastify';
import { PageSchema, paginate, type PaginateOptions } from '../../../core/http/pagination';
import { keywordService } from '../services/keywords';
import { normaliseKeyword } from '../search/query';
import { cutRaw, cutWords } from '../search/segmenter';
import { IdParams, type IdParamsT } from '../serialize';
import { categoryDetails, categoryOut, docsSetting, uploadCategories } from '../services/meta';

const READ = { rateLimit: 'read' } as const;

/** A page source over a list already in memory. */
function listed<T>(items: T[], sizes: Pick<PaginateOptions<T>, 'defaultPageSize' | 'maxPageSize'>): PaginateOptions<T> {
  return { ...sizes, count: async () => items.length, fetch: async (limit, offset) => items.slice(offset, offset + limit) };
}

/** Reference data: categories, upload categories, the site's settings, hot keywords, suggestions, word cutting. */
export async function metaRoutes(app: FastifyInstance): Promise<void> {
  const categoryDetail = categoryDetails(app);
  const keywords = keywordService(app);

  app.get<{ Querystring: PageOnlyQuery }>(
    '/api/articles-category/',
    { schema: { querystring: PageOnlyQuery, response: { 200: PageSchema(CategoryTreeItem) } }, config: READ },
    async (request) => {
      const roots = await app.content.categories.roots();
      return paginate(request, {
        defaultPageSize: 100,
        count: async () => roots.length,
        fetch: async (limit, offset) => roots.slice(offset, offset + limit).map((r) => categoryOut(r, 0)),
      });
    },
  );

  app.get<{ Params: IdParamsT }>(
    '/api/articles-category/:id/',
    { schema: { params: IdParams, response: { 200: CategoryDetail } }, config: READ },
    async (request) => categoryDetail(request.params.id),
  );

  app.get<{ Querystring: PageOnlyQuery }>(
    '/api/upload-category/',
    { schema: { querystring: PageOnlyQuery, response: { 200: PageSchema(UploadCategory) } }, config: READ },
    async (request) => paginate(request, listed(await uploadCategories(app), { defaultPageSize: 100, maxPageSize: 500 })),
  );

  app.get('/api/docs-setting/', { schema: { response: { 200: DocsSetting } }, config: READ }, async () => docsSetting());

  app.get<{ Querystring: PageOnlyQuery }>(
    '/api/search-keyword/',
    { schema: { querystring: PageOnlyQuery, response: { 200: PageSchema(HotKeyword) } }, config: READ },
    async (request) => paginate(request, listed(await keywords.hot(50), { defaultPageSize: 10, maxPageSize: 50 })),
  );

  app.get<{ Querystring: SuggestQuery }>(
    '/api/keyword-recommend/',
    { schema: { querystring: SuggestQuery, response: { 200: Suggestions } }, config: READ },
    async (request) => {
      const prefix = normaliseKeyword(request.query.keyword);
      const results = prefix ? await keywords.suggest(prefix, request.query.page_size ?? 10) : [];
      return { count: results.length, next: null, previous: null, results };
    },
  );

  app.post<{ Body: CutWordsBody }>(
    '/api/cut-words/',
    { schema: { body: CutWordsBody, response: { 200: CutWords } }, config: READ },
    async (request) => ({ words: cutWords(request.body.text), all: cutRaw(request.body.text) }),
  );
}
