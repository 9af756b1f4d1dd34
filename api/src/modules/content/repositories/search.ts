import type { ItemType } from 'contracts';
import { createHash } from 'node:crypto';
import type { Db } from '../../../core/db';
import type { PreparedParam } from '../../../core/db/prepared';
import { publicBlogCondition, publicDocCondition, SEARCH_MAX_RESULTS } from '../constants';
import type { SearchEngine, SearchHit, SearchOrder, SearchRequest } from '../search/engine';
import { HIT_KINDS, matchesPage, noMatches, type Matches } from '../search/matches';
import { parseQuery, searchMarks, tsqueryText } from '../search/query';
import { itemConditions } from './filters';
import type { ChangedItem } from '../changes';

const ORDER_SQL: Record<SearchOrder, string> = {
  relevance: 'rank DESC, create_time DESC, id DESC, type DESC',
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
  matches(): Promise<Matches | null>;
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
    return { extra, orderSql: `${a}.create_time DESC, ${a}.id DESC` };
  }
  const [field, dir] = order.startsWith('-') ? [order.slice(1), 'DESC'] : [order, 'ASC'];
  const column = field === 'downloads' ? t.downloads : field === 'views' ? t.views : `${a}.${field}`;
  return { extra: '', orderSql: `${column} ${dir}, ${a}.id ${dir}` };
}

function decodeMatches(text: string | null): Matches {
  const parts = text ? text.split(',') : [];
  const ids = new Float64Array(parts.length);
  const kinds = new Uint8Array(parts.length);
  parts.forEach((hit, i) => {
    kinds[i] = HIT_KINDS.findIndex((k) => k.code === hit[0]);
    ids[i] = Number(hit.slice(1));
  });
  return { ids, kinds };
}

/** The prepared statement of a search's SQL text: one per shape (tables, filters, order), a few dozen at most. */
const statementNames = new Map<string, string>();
function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (!name) statementNames.set(sql, (name = `content_search_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`));
  return name;
}

