import type { ArticlesQuery, BlogsQuery, DocsQuery } from 'contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { invalid } from '../../../core/http/errors';
import { paginate } from '../../../core/http/pagination';
import type { ReadTime } from '../list-rows';
import type { PreparedSearch, SearchHit, SearchOrder, SearchRequest } from '../search/engine';
import { highlighter } from '../search/highlight';
import { normaliseKeyword } from '../search/query';
import { keptAnswer } from '../answers';
import { recordSearch } from './keywords';
import { blogItem, docItem } from '../serialize';
import { articleItems, categoryFilter } from './catalog';

/** Orderings a search of documents can take: relevance by default, or one date/number field. */
const DOC_SEARCH_ORDERS: readonly SearchOrder[] = ['relevance', '-create_time', 'create_time', '-downloads', 'downloads', '-views', 'views'];
/** Blogs and mixed results have no download count. */
const ITEM_SEARCH_ORDERS: readonly SearchOrder[] = ['relevance', '-create_time', 'create_time', '-views', 'views'];

/** A keyword that starts a search (blank means the plain list). */
export function isSearch(text: string | undefined): text is string {
  return text !== undefined && text.trim() !== '';
}

function searchOrder(raw: string | undefined, allowed: readonly SearchOrder[]): SearchOrder {
  if (raw === undefined || raw.trim() === '') return 'relevance';
  const value = raw.trim() as SearchOrder;
  if (!allowed.includes(value)) {
    throw invalid({ ordering: [`搜索结果只能按以下方式排序：${allowed.join('、')}。`] }, '排序参数有误');
  }
  return value;
}

/** Highlighted title and summary of a search hit (made once for a page's terms). */
function marks(terms: string[]): (row: { title: string; summary: string }) => { title_highlight?: string; summary_highlight?: string } {
  if (!terms.length) return () => ({});
  const html = highlighter(terms);
  return (row) => ({ title_highlight: html(row.title), summary_highlight: html(row.summary) });
}

function isFirstPage(request: FastifyRequest): boolean {
  const page = (request.query as { page?: string }).page;
  return page === undefined || page === '' || page === '1';
}

/** A search that found something counts its keyword for the hot keywords, on its first page only. */
function countSearch(app: FastifyInstance, request: FastifyRequest, keyword: string, count: number): void {
  if (count > 0 && isFirstPage(request)) recordSearch(app, request, keyword);
}

/** Items of the hits (in the hits' order), highlighted; a hit whose row is gone meanwhile is left out. */
function hitItems<R extends { title: string; summary: string }, T extends object>(hits: SearchHit[], rows: Map<number, R>, item: (row: R) => T, terms: string[]) {
  const marked = marks(terms);
  return hits.flatMap((h) => {
    const row = rows.get(h.id);
    return row ? [Object.assign(item(row), marked(row))] : []; // added, not copied (catalog.ts's articleItems)
  });
}

/**
 * Searches from the lists' `?search=` (documents, blogs) and the site search (`GET articles/?keyword=`). The page
 * comes from app.content.answers when the same URL was answered since the last change (answers.ts); the keyword is
 * counted for the hot keywords either way.
 */
export function searchService(app: FastifyInstance) {
  const run = async <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    search: SearchRequest & { category?: number; ordering?: string },
    allowed: readonly SearchOrder[],
    load: (hits: SearchHit[], prepared: PreparedSearch, read: ReadTime) => Promise<T[]>,
  ): Promise<Buffer> => {
    const answer = await keptAnswer(request, reply, async (read) => {
      const categoryIds = await categoryFilter(app, search.category);
      const order = searchOrder(search.ordering, allowed);
      const prepared = await app.content.search.prepare({ text: search.text, type: search.type, extCate: search.extCate, categoryIds, order });
      return paginate(request, {
        count: async () => prepared.count,
        fetch: async (limit, offset) => load(await prepared.hits(limit, offset), prepared, read),
      });
    });
    countSearch(app, request, normaliseKeyword(search.text), answer.count);
    return answer.body;
  };
  return {
    docs: (request: FastifyRequest, reply: FastifyReply, q: DocsQuery & { search: string }): Promise<Buffer> =>
      run(request, reply, { text: q.search, type: 'docs', extCate: q.ext_cate, category: q.category, ordering: q.ordering }, DOC_SEARCH_ORDERS, async (hits, s, read) => {
        const rows = await app.content.listRows.documents.get(hits.map((h) => h.id), read);
        return hitItems(hits, rows, (r) => docItem(r), s.terms);
      }),
    blogs: (request: FastifyRequest, reply: FastifyReply, q: BlogsQuery & { search: string }): Promise<Buffer> =>
      run(request, reply, { text: q.search, type: 'blogs', category: q.category, ordering: q.ordering }, ITEM_SEARCH_ORDERS, async (hits, s, read) => {
        const rows = await app.content.listRows.blogs.get(hits.map((h) => h.id), read);
        return hitItems(hits, rows, (r) => blogItem(r), s.terms);
      }),
    articles: (request: FastifyRequest, reply: FastifyReply, q: ArticlesQuery & { keyword: string }): Promise<Buffer> =>
      run(request, reply, { text: q.keyword, type: q.type, extCate: q.ext_cate, category: q.category, ordering: q.ordering }, ITEM_SEARCH_ORDERS, (hits, s, read) =>
        articleItems(app, hits, marks(s.terms), read),
      ),
  };
}
export type SearchService = ReturnType<typeof searchService>;
