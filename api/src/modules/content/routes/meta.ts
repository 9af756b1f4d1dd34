import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../../core/http/errors';
import { PageQuery, PageSchema, paginate } from '../../../core/http/pagination';
import { Text } from '../../../core/http/validation';
import type { CategoryNode } from '../categories';
import {
  ADDRESS_DAILY_FREE_DOWNLOADS,
  BLOG_STATUS_TEXT,
  COMMENT_MAX_CHARS,
  DOC_STATUS_TEXT,
  DOWNLOAD_LINK_TTL_S,
  EXT_CATE_LABELS,
  EXT_CATES,
  PAID_PREVIEW_PAGES,
  RATING_TEXTS,
  REPORT_MAX_CHARS,
  REPORT_REASON_TEXT,
  SEARCH_MAX_CHARS,
  TEXT_PAGE_CHARS,
  USER_DAILY_FREE_DOWNLOADS,
  VISITOR_DAILY_FREE_DOWNLOADS,
} from '../constants';
import { clock } from '../context';
import { countCache } from '../load';
import { hotKeywords, suggest } from '../search/keywords';
import { normaliseKeyword } from '../search/query';
import { cutRaw, cutWords } from '../search/segmenter';
import { IdParams, type IdParamsT } from '../serialize';

const CategoryBase = {
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  parent: Type.Union([Type.Integer(), Type.Null()]),
  sequence: Type.Integer(),
  is_upload: Type.Boolean(),
};
const Child = Type.Object(CategoryBase);
/** A category with its children down to three levels (the tree is at most that deep). */
const CategoryTreeItem = Type.Object({
  ...CategoryBase,
  children: Type.Array(Type.Object({ ...CategoryBase, children: Type.Array(Type.Object({ ...CategoryBase, children: Type.Array(Child) })) })),
});

type Out = Static<typeof Child> & { children?: Out[] };
function categoryOut(node: CategoryNode, depth: number): Out {
  const base = {
    id: node.id,
    name: node.name,
    description: node.description,
    parent: node.parent_id,
    sequence: node.sequence,
    is_upload: node.is_upload,
  };
  return depth >= 3 ? base : { ...base, children: node.children.map((c) => categoryOut(c, depth + 1)) };
}

const SimplePage = <T extends TSchema>(item: T) => PageSchema(item);