/** The queries of one search: all its matches when they are few, or a page of them. */
function searchPlan(db: Db, request: SearchRequest, tsquery: string): SearchPlan {
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
      if (!tables.length) return noMatches();
      // rows in the GIN index's order, LIMIT before the sort: the planner cannot turn this into a walk of a time
      // index that tests every row (which for a rare word reads the whole table, 0.3-0.5 s on PGlite). The matches
      // come back as one text, 'D12,d7,b3' (kind, title tier, id), in the search's order: a row per match cost more
      // to send and read than to find. Prepared: planning was most of what a search with few matches cost.
      const rank = (t: Table) => (order === 'relevance' ? `(${t.alias}.title_vector @@ $1::tsquery)::int` : '0');
      const parts = tables.map((t) => `${from(t, rank(t))} WHERE ${where(t, '')}`);
      const sql = `SELECT count(*)::int AS n,
          string_agg(CASE WHEN type = 'docs' THEN (CASE WHEN rank = 1 THEN 'D' ELSE 'd' END)
                          ELSE (CASE WHEN rank = 1 THEN 'B' ELSE 'b' END) END || id, ',' ORDER BY ${ORDER_SQL[order]}) AS hits
        FROM (${parts.join(' UNION ALL ')} LIMIT ${SEARCH_MAX_RESULTS + 1}) hits`;
      const [row] = await db.preparedQuery<{ n: number; hits: string | null }>(statementName(sql), sql, params as PreparedParam[]);
      return row.n > SEARCH_MAX_RESULTS ? null : decodeMatches(row.hits);
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
 * Every public item holding one word, as text: `id:flags:time:category:ext` per item, in the order of a relevance
 * tier (newest first, then the higher id, documents before blogs), where
 * flags is 1 for a blog plus 2 when its title holds the word, time the create time in microseconds since 1970, ext
 * the document's kind (empty for a blog). The GIN indexes find them; each is one heap row read, as a search's are.
 */
export const TERM_POSTINGS_SQL = `SELECT string_agg(concat_ws(':', id, flags, time, category, ext), ',' ORDER BY time DESC, id DESC, flags & 1) AS postings FROM (
    SELECT d.id, (d.title_vector @@ $1::tsquery)::int * 2 AS flags, (extract(epoch FROM d.create_time) * 1000000)::bigint AS time,
           coalesce(d.category_id, 0) AS category, d.ext_cate AS ext
      FROM documents d WHERE d.search_vector @@ $1::tsquery AND ${publicDocCondition('d')}
    UNION ALL
    SELECT b.id, (b.title_vector @@ $1::tsquery)::int * 2 + 1, (extract(epoch FROM b.create_time) * 1000000)::bigint,
           coalesce(b.category_id, 0), ''
      FROM blogs b WHERE b.search_vector @@ $1::tsquery AND ${publicBlogCondition('b')}
  ) p`;

/**
 * The stored postings' format: a hash of the query that makes them, so that a build whose query (or public condition)
 * differs reads none of another's rows (migration 0067).
 */
export const POSTINGS_FORMAT = createHash('sha256').update(TERM_POSTINGS_SQL).digest('hex').slice(0, 16);
/** The stored postings of these words (those stored). */
const STORED_POSTINGS_SQL = 'SELECT word, postings FROM search_term_postings WHERE word = ANY($1::text[]) AND format = $2';
/** PGlite: a word's postings read from the items and stored (unless no item holds it), in one statement. */
const STORE_POSTINGS_SQL = `WITH p AS (${TERM_POSTINGS_SQL}),
  stored AS (INSERT INTO search_term_postings (word, format, postings) SELECT $2, $3, postings FROM p WHERE postings IS NOT NULL
             ON CONFLICT DO NOTHING)
  SELECT postings FROM p`;

/** Reads the stored postings of words, by word (storedTermPostings, or the API's coalesced read of it). */
export type StoredPostings = (terms: readonly string[]) => Promise<Map<string, string>>;

/**
 * The postings of a search word (a lexeme of the items' search vectors): search/term-index.ts decodes them. Stored in
 * the database once read and forgotten there by any change of an item holding the word (migration 0067), so that a
 * word is read from the items once, not once per process and start. `stored` reads the stored postings of words (the
 * API's: of every word its pages ask for in a turn, coalesced-reads.ts); a word not stored is read from the items by
 * itself, so that a page waits for no other page's new word.
 */
export async function termPostingsText(db: Db, term: string, stored: StoredPostings = (terms) => storedTermPostings(db, terms)): Promise<string> {
  return (await stored([term])).get(term) ?? termPostingsRead(db, term);
}

/** The stored postings of these words, by word (those stored). */
export async function storedTermPostings(db: Db, terms: readonly string[]): Promise<Map<string, string>> {
  const rows = await db.preparedQuery<{ word: string; postings: string }>('content_search_stored_postings', STORED_POSTINGS_SQL, [terms, POSTINGS_FORMAT]);
  return new Map(rows.map((row) => [row.word, row.postings]));
}

/**
 * A word's postings read from the items and stored; '' when no public item holds it. PostgreSQL:
 * search_term_postings_read, which stores only while no change holds the table. PGlite runs one statement at a time
 * on its one connection, so no change can come between the read and its store: one prepared statement, where the
 * function's EXECUTE would plan the query again for each word (1.2 ms more a word there).
 */
async function termPostingsRead(db: Db, term: string): Promise<string> {
  const query = tsqueryText([term], 'all');
  if (db.engine === 'pglite') {
    const [row] = await db.preparedQuery<{ postings: string | null }>('content_search_term_postings', STORE_POSTINGS_SQL, [query, term, POSTINGS_FORMAT]);
    return row?.postings ?? '';
  }
  const [row] = await db.preparedQuery<{ postings: string | null }>(
    'content_search_term_postings',
    'SELECT search_term_postings_read($1, $2, $3, $4::tsquery) AS postings',
    [term, POSTINGS_FORMAT, TERM_POSTINGS_SQL, query],
  );
  return row?.postings ?? '';
}

/** Deletes the stored postings another build's query made (a start does, migration 0067). */
export async function forgetOtherPostingsFormats(db: Db): Promise<void> {
  await db.query('DELETE FROM search_term_postings WHERE format <> $1', [POSTINGS_FORMAT]);
}

/**
 * Gives back the room of the stored postings that changes deleted (PGlite has no autovacuum: without it, each text a
 * change deletes and the next search writes again grows the files).
 */
export async function vacuumStoredPostings(db: Db): Promise<void> {
  await db.exec('VACUUM search_term_postings');
}

/**
 * The words (lexemes) the search vectors of these documents and blogs hold now, each once: what a change of them may
 * have added them to (search/term-index.ts, termChanges). An item that is gone holds none.
 */
export async function itemSearchWords(db: Db, items: ChangedItem[]): Promise<string[]> {
  const ids = (table: ChangedItem['table']) => items.filter((i) => i.table === table).map((i) => i.id);
  const rows = await db.query<{ word: string }>(
    `SELECT DISTINCT word FROM (
       SELECT unnest(tsvector_to_array(search_vector)) AS word FROM documents WHERE id = ANY($1::bigint[])
       UNION ALL
       SELECT unnest(tsvector_to_array(search_vector)) FROM blogs WHERE id = ANY($2::bigint[])
     ) w`,
    [ids('documents'), ids('blogs')],
  );
  return rows.map((r) => r.word);
}

/**
 * The database engine. The GIN index finds the public items holding every word (in the title, author, summary
 * or the opening of the text); when none does, any word. Relevance comes in two tiers: items whose title holds
 * the words, then the other matches; within a tier the newest first (then the higher id, documents before blogs).
 * A search with at most SEARCH_MAX_RESULTS matches reads them all once (count and every page from one query); one
 * with more (a common word) counts SEARCH_MAX_RESULTS and reads each tier in order only as far as the page asked
 * for (a second, small GIN index on the title for the first tier), so that it costs about as much as a rare one.
 * Searches by relevance come here only while the words' postings are not kept (search/term-index.ts).
 */
export function databaseSearch(db: Db): SearchEngine {
  return {
    async prepare(request) {
      const parsed = parseQuery(request.text);
      const { keyword, terms } = parsed;
      const marks = searchMarks(parsed);
      if (!terms.length) return { keyword, terms: marks, count: 0, hits: async () => [] };
      let plan = searchPlan(db, request, tsqueryText(terms, 'all'));
      let all = await plan.matches();
      if (all?.ids.length === 0 && terms.length > 1) {
        plan = searchPlan(db, request, tsqueryText(terms, 'any'));
        all = await plan.matches();
      }
      if (all) {
        const found = all;
        return { keyword, terms: marks, count: found.ids.length, hits: async (limit, offset) => matchesPage(found, limit, offset) };
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
