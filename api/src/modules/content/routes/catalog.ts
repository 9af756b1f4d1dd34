import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, invalid } from '../../../core/http/errors';
import { orderBy, OrderingQuery, type OrderingOptions } from '../../../core/http/ordering';
import { PageQuery, PageSchema, paginate } from '../../../core/http/pagination';
import { StringEnum, Text } from '../../../core/http/validation';
import { EXT_CATES, SEARCH_MAX_CHARS, type ExtCate } from '../constants';
import { clock, currentUser, searcherKey } from '../context';
import { blogsByIds, countCache, docsByIds, fillNames, visibleBlog, visibleDoc } from '../load';
import { previewInfo, PreviewInfo } from '../preview';
import type { SearchOrder } from '../search/engine';
import { highlight } from '../search/highlight';
import { recordSearch } from '../search/keywords';
import {
  BLOG_COLUMNS,
  BLOG_FROM,
  BlogItem,
  blogItem,
  CategoryRef,
  DOC_COLUMNS,
  DOC_FROM,
  DocItem,
  docItem,
  Flag,
  flagOn,
  IdParams,
  type BlogRow,
  type DocRow,
  type IdParamsT,
} from '../serialize';

const Keyword = Text({ maxLength: SEARCH_MAX_CHARS, description: '搜索关键词' });
const CategoryId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: '分类 id（含其子分类）' });

const docOrdering: OrderingOptions = {
  fields: {
    create_time: 'd.create_time',
    downloads: 'd.downloads',
    views: 'dv.views',
    score: 'd.score',
    price: 'd.price',
  },
  default: '-create_time',
  tieBreaker: 'd.id',
};
const DocsQuery = Type.Object({
  ...PageQuery,
  ...OrderingQuery(docOrdering),
  category: Type.Optional(CategoryId),
  ext_cate: Type.Optional(StringEnum(EXT_CATES)),
  is_free: Type.Optional(Flag('1/true 只看免费，0/false 只看付费')),
  uploader: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
  search: Type.Optional(Keyword),
});

const blogOrdering: OrderingOptions = {
  fields: { create_time: 'b.create_time', update_time: 'b.update_time', views: 'bv.views' },
  default: '-create_time',
  tieBreaker: 'b.id',
};
const BlogsQuery = Type.Object({
  ...PageQuery,
  ...OrderingQuery(blogOrdering),
  category: Type.Optional(CategoryId),
  author: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
  search: Type.Optional(Keyword),
});

const articleOrdering: OrderingOptions = {
  fields: { create_time: 'create_time', views: 'views' },
  default: '-create_time',
  tieBreaker: 'id',
};
const ArticlesQuery = Type.Object({
  ...PageQuery,
  ...OrderingQuery(articleOrdering),
  keyword: Type.Optional(Keyword),
  type: Type.Optional(StringEnum(['docs', 'blogs'] as const)),
  category: Type.Optional(CategoryId),
  ext_cate: Type.Optional(StringEnum(EXT_CATES)),
});

const ArticleItem = Type.Union([
  Type.Object({ type: Type.Literal('docs'), ...DocItem.properties }),
  Type.Object({ type: Type.Literal('blogs'), ...BlogItem.properties }),
]);

const DocDetail = Type.Object({
  ...DocItem.properties,
  category_path: Type.Array(CategoryRef, { description: '从根分类到本分类' }),
  preview: PreviewInfo,
  is_collected: Type.Boolean(),
  is_purchased: Type.Boolean(),
  is_owner: Type.Boolean(),
});

const Appendix = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  file_type: Type.String(),
  size: Type.Integer(),
  price: Type.Integer(),
  is_free: Type.Boolean(),
  downloads: Type.Integer(),
  create_time: Type.String({ format: 'date-time' }),
});

const BlogDetail = Type.Object({
  ...BlogItem.properties,
  content: Type.String({ description: 'Markdown 正文（客户端渲染时须经过净化）' }),
  category_path: Type.Array(CategoryRef),
  appendices: Type.Array(Appendix),
  is_collected: Type.Boolean(),
  is_owner: Type.Boolean(),
});

const RecommendQuery = Type.Object({
  ...PageQuery,
  docs: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
  blogs: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
});

