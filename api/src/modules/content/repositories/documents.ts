import type { DocOrderField } from 'contracts';
import type { Db, Queryable } from '../../../core/db';
import type { OrderingOptions } from '../../../core/http/ordering';
import { publicDocCondition } from '../constants';
import { DOC_COLUMNS, DOC_FROM, jsonRows, reviveTimes, type DocRow } from './rows';
import { itemConditions, type ItemFilter } from './filters';
import { cachedCount, limitOffset, tableList, type CountCache, type ListQuery } from './lists';

/** What GET docs/?ordering= may sort by (the field names are the contract's DOC_ORDER_FIELDS). */
export const DOC_ORDERING: OrderingOptions & { fields: Record<DocOrderField, string> } = {
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

const DOC_LIST = { name: 'docs', table: 'documents d', columns: DOC_COLUMNS, from: DOC_FROM, ordering: DOC_ORDERING };

/** Public documents matching a filter, in a list order. */
export function publicDocList(db: Db, counts: CountCache, filter: ItemFilter, ordering: string | undefined): ListQuery<DocRow> {
  const params: unknown[] = [];
  const { docs } = itemConditions(filter, params);
  return tableList<DocRow>(db, counts, DOC_LIST, docs, params, ordering);
}

/** Public documents of some categories but one (or the best rated ones without categories), newest first. */
export function recommendedDocList(db: Db, counts: CountCache, near: { categoryIds?: number[]; exceptId?: number }): ListQuery<DocRow> {
  const params: unknown[] = [];
  const where = [publicDocCondition('d')];
  if (near.exceptId !== undefined) {
    params.push(near.exceptId);
    where.push(`d.id <> $${params.length}`);
  }
  if (near.categoryIds) {
    params.push(near.categoryIds);
    where.push(`d.category_id = ANY($${params.length}::bigint[])`);
  } else {
    where.push('d.score >= 40000');
  }
  const whereSql = where.join(' AND ');
  return {
    count: () => cachedCount(db, counts, `documents d WHERE ${whereSql}`, params),
    fetch: (limit, offset) =>
      db.query<DocRow>(
        `SELECT ${DOC_COLUMNS} FROM ${DOC_FROM} WHERE ${whereSql} ORDER BY d.create_time DESC, d.id DESC ${limitOffset(params)}`,
        [...params, limit, offset],
      ),
  };
}

/** A document's row whatever its status (the detail page's one read: prepared, so neither parsed nor planned per request). */
export async function docRowById(db: Db, id: number): Promise<DocRow | undefined> {
  const [row] = await db.preparedQuery<DocRow>('content_doc_by_id', `SELECT ${DOC_COLUMNS} FROM ${DOC_FROM} WHERE d.id = $1`, [id]);
  return row;
}

/** Documents' rows by id, in no order (the rows of a search page: prepared, one plan for every page; as JSON, jsonRows). */
export async function docRowsByIds(db: Db, ids: number[]): Promise<DocRow[]> {
  const sql = jsonRows(`SELECT ${DOC_COLUMNS} FROM ${DOC_FROM} WHERE d.id = ANY($1::bigint[])`);
  const [{ rows }] = await db.preparedQuery<{ rows: DocRow[] }>('content_docs_json_by_ids', sql, [ids]);
  return reviveTimes(rows);
}

/** A public document's id and uploader, undefined when there is no such public document. */
export async function publicDocRef(q: Queryable, id: number): Promise<{ id: number; uploader_id: number } | undefined> {
  const [row] = await q.query<{ id: number; uploader_id: number }>(
    `SELECT id, uploader_id FROM documents WHERE id = $1 AND ${publicDocCondition()}`,
    [id],
  );
  return row;
}

/** The stored file a document's preview reads. */
export async function docPreviewFile(
  db: Db,
  id: number,
): Promise<{ storage_key: string; file_id: number; file_type: string; pages: number } | undefined> {
  // an upload converted to PDF is read as that PDF (its file id keys the cut copies); prepared: every preview page
  // a reader turns asks this
  const [doc] = await db.preparedQuery<{ storage_key: string; file_id: number; file_type: string; pages: number }>(
    'content_doc_preview_file',
    `SELECT f.storage_key, f.id AS file_id, CASE WHEN d.preview_file_id IS NULL THEN d.file_type ELSE 'pdf' END AS file_type, d.pages
       FROM documents d JOIN content_files f ON f.id = COALESCE(d.preview_file_id, d.file_id)
      WHERE d.id = $1`,
    [id],
  );
  return doc;
}

/** Public documents of these categories (a category's page counts its own and its descendants'). */
export async function countPublicDocsIn(q: Queryable, categoryIds: number[]): Promise<number> {
  const [{ n }] = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM documents WHERE category_id = ANY($1::bigint[]) AND ${publicDocCondition()}`,
    [categoryIds],
  );
  return n;
}

/** Makes a user the uploader of a document (the dev-only POST /api/dev/assign-doc/; there is no upload yet). */
export async function setUploader(q: Queryable, docId: number, userId: number): Promise<{ id: number; title: string; price: number } | undefined> {
  const [row] = await q.query<{ id: number; title: string; price: number }>(
    'UPDATE documents SET uploader_id = $2 WHERE id = $1 AND EXISTS (SELECT 1 FROM users WHERE id = $2) RETURNING id, title, price',
    [docId, userId],
  );
  return row;
}

/** The text of a document's first preview page (documents.first_page_text, migration 0063). */
export async function firstPageText(q: Queryable, id: number): Promise<string> {
  const [row] = await q.query<{ text: string }>('SELECT first_page_text AS text FROM documents WHERE id = $1', [id]);
  return row?.text ?? '';
}
