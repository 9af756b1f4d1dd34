/**
 * Columns of DocRow, for DOC_FROM. Category and uploader names are not joined: they come from the cached category
 * tree and the user-name cache (fillNames in load.ts); a read joining them cost three times the one-table read on
 * PGlite (1.27 against 0.38 ms at 100,000 documents). The view count is the one join: it lives in
 * `document_views` (migration 0023), one row per document, so the counter's writes never touch `documents` and its
 * search indexes; a primary-key lookup of a two-column row, and `dv.views` is what ?ordering=views sorts by.
 */
export const DOC_COLUMNS = `d.id, d.title, d.summary, d.category_id, '' AS category_name, d.uploader_id,
  '' AS uploader_name, d.file_type, d.ext_cate, d.size, d.pages, d.status, d.score, d.rating, dv.views,
  d.downloads, d.comment_count, d.collect_count, d.price, d.is_free, d.free_quota_ok, d.create_time, d.file_id,
  d.preview_file_id, d.preview_pages`;
export const DOC_VIEWS_JOIN = 'JOIN document_views dv ON dv.document_id = d.id';
export const DOC_FROM = `documents d ${DOC_VIEWS_JOIN}`;

export interface DocRow {
  id: number;
  title: string;
  summary: string;
  category_id: number;
  category_name: string;
  uploader_id: number;
  uploader_name: string;
  file_type: string;
  ext_cate: string;
  size: number;
  pages: number;
  status: number;
  score: number;
  rating: number;
  views: number;
  downloads: number;
  comment_count: number;
  collect_count: number;
  price: number;
  is_free: boolean;
  /** A paid document its uploader lets readers take with the daily free quota. */
  free_quota_ok: boolean;
  create_time: Date;
  file_id: number;
  /** An upload's converted PDF the reader shows (null: the file itself). */
  preview_file_id: number | null;
  /** Pages a visitor may read of a paid document (null: PAID_PREVIEW_PAGES). */
  preview_pages: number | null;
}

/** Columns of BlogRow, for BLOG_FROM; the view count lives in `blog_views`, as the documents' does. */
export const BLOG_COLUMNS = `b.id, b.title, b.summary, b.category_id, '' AS category_name, b.author_id,
  '' AS author_name, b.status, bv.views, b.comment_count, b.collect_count, b.create_time, b.update_time,
  (SELECT count(*) FROM blog_appendices a WHERE a.blogs_id = b.id)::int AS appendix_count`;
export const BLOG_FROM = 'blogs b JOIN blog_views bv ON bv.blog_id = b.id';

export interface BlogRow {
  id: number;
  title: string;
  summary: string;
  category_id: number;
  category_name: string;
  author_id: number;
  author_name: string;
  status: number;
  views: number;
  comment_count: number;
  collect_count: number;
  appendix_count: number;
  create_time: Date;
  update_time: Date;
}

/**
 * A SELECT of many rows as one JSON array (`SELECT rows FROM ...`): PGlite hands a result to JavaScript field by field,
 * and 20 list rows of 25 columns cost twice as much to read that way (1.2-1.6 against 0.7-0.8 ms for 20 documents by
 * id, 100,000 documents) as one text that JSON.parse reads. The rows come back in no particular order; JSON has no
 * dates, so `revive` turns the time columns back into Date (what the other reads give).
 */
export function jsonRows(select: string): string {
  return `SELECT coalesce(json_agg(r), '[]') AS rows FROM (${select}) r`;
}

export function reviveTimes<T extends { create_time: Date; update_time?: Date }>(rows: T[]): T[] {
  for (const row of rows) {
    row.create_time = new Date(row.create_time);
    if (row.update_time !== undefined) row.update_time = new Date(row.update_time);
  }
  return rows;
}
