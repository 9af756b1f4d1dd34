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
  /**
   * Every match in the search's order when there are at most SEARCH_MAX_RESULTS of them, else null: one pass over
   * the GIN index's matches (at most SEARCH_MAX_RESULTS + 1 rows read) that is the count and every page at once.
   */
  matches(): Promise<SearchHit[] | null>;
  /** A page of a search with more matches than that (each tier read in order, only as far as the page). */
  page(limit: number, offset: number): Promise<SearchHit[]>;
}

/** The tables a search reads: a type keeps one; a document kind (ext_cate) leaves blogs out. */
function tablesOf(request: SearchRequest): Table[] {
  const tables: Table[] = [];
  if (request.type !== 'blogs') tables.push(TABLES.docs);
  if (request.type !== 'docs' && !request.extCate) tables.push(TABLES.blogs);
  return tables;
}

/**
 * One table's branch of a tier of a search in `order`: for relevance, tier 1 is the items whose title holds the
 * words and tier 0 the others; any other order has one tier (0).
 */
function tierBranch(t: Table, order: SearchOrder, rank: 0 | 1): { extra: string; orderSql: string } {
  const a = t.alias;
  if (order === 'relevance') {
    const extra = rank ? `${a}.title_vector @@ $1::tsquery` : `NOT (${a}.title_vector @@ $1::tsquery)`;
    return { extra, orderSql: `${a}.create_time DESC, ${t.downloads} DESC, ${a}.id DESC` };
  }
  const [field, dir] = order.startsWith('-') ? [order.slice(1), 'DESC'] : [order, 'ASC'];
  const column = field === 'downloads' ? t.downloads : field === 'views' ? t.views : `${a}.${field}`;
  return { extra: '', orderSql: `${column} ${dir}, ${a}.id ${dir}` };
}

/** The queries of one search: all its matches when they are few, or a page of them. */
function searchPlan(db: Queryable, request: SearchRequest, tsquery: string): SearchPlan {
  const params: unknown[] = [tsquery];
  const filters = itemConditions({ categoryIds: request.categoryIds, extCate: request.extCate }, params);
  const tables = tablesOf(request);
  const where = (t: Table, extra: string) =>
    [`${t.alias}.search_vector @@ $1::tsquery`, ...filters[t.type], extra].filter(Boolean).join(' AND ');
  const order = request.order ?? 'relevance';
  const byViews = order === 'views' || order === '-views';
  // what a branch selects from a table: the sort keys of the outer ORDER BY
  const from = (t: Table, rank: string) =>
    `SELECT '${t.type}' AS type, ${t.alias}.id, ${rank} AS rank, ${t.alias}.create_time, ${t.downloads} AS downloads,
            ${byViews ? t.views : '0::bigint'} AS views FROM ${t.sql} ${t.alias} ${byViews ? t.viewsJoin : ''}`;
  // the first `reach` rows of a tier, in order: each table's branch read in its order only that far
  const tierRows = (rank: 0 | 1, reach: number) => {
    const branches = tables.map((t) => {
      const b = tierBranch(t, order, rank);
      return `(${from(t, String(rank))} WHERE ${where(t, b.extra)} ORDER BY ${b.orderSql} LIMIT $${params.length + 1})`;
    });
    return db.query<SearchHit>(
      `SELECT type, id, rank FROM (${branches.join(' UNION ALL ')}) hits ORDER BY ${ORDER_SQL[order]} LIMIT $${params.length + 1}`,
      [...params, reach],
    );
  };
  return {
    async matches() {
      if (!tables.length) return [];
      // rows in the GIN index's order, LIMIT before the sort: the planner cannot turn this into a walk of a time
      // index that tests every row (which for a rare word reads the whole table, 0.5 s on PGlite)
      const rank = (t: Table) => (order === 'relevance' ? `(${t.alias}.title_vector @@ $1::tsquery)::int` : '0');
      const parts = tables.map((t) => `${from(t, rank(t))} WHERE ${where(t, '')}`);
      const rows = await db.query<SearchHit>(
        `SELECT type, id, rank FROM (${parts.join(' UNION ALL ')} LIMIT ${SEARCH_MAX_RESULTS + 1}) hits ORDER BY ${ORDER_SQL[order]}`,
        params,
      );
      return rows.length > SEARCH_MAX_RESULTS ? null : rows;
    },
    async page(limit, offset) {
      if (!tables.length || limit <= 0) return [];
      // tier after tier: a page inside the first tier (a word in many titles) never reads the second
      const out: SearchHit[] = [];
      let skip = offset;
      for (const rank of order === 'relevance' ? ([1, 0] as const) : ([0] as const)) {
        const rows = await tierRows(rank, skip + limit - out.length);
        out.push(...rows.slice(skip));
        if (out.length >= limit) break;
        skip = Math.max(0, skip - rows.length);
      }
      return out;
    },
  };
}

/**
 * The database engine. The GIN index finds the public items holding every word (in the title, author, summary
 * or the opening of the text); when none does, any word. Relevance comes in two tiers: items whose title holds
 * the words, then the other matches; within a tier the newest first, then the most downloaded. A search with at
 * most SEARCH_MAX_RESULTS matches reads them all once (count and every page from one query); one with more (a
 * common word) counts SEARCH_MAX_RESULTS and reads each tier in order only as far as the page asked for (a
 * second, small GIN index on the title for the first tier), so that it costs about as much as a rare one.
 */
export function databaseSearch(db: Queryable): SearchEngine {
  return {
    async prepare(request) {
      const { keyword, terms } = parseQuery(request.text);
      const marks = [...new Set([...keyword.split(' ').filter(Boolean), ...terms])];
      if (!terms.length) return { keyword, terms: marks, count: 0, hits: async () => [] };
      let plan = searchPlan(db, request, tsqueryText(terms, 'all'));
      let all = await plan.matches();
      if (all?.length === 0 && terms.length > 1) {
        plan = searchPlan(db, request, tsqueryText(terms, 'any'));
        all = await plan.matches();
      }
      if (all) {
        const found = all;
        return { keyword, terms: marks, count: found.length, hits: async (limit, offset) => found.slice(offset, offset + Math.max(0, limit)) };
      }
      const many = plan;
      return {
        keyword,
        terms: marks,
        count: SEARCH_MAX_RESULTS,
        hits: async (limit, offset) => (offset < SEARCH_MAX_RESULTS ? many.page(Math.min(limit, SEARCH_MAX_RESULTS - offset), offset) : []),
      };
    },
  };
}