/**
 * Name of the prepared statement of an unfiltered list (`content_docs_downloads_desc`) in one order (none given:
 * the default); undefined for an order of several fields, planned per request rather than prepared in every
 * combination. Call it after orderBy(), which refuses fields outside the whitelist.
 *
 * Only unfiltered lists are prepared: PGlite runs a prepared statement on its generic plan, which cannot know how
 * many documents a filter keeps. For a category of 19 documents out of 100,000 it walks the whole ordering index
 * (0.9-1.6 s) where the plan made for the request sorts the 19 (0.7 ms); for the unfiltered list both plans are
 * the same index scan, and preparing it saves the planning: 0.8 against 1.3-1.8 ms for a page of 20 documents.
 */
function preparedListName(list: 'docs' | 'blogs', raw: string | undefined, options: OrderingOptions): string | undefined {
  const terms = (raw ?? '').split(',').map((t) => t.trim()).filter(Boolean);
  if (terms.length > 1) return undefined;
  const term = terms[0] ?? options.default;
  return `content_${list}_${term.startsWith('-') ? `${term.slice(1)}_desc` : `${term}_asc`}`;
}

/** A page of a list: the prepared statement when it has a name (integer parameters only), else a plain query. */
function listPage<T extends object>(app: FastifyInstance, name: string | undefined, sql: string, params: unknown[]): Promise<T[]> {
  return name ? app.db.preparedQuery<T>(name, sql, params as number[]) : app.db.query<T>(sql, params);
}

/** Orderings a search result can take: relevance by default, or one date/number field. */
function searchOrder(raw: string | undefined, allowed: readonly SearchOrder[]): SearchOrder {
  if (raw === undefined || raw.trim() === '') return 'relevance';
  const value = raw.trim() as SearchOrder;
  if (!allowed.includes(value)) {
    throw invalid({ ordering: [`搜索结果只能按以下方式排序：${allowed.join('、')}。`] }, '排序参数有误');
  }
  return value;
}

async function categoryFilter(app: FastifyInstance, id: number | undefined): Promise<number[] | undefined> {
  if (id === undefined) return undefined;
  const ids = await app.content.categories.withDescendants(id);
  if (!ids.length) throw new ApiError(404, 'not_found', '分类不存在');
  return ids;
}

/** Highlighted title and summary of a search hit (none outside a search). */
function marks(row: { title: string; summary: string }, terms: string[]) {
  return terms.length ? { title_highlight: highlight(row.title, terms), summary_highlight: highlight(row.summary, terms) } : {};
}

function isFirstPage(request: FastifyRequest): boolean {
  const page = (request.query as { page?: string }).page;
  return page === undefined || page === '' || page === '1';
}

async function countSearch(app: FastifyInstance, request: FastifyRequest, keyword: string, count: number): Promise<void> {
  if (count === 0 || !isFirstPage(request)) return;
  try {
    await recordSearch(app.db, keyword, searcherKey(request), clock(app));
  } catch (err) {
    request.log.warn({ err }, 'search keyword not counted');
  }
}

