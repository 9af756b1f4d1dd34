import type { Queryable } from '../../../core/db';
import type { DocRow } from '../../content/repositories/rows';

/** The SQL of uploaded documents: rows for MyDoc and StaffDoc, their writes, the counts the limits read. */

/** A document as its uploader and the staff see it: the catalogue's columns, then the upload's own state. */
export interface MyDocRow
  extends Pick<
    DocRow,
    | 'id' | 'title' | 'summary' | 'category_id' | 'category_name' | 'uploader_id' | 'uploader_name' | 'file_id' | 'file_type'
    | 'ext_cate' | 'size' | 'pages' | 'status' | 'price' | 'is_free' | 'preview_pages' | 'views' | 'downloads' | 'create_time'
  > {
  stage: string;
  progress: number;
  reason: string;
  earned_coins: number;
  update_time: Date;
  has_cover: boolean;
  checks: { duplicate_of: number | null; blank: boolean; little_text: boolean };
}

const SELECT = `SELECT d.id, d.title, d.summary, d.category_id, c.name AS category_name, d.uploader_id, u.nickname AS uploader_name,
    d.file_id, d.file_type, d.ext_cate, d.size, d.pages, d.status, d.stage, d.progress, d.reason, d.price, d.is_free, d.preview_pages,
    v.views, d.downloads, d.create_time, d.update_time, d.has_cover, d.checks,
    COALESCE((SELECT SUM(e.coins) FROM coin_earnings e WHERE e.docs_id = d.id AND e.state <> 'reversed'), 0)::int AS earned_coins
  FROM documents d JOIN content_categories c ON c.id = d.category_id JOIN users u ON u.id = d.uploader_id
  JOIN document_views v ON v.document_id = d.id`;

/** The statuses of each group of my-docs. */
export const GROUP_STATUSES: Record<string, number[] | null> = {
  all: null,
  converting: [6],
  reviewing: [0],
  published: [1, 5],
  rejected: [2],
  failed: [3],
  removed: [4],
};

export async function docRow(q: Queryable, id: number): Promise<MyDocRow | undefined> {
  const [row] = await q.query<MyDocRow>(`${SELECT} WHERE d.id = $1 AND d.delete_time IS NULL`, [id]);
  return row;
}

export async function docRows(q: Queryable, ids: readonly number[]): Promise<MyDocRow[]> {
  return q.query<MyDocRow>(`${SELECT} WHERE d.id = ANY($1::bigint[]) AND d.delete_time IS NULL`, [ids]);
}

export interface DocFilter {
  uploaderId: number | null;
  statuses: number[] | null;
  search: string;
}

const FILTER = `d.delete_time IS NULL AND ($1::bigint IS NULL OR d.uploader_id = $1) AND ($2::smallint[] IS NULL OR d.status = ANY($2::smallint[]))
    AND ($3 = '' OR strpos(lower(d.title), lower($3)) > 0 OR strpos(lower(d.summary), lower($3)) > 0)`;
const filterParams = (f: DocFilter) => [f.uploaderId, f.statuses, f.search];

/** How many documents (of one uploader, or every one for staff) match; `search`: words of the title or summary. */
export async function docCount(q: Queryable, f: DocFilter): Promise<number> {
  const [row] = await q.query<{ count: number }>(`SELECT count(*)::int AS count FROM documents d WHERE ${FILTER}`, filterParams(f));
  return row.count;
}

/** A page of them, newest first. */
export function docList(q: Queryable, f: DocFilter, limit: number, offset: number): Promise<MyDocRow[]> {
  return q.query<MyDocRow>(`${SELECT} WHERE ${FILTER} ORDER BY d.create_time DESC, d.id DESC LIMIT $4 OFFSET $5`, [...filterParams(f), limit, offset]);
}

/** Documents this user created since `since` (the daily limit; deleted ones count too). */
export async function uploadsSince(q: Queryable, userId: number, since: Date): Promise<number> {
  const [row] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM documents WHERE uploader_id = $1 AND create_time >= $2', [userId, since]);
  return row.n;
}

export async function uploadCategoryExists(q: Queryable, id: number): Promise<boolean> {
  const [row] = await q.query('SELECT 1 FROM content_categories WHERE id = $1 AND is_upload', [id]);
  return row !== undefined;
}

export interface NewFile {
  storage_key: string;
  original_name: string;
  ext: string;
  mime: string;
  size: number;
  sha256: string;
}

export async function insertFile(q: Queryable, f: NewFile, now: Date): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    'INSERT INTO content_files (storage_key, original_name, ext, mime, size, sha256, create_time) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id',
    [f.storage_key, f.original_name, f.ext, f.mime, f.size, f.sha256, now],
  );
  return row.id;
}

export interface NewDoc {
  title: string;
  summary: string;
  categoryId: number;
  uploaderId: number;
  fileId: number;
  fileType: string;
  extCate: string;
  size: number;
  price: number;
  previewPages: number;
}

