import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db, Queryable } from '../../core/db';
import { ApiError } from '../../core/http/errors';
import { DETAIL_ROW_TTL_MS, isPublicBlog, isPublicDoc } from './constants';
import { currentUser } from './context';
import { blogRowById } from './repositories/blogs';
import { docRowById } from './repositories/documents';
import { userNicknames } from './repositories/users';
import { BLOG_ROW_CODEC, DOC_ROW_CODEC, RowColumns, type RowCodec } from './row-columns';
import type { BlogRow, DocRow } from './serialize';
import type { ChangedItem, ContentChange } from './changes';

export function docNotFound(): ApiError {
  return new ApiError(404, 'not_found', '文档不存在或已被删除');
}

export function blogNotFound(): ApiError {
  return new ApiError(404, 'not_found', '文章不存在或已被删除');
}

type Named = { category_id: number; category_name: string } & (
  | { uploader_id: number; uploader_name: string }
  | { author_id: number; author_name: string }
);

/** Sets the category and user names of rows from the caches (the queries do not join them). */
export async function fillNames<T extends Named>(app: FastifyInstance, rows: T[]): Promise<T[]> {
  const nodes = await app.content.categories.all();
  const userOf = (r: Named) => ('uploader_id' in r ? r.uploader_id : r.author_id);
  const names = await app.content.userNames.get(rows.map(userOf));
  for (const row of rows) {
    row.category_name = nodes.get(row.category_id)?.name ?? '';
    if ('uploader_id' in row) row.uploader_name = names.get(row.uploader_id) ?? '';
    else row.author_name = names.get(row.author_id) ?? '';
  }
  return rows;
}

/**
 * Nicknames by user id, kept a minute: every list and detail shows them, and they rarely change (a renamed
 * user's name shows up within that minute).
 */
export interface UserNames {
  get(ids: readonly number[]): Promise<Map<number, string>>;
}

const NAME_TTL_MS = 60_000;
const NAME_MAX = 20_000;

export function userNameCache(db: Queryable): UserNames {
  const cache = new Map<number, { name: string; at: number }>();
  return {
    async get(ids) {
      const now = Date.now();
      const out = new Map<number, string>();
      const missing: number[] = [];
      for (const id of new Set(ids)) {
        const hit = cache.get(id);
        if (hit && now - hit.at < NAME_TTL_MS) out.set(id, hit.name);
        else missing.push(id);
      }
      if (missing.length) {
        const rows = await userNicknames(db, missing);
        if (cache.size > NAME_MAX) cache.clear();
        for (const r of rows) {
          cache.set(r.id, { name: r.nickname, at: now });
          out.set(r.id, r.nickname);
        }
      }
      return out;
    },
  };
}

/** A reader of rows by id with their names filled in (`fetch`: docRowsByIds or blogRowsByIds); rows that are gone are missing. */
export function namedRows<T extends Named>(app: FastifyInstance, fetch: (db: Db, ids: number[]) => Promise<T[]>): (ids: number[]) => Promise<T[]> {
  return async (ids) => fillNames(app, await fetch(app.db, ids));
}

/** Rows by id, their names filled in, by id (namedRows). */
export async function namedRowsByIds<T extends Named & { id: number }>(
  app: FastifyInstance,
  ids: number[],
  fetch: (db: Db, ids: number[]) => Promise<T[]>,
): Promise<Map<number, T>> {
  if (!ids.length) return new Map();
  return new Map((await namedRows(app, fetch)(ids)).map((r) => [r.id, r]));
}

/** Rows by id, each kept `ttlMs` after it was read; each get builds a new object (row-columns.ts). */
export interface RowCache<T> {
  get(id: number): T | undefined;
  /** What `set` is told of a read: taken before the read starts. */
  mark(): number;
  /**
   * Keeps a row read since `readFrom` (a `mark()`), unless a row was forgotten meanwhile: the read may have seen the
   * database before that write, and keeping it would hide the write for the row's time.
   */
  set(row: T, readFrom: number): void;
  /** Forgets one row, or every row without an id. */
  forget(id?: number): void;
}

/** Rows by id in columns (row-columns.ts: a row as an object took about 550 bytes of heap, 10,000 of them 5.5 MB). */
export function rowCache<T extends { id: number }>(codec: RowCodec<T>, ttlMs: number = DETAIL_ROW_TTL_MS, max = 10_000): RowCache<T> {
  const rows = new RowColumns<T>(codec, max, Number.POSITIVE_INFINITY);
  let forgets = 0;
  return {
    get: (id) => rows.fresh(id, ttlMs, Date.now())?.row,
    mark: () => forgets,
    set(row, readFrom) {
      if (readFrom === forgets) rows.set(row, 0, Date.now());
    },
    forget(id) {
      forgets += 1;
      if (id === undefined) rows.clear();
      else rows.delete(id);
    },
  };
}

