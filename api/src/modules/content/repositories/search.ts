import type { ItemType } from 'contracts';
import type { Queryable } from '../../../core/db';
import { SEARCH_MAX_RESULTS } from '../constants';
import type { SearchEngine, SearchHit, SearchOrder, SearchRequest } from '../search/engine';
import { parseQuery, tsqueryText } from '../search/query';
import { itemConditions } from './filters';

const ORDER_SQL: Record<SearchOrder, string> = {
  relevance: 'rank DESC, create_time DESC, downloads DESC, id DESC',
  create_time: 'create_time ASC, id ASC',
  '-create_time': 'create_time DESC, id DESC',
  downloads: 'downloads ASC, id ASC',
  '-downloads': 'downloads DESC, id DESC',
  views: 'views ASC, id ASC',
  '-views': 'views DESC, id DESC',
};

interface Table {
  type: ItemType;
  sql: string;
  alias: string;
  downloads: string;
  /** The join to the item's view counts (migration 0023), made only when the order is by views. */
  viewsJoin: string;
  views: string;
}

const TABLES: Record<ItemType, Table> = {
  docs: {
    type: 'docs', sql: 'documents', alias: 'd', downloads: 'd.downloads',
    viewsJoin: 'JOIN document_views dv ON dv.document_id = d.id', views: 'dv.views',
  },
  blogs: {
    type: 'blogs', sql: 'blogs', alias: 'b', downloads: '0::bigint',
    viewsJoin: 'JOIN blog_views bv ON bv.blog_id = b.id', views: 'bv.views',
  },
};

interface SearchPlan {
  count(): Promise<number>;
  page(limit: number, offset: number): Promise<SearchHit[]>;
}

/** The tables a search reads: a type keeps one; a document kind (ext_cate) leaves blogs out. */
function tablesOf(request: SearchRequest): Table[] {
  const tables: Table[] = [];
  if (request.type !== 'blogs') tables.push(TABLES.docs);
  if (request.type !== 'docs' && !request.extCate) tables.push(TABLES.blogs);
  return tables;
}

/** The ORDER BY of one table's branch of a search in `order` (two branches, title matches first, for relevance). */
function branchOrders(t: Table, order: SearchOrder): { rank: 0 | 1; extra: string; orderSql: string }[] {
  const a = t.alias;
  if (order === 'relevance') {
    const newest = `${a}.create_time DESC, ${t.downloads} DESC, ${a}.id DESC`;
    return [
      { rank: 1, extra: `${a}.title_vector @@ $1::tsquery`, orderSql: newest },
      { rank: 0, extra: `NOT (${a}.title_vector @@ $1::tsquery)`, orderSql: newest },
    ];
  }
  const [field, dir] = order.startsWith('-') ? [order.slice(1), 'DESC'] : [order, 'ASC'];
  const column = field === 'downloads' ? t.downloads : field === 'views' ? t.views : `${a}.${field}`;
  return [{ rank: 0, extra: '', orderSql: `${column} ${dir}, ${a}.id ${dir}` }];
}

/** The queries of one search: its matches counted (up to SEARCH_MAX_RESULTS), and a page of them. */
function searchPlan(db: Queryable, request: SearchRequest, tsquery: string): SearchPlan {
  const params: unknown[] = [tsquery];
  const filters = itemConditions({ categoryIds: request.categoryIds, extCate: request.extCate }, params);
  const tables = tablesOf(request);
  const where = (t: Table, extra: string) =>
    [`${t.alias}.search_vector @@ $1::tsquery`, ...filters[t.type], extra].filter(Boolean).join(' AND ');
  const order = request.order ?? 'relevance';
  const byViews = order === 'views' || order === '-views';
  // each branch needs no more rows than the page reaches
  const reach = `$${params.length + 1}`;
  const branch = (t: Table, b: { rank: 0 | 1; extra: string; orderSql: string }) =>
    `(SELECT '${t.type}' AS type, ${t.alias}.id, ${b.rank} AS rank, ${t.alias}.create_time, ${t.downloads} AS downloads,
             ${byViews ? t.views : '0::bigint'} AS views FROM ${t.sql} ${t.alias} ${byViews ? t.viewsJoin : ''}
       WHERE ${where(t, b.extra)} ORDER BY ${b.orderSql} LIMIT ${reach})`;
  return {
    async count() {
      if (!tables.length) return 0;
      const parts = tables.map((t) => `SELECT 1 FROM ${t.sql} ${t.alias} WHERE ${where(t, '')}`);
      const [{ n }] = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM (${parts.join(' UNION ALL ')} LIMIT ${SEARCH_MAX_RESULTS}) hits`,
        params,
      );
      return n;
    },
    async page(limit, offset) {
      if (!tables.length || limit <= 0) return [];
      const parts = tables.flatMap((t) => branchOrders(t, order).map((b) => branch(t, b)));
      return db.query<SearchHit>(
        `SELECT type, id, rank FROM (${parts.join(' UNION ALL ')}) hits
          ORDER BY ${ORDER_SQL[order]} LIMIT $${params.length + 2} OFFSET $${params.length + 3}`,
        [...params, offset + limit, limit, offset],
      );
    },
  };
}

/**
 * The database engine. The GIN index finds the public items holding every word (in the title, author, summary
 * or the opening of the text); when none does, any word. Relevance comes in two tiers: items whose title holds
 * the words (a second, small GIN index on the title), then the other matches; within a tier the newest first,
 * then the most downloaded. Each tier is read in that order and only as far as the page asked for, so a common
 * word with thousands of matches costs about as much as a rare one; the count stops at SEARCH_MAX_RESULTS.
 */
export function databaseSearch(db: Queryable): SearchEngine {
  return {
    async prepare(request) {
      const { keyword, terms } = parseQuery(request.text);
      const marks = [...new Set([...keyword.split(' ').filter(Boolean), ...terms])];
      if (!terms.length) return { keyword, terms: marks, count: 0, hits: async () => [] };
      let current = searchPlan(db, request, tsqueryText(terms, 'all'));
      let count = await current.count();
      if (count === 0 && terms.length > 1) {
        current = searchPlan(db, request, tsqueryText(terms, 'any'));
        count = await current.count();
      }
      return {
        keyword,
        terms: marks,
        count,
        hits: async (limit, offset) => (count && offset < count ? current.page(Math.min(limit, count - offset), offset) : []),
      };
    },
  };
}