export async function catalogRoutes(app: FastifyInstance): Promise<void> {
  const counts = countCache(5_000);

  app.get<{ Querystring: Static<typeof DocsQuery> }>(
    '/api/docs/',
    { schema: { querystring: DocsQuery, response: { 200: PageSchema(DocItem) } }, config: { rateLimit: 'read' } },
    async (request) => {
      const q = request.query;
      const categoryIds = await categoryFilter(app, q.category);
      if (q.search !== undefined && q.search.trim() !== '') {
        const order = searchOrder(q.ordering, ['relevance', '-create_time', 'create_time', '-downloads', 'downloads', '-views', 'views']);
        const search = await app.content.search.prepare({
          text: q.search, type: 'docs', extCate: q.ext_cate as ExtCate | undefined, categoryIds, order,
        });
        const page = await paginate(request, {
          count: async () => search.count,
          fetch: async (limit, offset) => {
            const hits = await search.hits(limit, offset);
            const rows = await docsByIds(app, hits.map((h) => h.id));
            return hits.flatMap((h) => {
              const row = rows.get(h.id);
              return row ? [{ ...docItem(row), ...marks(row, search.terms) }] : [];
            });
          },
        });
        await countSearch(app, request, search.keyword, page.count);
        return page;
      }
      const where = ['d.status IN (1, 5)'];
      const params: unknown[] = [];
      const add = (sql: string, value: unknown) => {
        params.push(value);
        where.push(sql.replace('?', `$${params.length}`));
      };
      if (categoryIds) add('d.category_id = ANY(?::bigint[])', categoryIds);
      if (q.ext_cate) add('d.ext_cate = ?', q.ext_cate);
      if (q.is_free !== undefined) add('d.is_free = ?', flagOn(q.is_free));
      if (q.uploader !== undefined) add('d.uploader_id = ?', q.uploader);
      const order = orderBy(q.ordering, docOrdering);
      const whereSql = where.join(' AND ');
      const prepared = params.length ? undefined : preparedListName('docs', q.ordering, docOrdering);
      return paginate(request, {
        count: () =>
          counts(`docs|${whereSql}|${JSON.stringify(params)}`, async () => {
            const [{ n }] = await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM documents d WHERE ${whereSql}`, params);
            return n;
          }),
        fetch: async (limit, offset) => {
          const rows = await listPage<DocRow>(
            app,
            prepared,
            `SELECT ${DOC_COLUMNS} FROM ${DOC_FROM} WHERE ${whereSql} ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
            [...params, limit, offset],
          );
          return (await fillNames(app, rows)).map((r) => docItem(r));
        },
      });
    },
  );

  app.get<{ Params: IdParamsT }>(
    '/api/docs/:id/',
    { schema: { params: IdParams, response: { 200: DocDetail } }, config: { rateLimit: 'read' } },
    async (request) => {
      const row = await visibleDoc(app, request, request.params.id);
      const user = currentUser(request);
      let isCollected = false;
      let isPurchased = false;
      if (user) {
        const [state] = await app.db.query<{ collected: boolean; purchased: boolean }>(
          `SELECT EXISTS (SELECT 1 FROM collect_items WHERE user_id = $1 AND docs_id = $2) AS collected,
                  EXISTS (SELECT 1 FROM docs_purchases WHERE user_id = $1 AND docs_id = $2) AS purchased`,
          [user.id, row.id],
        );
        isCollected = state.collected;
        isPurchased = state.purchased;
        await recordHistory(app, user.id, 'docs', row.id);
      }
      app.content.views.add('documents', row.id);
      const path = await app.content.categories.path(row.category_id);
      const isOwner = user?.id === row.uploader_id;
      return {
        ...docItem(row, app.content.views.pending('documents', row.id)),
        category_path: path.map((c) => ({ id: c.id, name: c.name })),
        preview: previewInfo(row, isOwner || isPurchased),
        is_collected: isCollected,
        is_purchased: isPurchased,
        is_owner: isOwner,
      };
    },
  );

  app.get<{ Querystring: Static<typeof BlogsQuery> }>(
    '/api/blogs/',
    { schema: { querystring: BlogsQuery, response: { 200: PageSchema(BlogItem) } }, config: { rateLimit: 'read' } },
    async (request) => {
      const q = request.query;
      const categoryIds = await categoryFilter(app, q.category);
      if (q.search !== undefined && q.search.trim() !== '') {
        const order = searchOrder(q.ordering, ['relevance', '-create_time', 'create_time', '-views', 'views']);
        const search = await app.content.search.prepare({ text: q.search, type: 'blogs', categoryIds, order });
        const page = await paginate(request, {
          count: async () => search.count,
          fetch: async (limit, offset) => {
            const hits = await search.hits(limit, offset);
            const rows = await blogsByIds(app, hits.map((h) => h.id));
            return hits.flatMap((h) => {
              const row = rows.get(h.id);
              return row ? [{ ...blogItem(row), ...marks(row, search.terms) }] : [];
            });
          },
        });
        await countSearch(app, request, search.keyword, page.count);
        return page;
      }
      const where = ['b.status = 1'];
      const params: unknown[] = [];
      if (categoryIds) {
        params.push(categoryIds);
        where.push(`b.category_id = ANY($${params.length}::bigint[])`);
      }
      if (q.author !== undefined) {
        params.push(q.author);
        where.push(`b.author_id = $${params.length}`);
      }
      const order = orderBy(q.ordering, blogOrdering);
      const whereSql = where.join(' AND ');
      const prepared = params.length ? undefined : preparedListName('blogs', q.ordering, blogOrdering);
      return paginate(request, {
        count: () =>
          counts(`blogs|${whereSql}|${JSON.stringify(params)}`, async () => {
            const [{ n }] = await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM blogs b WHERE ${whereSql}`, params);
            return n;
          }),
        fetch: async (limit, offset) => {
          const rows = await listPage<BlogRow>(
            app,
            prepared,
            `SELECT ${BLOG_COLUMNS} FROM ${BLOG_FROM} WHERE ${whereSql} ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
            [...params, limit, offset],
          );
          return (await fillNames(app, rows)).map((r) => blogItem(r));
        },
      });
    },
  );

  app.get<{ Params: IdParamsT }>(
    '/api/blogs/:id/',
    { schema: { params: IdParams, response: { 200: BlogDetail } }, config: { rateLimit: 'read' } },
    async (request) => {
      const row = await visibleBlog(app, request, request.params.id);
      const user = currentUser(request);
      const [{ content }] = await app.db.query<{ content: string }>('SELECT content FROM blogs WHERE id = $1', [row.id]);
      const appendices = await app.db.query<Static<typeof Appendix>>(
        `SELECT a.id, a.name, f.ext AS file_type, f.size, a.price, (a.price = 0) AS is_free, a.downloads, a.create_time
           FROM blog_appendices a JOIN content_files f ON f.id = a.file_id WHERE a.blogs_id = $1 ORDER BY a.id`,
        [row.id],
      );
      let isCollected = false;
      if (user) {
        const found = await app.db.query('SELECT 1 FROM collect_items WHERE user_id = $1 AND blogs_id = $2', [user.id, row.id]);
        isCollected = found.length > 0;
        await recordHistory(app, user.id, 'blogs', row.id);
      }
      app.content.views.add('blogs', row.id);
      const path = await app.content.categories.path(row.category_id);
      return {
        ...blogItem(row, app.content.views.pending('blogs', row.id)),
        content,
        category_path: path.map((c) => ({ id: c.id, name: c.name })),
        appendices,
        is_collected: isCollected,
        is_owner: user?.id === row.author_id,
      };
    },
  );

  app.get<{ Querystring: Static<typeof ArticlesQuery> }>(
    '/api/articles/',
    { schema: { querystring: ArticlesQuery, response: { 200: PageSchema(ArticleItem) } }, config: { rateLimit: 'read' } },
    async (request) => {
      const q = request.query;
      const categoryIds = await categoryFilter(app, q.category);
      const load = async (hits: { type: 'docs' | 'blogs'; id: number }[], terms: string[]) => {
        const docs = await docsByIds(app, hits.filter((h) => h.type === 'docs').map((h) => h.id));
        const blogs = await blogsByIds(app, hits.filter((h) => h.type === 'blogs').map((h) => h.id));
        return hits.flatMap((h): Static<typeof ArticleItem>[] => {
          if (h.type === 'docs') {
            const row = docs.get(h.id);
            return row ? [{ type: 'docs' as const, ...docItem(row), ...marks(row, terms) }] : [];
          }
          const row = blogs.get(h.id);
          return row ? [{ type: 'blogs' as const, ...blogItem(row), ...marks(row, terms) }] : [];
        });
      };
      if (q.keyword !== undefined && q.keyword.trim() !== '') {
        const order = searchOrder(q.ordering, ['relevance', '-create_time', 'create_time', '-views', 'views']);
        const search = await app.content.search.prepare({
          text: q.keyword, type: q.type, extCate: q.ext_cate as ExtCate | undefined, categoryIds, order,
        });
        const page = await paginate(request, {
          count: async () => search.count,
          fetch: async (limit, offset) => load(await search.hits(limit, offset), search.terms),
        });
        await countSearch(app, request, search.keyword, page.count);
        return page;
      }
      const docWhere = ['d.status IN (1, 5)'];
      const blogWhere = ['b.status = 1'];
      const params: unknown[] = [];
      if (categoryIds) {
        params.push(categoryIds);
        docWhere.push(`d.category_id = ANY($${params.length}::bigint[])`);
        blogWhere.push(`b.category_id = ANY($${params.length}::bigint[])`);
      }
      if (q.ext_cate) {
        params.push(q.ext_cate);
        docWhere.push(`d.ext_cate = $${params.length}`);
      }
      const order = orderBy(q.ordering, articleOrdering);
      // the view counts (and the join to their tables) only when the order asks for them: their (views, id)
      // indexes give that order; the count never needs them
      const union = (withViews: boolean) => {
        const parts: string[] = [];
        if (q.type !== 'blogs') {
          parts.push(withViews
            ? `SELECT 'docs' AS type, d.id, d.create_time, dv.views FROM documents d JOIN document_views dv ON dv.document_id = d.id
                WHERE ${docWhere.join(' AND ')}`
            : `SELECT 'docs' AS type, d.id, d.create_time FROM documents d WHERE ${docWhere.join(' AND ')}`);
        }
        if (q.type !== 'docs' && !q.ext_cate) {
          parts.push(withViews
            ? `SELECT 'blogs' AS type, b.id, b.create_time, bv.views FROM blogs b JOIN blog_views bv ON bv.blog_id = b.id
                WHERE ${blogWhere.join(' AND ')}`
            : `SELECT 'blogs' AS type, b.id, b.create_time FROM blogs b WHERE ${blogWhere.join(' AND ')}`);
        }
        return parts.join(' UNION ALL ');
      };
      const countUnion = union(false);
      if (!countUnion) return paginate(request, { count: async () => 0, fetch: async () => [] });
      const pageUnion = union(/\bviews\b/.test(order));
      return paginate(request, {
        count: () =>
          counts(`articles|${countUnion}|${JSON.stringify(params)}`, async () => {
            const [{ n }] = await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${countUnion}) a`, params);
            return n;
          }),
        fetch: async (limit, offset) => {
          const hits = await app.db.query<{ type: 'docs' | 'blogs'; id: number }>(
            `SELECT type, id FROM (${pageUnion}) a ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
            [...params, limit, offset],
          );
          return load(hits, []);
        },
      });
    },
  );

  app.get<{ Querystring: Static<typeof RecommendQuery> }>(
    '/api/articles-recommend/',
    { schema: { querystring: RecommendQuery, response: { 200: PageSchema(DocItem) } }, config: { rateLimit: 'read' } },
    async (request) => {
      const q = request.query;
      const params: unknown[] = [];
      const where = ['d.status IN (1, 5)'];
      let categoryId: number | undefined;
      if (q.docs !== undefined) {
        const doc = await visibleDoc(app, request, q.docs);
        categoryId = doc.category_id;
        params.push(doc.id);
        where.push(`d.id <> $${params.length}`);
      } else if (q.blogs !== undefined) {
        categoryId = (await visibleBlog(app, request, q.blogs)).category_id;
      }
      if (categoryId !== undefined) {
        params.push(await app.content.categories.withDescendants(categoryId));
        where.push(`d.category_id = ANY($${params.length}::bigint[])`);
      } else {
        where.push('d.score >= 40000');
      }
      const whereSql = where.join(' AND ');
      return paginate(request, {
        defaultPageSize: 10,
        count: () =>
          counts(`recommend|${whereSql}|${JSON.stringify(params)}`, async () => {
            const [{ n }] = await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM documents d WHERE ${whereSql}`, params);
            return n;
          }),
        fetch: async (limit, offset) => {
          const rows = await app.db.query<DocRow>(
            `SELECT ${DOC_COLUMNS} FROM ${DOC_FROM} WHERE ${whereSql} ORDER BY d.create_time DESC, d.id DESC
              LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
            [...params, limit, offset],
          );
          return (await fillNames(app, rows)).map((r) => docItem(r));
        },
      });
    },
  );
}

/** Moves the item to the top of the user's browsing history (one row per item). */
async function recordHistory(app: FastifyInstance, userId: number, type: 'docs' | 'blogs', id: number): Promise<void> {
  const column = type === 'docs' ? 'docs_id' : 'blogs_id';
  await app.db.query(
    `INSERT INTO browsing_history (user_id, ${column}, create_time) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, ${column}) WHERE ${column} IS NOT NULL DO UPDATE SET create_time = EXCLUDED.create_time`,
    [userId, id, clock(app)],
  );
}