/**
 * Public document and blog rows kept for a moment (DETAIL_ROW_TTL_MS): a page people open is read far more
 * often than it changes, and the read was most of a detail request's cost on PGlite. Only public rows are kept,
 * so an owner always reads their unpublished item fresh. Code that writes a row calls `changed()`, which also tells
 * the lists' and searches' caches of this process (ContentChanges), or `counted()` for a count, which does not.
 */
export interface DetailRows {
  docs: RowCache<DocRow>;
  blogs: RowCache<BlogRow>;
  /**
   * This process wrote an item (a status, a field, its owner): forget its row, and the lists and searches answer
   * anew, their counts too; without an id, the whole table's rows.
   */
  changed(table: 'documents' | 'blogs', id?: number): void;
  /**
   * This process changed a count an item shows (downloads, comments, favourites): forget the row (a detail shows it at
   * once); the lists and searches show it within their answers' time limit (migration 0065: on a live site counts
   * change all the time, and each change would drop every kept answer). The view counter's writes are counts too
   * (migration 0064: views are written every 5 s).
   */
  counted(table: 'documents' | 'blogs', id?: number): void;
}

export function detailRows(tell: (change: ContentChange, item?: ChangedItem) => void, ttlMs?: number): DetailRows {
  const docs = rowCache<DocRow>(DOC_ROW_CODEC, ttlMs);
  const blogs = rowCache<BlogRow>(BLOG_ROW_CODEC, ttlMs);
  const forget = (table: 'documents' | 'blogs', id?: number) => (table === 'documents' ? docs : blogs).forget(id);
  return {
    docs,
    blogs,
    changed: (table, id) => {
      forget(table, id);
      tell('lists', id === undefined ? undefined : { table, id });
    },
    counted: forget,
  };
}

/** How an item is read for its detail: its cache, its row, who owns it, when it is public, its 404. */
interface VisibleKind<T> {
  rows: (app: FastifyInstance) => RowCache<T>;
  load: (db: Db, id: number) => Promise<T | undefined>;
  isPublic: (row: T) => boolean;
  owner: (row: T) => number;
  notFound: () => ApiError;
}

/**
 * An item the requester may see: a public one, or any of their own. Others' items that are not public answer
 * 404 exactly like ids that never existed; public rows are kept a moment (DetailRows).
 */
async function visibleRow<T extends Named>(app: FastifyInstance, viewerId: number | undefined, id: number, kind: VisibleKind<T>): Promise<T> {
  const cache = kind.rows(app);
  const cached = cache.get(id);
  if (cached) return cached;
  const readFrom = cache.mark();
  const row = await kind.load(app.db, id);
  if (!row) throw kind.notFound();
  await fillNames(app, [row]);
  if (kind.isPublic(row)) cache.set(row, readFrom);
  else if (viewerId === undefined || viewerId !== kind.owner(row)) throw kind.notFound();
  return row;
}

const VISIBLE_DOC: VisibleKind<DocRow> = {
  rows: (app) => app.content.rows.docs,
  load: docRowById,
  isPublic: (row) => isPublicDoc(row.status),
  owner: (row) => row.uploader_id,
  notFound: docNotFound,
};

const VISIBLE_BLOG: VisibleKind<BlogRow> = {
  rows: (app) => app.content.rows.blogs,
  load: blogRowById,
  isPublic: (row) => isPublicBlog(row.status),
  owner: (row) => row.author_id,
  notFound: blogNotFound,
};

/** A document the requester may see: a public one, or any of their own uploads (under review, rejected, removed). */
export function visibleDoc(app: FastifyInstance, request: FastifyRequest, id: number): Promise<DocRow> {
  return visibleRow(app, currentUser(request)?.id, id, VISIBLE_DOC);
}

/** A blog the requester may see: a published one, or any of their own (drafts among them). */
export function visibleBlog(app: FastifyInstance, request: FastifyRequest, id: number): Promise<BlogRow> {
  return visibleRow(app, currentUser(request)?.id, id, VISIBLE_BLOG);
}

/** A public document or blog, from the kept rows when it is there; 404 for any other, whoever asks. */
export async function publicItemRow(app: FastifyInstance, kind: 'docs' | 'blogs', id: number): Promise<DocRow | BlogRow> {
  return kind === 'docs' ? visibleRow(app, undefined, id, VISIBLE_DOC) : visibleRow(app, undefined, id, VISIBLE_BLOG);
}