export async function metaRoutes(app: FastifyInstance): Promise<void> {
  const counts = countCache(30_000);

  app.get<{ Querystring: Static<typeof ListQuery> }>(
    '/api/articles-category/',
    { schema: { querystring: ListQuery, response: { 200: PageSchema(CategoryTreeItem) } }, config: { rateLimit: 'read' } },
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
    {
      schema: {
        params: IdParams,
        response: {
          200: Type.Object({
            ...CategoryBase,
            path: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() }), { description: '从根分类到本分类' }),
            children: Type.Array(Type.Object({ ...CategoryBase })),
            docs_count: Type.Integer({ description: '本分类及子分类的公开文档数' }),
            blogs_count: Type.Integer(),
          }),
        },
      },
      config: { rateLimit: 'read' },
    },
    async (request) => {
      const nodes = await app.content.categories.all();
      const node = nodes.get(request.params.id);
      if (!node) throw new ApiError(404, 'not_found', '分类不存在');
      const ids = await app.content.categories.withDescendants(node.id);
      const [docs, blogs] = await Promise.all([
        counts(`cat-docs|${node.id}`, async () =>
          (await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM documents WHERE category_id = ANY($1::bigint[]) AND status IN (1, 5)', [ids]))[0].n,
        ),
        counts(`cat-blogs|${node.id}`, async () =>
          (await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM blogs WHERE category_id = ANY($1::bigint[]) AND status = 1', [ids]))[0].n,
        ),
      ]);
      const path = await app.content.categories.path(node.id);
      const out = categoryOut(node, 2);
      return {
        ...out,
        path: path.map((c) => ({ id: c.id, name: c.name })),
        children: node.children.map((c) => categoryOut(c, 3)),
        docs_count: docs,
        blogs_count: blogs,
      };
    },
  );

  const UploadCategory = Type.Object({ id: Type.Integer(), name: Type.String(), full_name: Type.String({ description: '如“诗词 / 唐诗”' }), parent: Type.Union([Type.Integer(), Type.Null()]) });
  app.get<{ Querystring: Static<typeof ListQuery> }>(
    '/api/upload-category/',
    { schema: { querystring: ListQuery, response: { 200: SimplePage(UploadCategory) } }, config: { rateLimit: 'read' } },
    async (request) => {
      const nodes = await app.content.categories.all();
      const leaves = [...nodes.values()].filter((n) => n.is_upload && n.children.length === 0);
      const items = await Promise.all(
        leaves.map(async (n) => ({
          id: n.id,
          name: n.name,
          full_name: (await app.content.categories.path(n.id)).map((c) => c.name).join(' / '),
          parent: n.parent_id,
        })),
      );
      return paginate(request, {
        defaultPageSize: 100,
        maxPageSize: 500,
        count: async () => items.length,
        fetch: async (limit, offset) => items.slice(offset, offset + limit),
      });
    },
  );

  app.get('/api/docs-setting/', { config: { rateLimit: 'read' } }, async () => ({
    free_down_num: { user: USER_DAILY_FREE_DOWNLOADS, visitor: VISITOR_DAILY_FREE_DOWNLOADS, address: ADDRESS_DAILY_FREE_DOWNLOADS },
    preview: { paid_page_limit: PAID_PREVIEW_PAGES, text_page_chars: TEXT_PAGE_CHARS, pdf_reader: 'pdf.js' },
    download_link_ttl: DOWNLOAD_LINK_TTL_S,
    ext_cates: EXT_CATES.map((value) => ({ value, label: EXT_CATE_LABELS[value] })),
    docs_status: Object.entries(DOC_STATUS_TEXT).map(([value, label]) => ({ value: Number(value), label })),
    blogs_status: Object.entries(BLOG_STATUS_TEXT).map(([value, label]) => ({ value: Number(value), label })),
    rating_texts: RATING_TEXTS,
    score_scale: 10000,
    comment_max_length: COMMENT_MAX_CHARS,
    report_max_length: REPORT_MAX_CHARS,
    report_reasons: Object.entries(REPORT_REASON_TEXT).map(([value, label]) => ({ value, label })),
    search_max_length: SEARCH_MAX_CHARS,
  }));

  const Keyword = Type.Object({ keyword: Type.String(), count: Type.Integer() });
  app.get<{ Querystring: Static<typeof ListQuery> }>(
    '/api/search-keyword/',
    { schema: { querystring: ListQuery, response: { 200: SimplePage(Keyword) } }, config: { rateLimit: 'read' } },
    async (request) => {
      const hot = await hotKeywords(app.db, clock(app), 50);
      return paginate(request, {
        defaultPageSize: 10,
        maxPageSize: 50,
        count: async () => hot.length,
        fetch: async (limit, offset) => hot.slice(offset, offset + limit),
      });
    },
  );

  const SuggestQuery = Type.Object({ keyword: Text({ maxLength: SEARCH_MAX_CHARS }), page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 20 })) });
  const Suggestion = Type.Object({ keyword: Type.String(), type: Type.String({ enum: ['keyword', 'title'] }) });
  app.get<{ Querystring: Static<typeof SuggestQuery> }>(
    '/api/keyword-recommend/',
    {
      schema: {
        querystring: SuggestQuery,
        response: { 200: Type.Object({ count: Type.Integer(), next: Type.Null(), previous: Type.Null(), results: Type.Array(Suggestion) }) },
      },
      config: { rateLimit: 'read' },
    },
    async (request) => {
      const prefix = normaliseKeyword(request.query.keyword);
      const results = prefix ? await suggest(app.db, prefix, request.query.page_size ?? 10) : [];
      return { count: results.length, next: null, previous: null, results };
    },
  );

  const CutBody = Type.Object({ text: Text({ minLength: 1, maxLength: 2000 }) }, { additionalProperties: false });
  app.post<{ Body: Static<typeof CutBody> }>(
    '/api/cut-words/',
    {
      schema: {
        body: CutBody,
        response: { 200: Type.Object({ words: Type.Array(Type.String(), { description: '去掉标点和空白后的词' }), all: Type.Array(Type.String()) }) },
      },
      config: { rateLimit: 'read' },
    },
    async (request) => ({ words: cutWords(request.body.text), all: cutRaw(request.body.text) }),
  );
}

const ListQuery = Type.Object({ ...PageQuery });