/** A new document in 6 (转换中, queued), with its counter row made by the insert's trigger. */
export async function insertDoc(q: Queryable, d: NewDoc, now: Date): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO documents (title, summary, category_id, uploader_id, file_id, file_type, ext_cate, size, pages, status, stage, progress,
                            price, is_free, preview_pages, create_time, update_time)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 0, 6, 'queued', 0, $9, $9 = 0, $10, $11, $11) RETURNING id`,
    [d.title, d.summary, d.categoryId, d.uploaderId, d.fileId, d.fileType, d.extCate, d.size, d.price, d.previewPages, now],
  );
  return row.id;
}

/** The fields an owner may change (the contract names no others). */
export async function updateFields(
  q: Queryable,
  id: number,
  f: { title?: string; summary?: string; category?: number; price?: number; preview_pages?: number },
  now: Date,
): Promise<void> {
  await q.query(
    `UPDATE documents SET title = COALESCE($2, title), summary = COALESCE($3, summary), category_id = COALESCE($4, category_id),
       price = COALESCE($5, price), is_free = COALESCE($5, price) = 0, preview_pages = COALESCE($6, preview_pages), update_time = $7
     WHERE id = $1`,
    [id, f.title ?? null, f.summary ?? null, f.category ?? null, f.price ?? null, f.preview_pages ?? null, now],
  );
}

/** A new file for the document: back to 6 (queued); its converted files are released by the caller. */
export async function replaceFile(q: Queryable, id: number, file: { fileId: number; fileType: string; extCate: string; size: number }, now: Date): Promise<void> {
  await q.query(
    `UPDATE documents SET file_id = $2, file_type = $3, ext_cate = $4, size = $5, pages = 0, preview_file_id = NULL, has_cover = false,
       status = 6, stage = 'queued', progress = 0, reason = '', search_vector = ''::tsvector, title_vector = ''::tsvector, update_time = $6
     WHERE id = $1`,
    [id, file.fileId, file.fileType, file.extCate, file.size, now],
  );
}

export async function setStatus(q: Queryable, id: number, status: number, reason: string, now: Date): Promise<void> {
  await q.query(`UPDATE documents SET status = $2::smallint, reason = $3, stage = CASE WHEN $2::smallint = 6 THEN 'queued' ELSE '' END, progress = 0, update_time = $4 WHERE id = $1`, [
    id,
    status,
    reason,
    now,
  ]);
}

export async function setProgress(q: Queryable, id: number, stage: string, progress: number): Promise<void> {
  await q.query('UPDATE documents SET stage = $2, progress = $3 WHERE id = $1 AND status = 6', [id, stage, progress]);
}

export interface Converted {
  pages: number;
  previewFileId: number | null;
  hasCover: boolean;
  /** The first page's text of the converted PDF (the page's HTML shows it). */
  firstPageText: string;
  vector: string;
  titleVector: string;
  checks: MyDocRow['checks'];
  status: number;
  reason: string;
}

/** The conversion's results; answers false when the document changed meanwhile (left 6: a new file, a delete). */
export async function storeConverted(q: Queryable, id: number, fileId: number, c: Converted, now: Date): Promise<boolean> {
  const rows = await q.query(
    `UPDATE documents SET pages = $3, preview_file_id = $4, has_cover = $5, search_vector = $6::tsvector, title_vector = $7::tsvector,
       checks = $8::jsonb, status = $9, reason = $10, stage = '', progress = 100, update_time = $11, first_page_text = $12
     WHERE id = $1 AND file_id = $2 AND status = 6 AND delete_time IS NULL RETURNING id`,
    [id, fileId, c.pages, c.previewFileId, c.hasCover, c.vector, c.titleVector, JSON.stringify(c.checks), c.status, c.reason, now, c.firstPageText],
  );
  return rows.length > 0;
}

/** The files a document points at (its file, its converted preview), to release when it is replaced or deleted. */
export async function filesOf(q: Queryable, id: number): Promise<number[]> {
  const [row] = await q.query<{ file_id: number; preview_file_id: number | null }>('SELECT file_id, preview_file_id FROM documents WHERE id = $1', [id]);
  return row ? [row.file_id, row.preview_file_id].filter((x): x is number => x !== null) : [];
}

/** The owner deleted it: out of lists and search (status 4), its converted files let go. */
export async function markDeleted(q: Queryable, id: number, now: Date): Promise<void> {
  await q.query(
    `UPDATE documents SET status = 4, delete_time = $2, preview_file_id = NULL, has_cover = false, search_vector = ''::tsvector,
       title_vector = ''::tsvector, first_page_text = '', update_time = $2 WHERE id = $1`,
    [id, now],
  );
}

/** A published document with the same content, if any (the duplicate check). */
export async function publishedWithHash(q: Queryable, sha256: string, exceptId: number): Promise<number | null> {
  const [row] = await q.query<{ id: number }>(
    `SELECT d.id FROM documents d JOIN content_files f ON f.id = d.file_id
      WHERE f.sha256 = $1 AND d.id <> $2 AND d.status IN (1, 5) AND d.delete_time IS NULL ORDER BY d.id LIMIT 1`,
    [sha256, exceptId],
  );
  return row?.id ?? null;
}

/** What the worker needs to convert a document. */
export async function docForConversion(
  q: Queryable,
  id: number,
): Promise<{ id: number; title: string; summary: string; uploader_id: number; file_id: number; storage_key: string; original_name: string; sha256: string; status: number; category_name: string } | undefined> {
  const [row] = await q.query<{ id: number; title: string; summary: string; uploader_id: number; file_id: number; storage_key: string; original_name: string; sha256: string; status: number; category_name: string }>(
    `SELECT d.id, d.title, d.summary, d.uploader_id, d.file_id, f.storage_key, f.original_name, f.sha256, d.status, c.name AS category_name
       FROM documents d JOIN content_files f ON f.id = d.file_id JOIN content_categories c ON c.id = d.category_id
      WHERE d.id = $1 AND d.delete_time IS NULL`,
    [id],
  );
  return row;
}

export async function fileKey(q: Queryable, fileId: number): Promise<string | undefined> {
  const [row] = await q.query<{ storage_key: string }>('SELECT storage_key FROM content_files WHERE id = $1', [fileId]);
  return row?.storage_key;
}

/** The file a cover was made from, when the document has one. */
export async function coverFileId(q: Queryable, id: number): Promise<number | undefined> {
  const [row] = await q.query<{ file_id: number }>('SELECT file_id FROM documents WHERE id = $1 AND has_cover AND delete_time IS NULL', [id]);
  return row?.file_id;
}
