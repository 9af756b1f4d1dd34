import type { Db, Queryable } from '../../../core/db';
import { DOC_COLUMNS, DOC_VIEWS_JOIN, type DocRow } from './rows';
import type { ListQuery } from './lists';

export type DownloadColumn = 'docs_id' | 'appendix_id';

/** Who a download record is counted for: a user, else a visitor (cookie id) at an address. */
export interface Downloader {
  userId: number | null;
  visitorId: string | null;
  ip: string;
}

/** Whether the downloader took this item since `since` (a user by account, a visitor by cookie). */
export async function downloadedSince(q: Queryable, who: Downloader, column: DownloadColumn, id: number, since: Date): Promise<boolean> {
  if (who.userId === null && !who.visitorId) return false;
  const rows = await q.query(
    who.userId !== null
      ? `SELECT 1 FROM download_records WHERE user_id = $1 AND ${column} = $2 AND create_time >= $3 LIMIT 1`
      : `SELECT 1 FROM download_records WHERE visitor_id = $1 AND user_id IS NULL AND ${column} = $2 AND create_time >= $3 LIMIT 1`,
    [who.userId ?? who.visitorId, id, since],
  );
  return rows.length > 0;
}

/** Free downloads a user took since `since`. */
export async function userFreeDownloads(q: Queryable, userId: number, since: Date): Promise<number> {
  const [{ n }] = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM download_records WHERE user_id = $1 AND counted AND create_time >= $2',
    [userId, since],
  );
  return n;
}

/** Free downloads of visitors since `since`: of this cookie, and of every visitor of this address. */
export async function visitorFreeDownloads(q: Queryable, visitorId: string, ip: string, since: Date): Promise<{ byVisitor: number; byAddress: number }> {
  const [counts] = await q.query<{ byVisitor: number; byAddress: number }>(
    `SELECT (SELECT count(*) FROM download_records
              WHERE visitor_id = $1 AND user_id IS NULL AND counted AND create_time >= $3)::int AS "byVisitor",
            (SELECT count(*) FROM download_records
              WHERE ip = $2 AND user_id IS NULL AND counted AND create_time >= $3)::int AS "byAddress"`,
    [visitorId, ip, since],
  );
  return counts;
}

/** Holds one person's downloads to one at a time until the transaction ends. */
export async function lockDownloader(tx: Queryable, key: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`download:${key}`]);
}

export interface NewDownload {
  column: DownloadColumn;
  itemId: number;
  fileId: number;
  kind: string;
  counted: boolean;
  shareUserId: number | null;
  at: Date;
}

/** Records a download; its id is what the signed link names. */
export async function insertDownload(tx: Queryable, who: Downloader, d: NewDownload): Promise<number> {
  const [{ id }] = await tx.query<{ id: number }>(
    `INSERT INTO download_records (user_id, visitor_id, ip, ${d.column}, file_id, kind, counted, share_user_id, create_time)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [who.userId, who.userId !== null ? null : who.visitorId, who.ip, d.itemId, d.fileId, d.kind, d.counted, d.shareUserId, d.at],
  );
  return id;
}

/** One more download of a document or an appendix. */
export async function countDownload(tx: Queryable, column: DownloadColumn, id: number): Promise<void> {
  await tx.query(`UPDATE ${column === 'docs_id' ? 'documents' : 'blog_appendices'} SET downloads = downloads + 1 WHERE id = $1`, [id]);
}

export interface AppendixRow {
  id: number;
  blogs_id: number;
  file_id: number;
  uploader_id: number;
  name: string;
  price: number;
}

export async function appendixRow(db: Db, id: number): Promise<AppendixRow | undefined> {
  const [row] = await db.query<AppendixRow>('SELECT id, blogs_id, file_id, uploader_id, name, price FROM blog_appendices WHERE id = $1', [id]);
  return row;
}

export interface DownloadFile {
  storage_key: string;
  ext: string;
  mime: string;
  /** The name to save it under, without the extension for a document (its title). */
  name: string;
}

/** The file a download record of a document gives. */
export async function docDownloadFile(db: Db, recordId: number, docId: number): Promise<DownloadFile | undefined> {
  const [file] = await db.query<DownloadFile>(
    `SELECT f.storage_key, f.ext, f.mime, d.title AS name FROM download_records r
       JOIN content_files f ON f.id = r.file_id JOIN documents d ON d.id = r.docs_id
      WHERE r.id = $1 AND r.docs_id = $2`,
    [recordId, docId],
  );
  return file;
}

/** The file a download record of an appendix gives. */
export async function appendixDownloadFile(db: Db, recordId: number, appendixId: number): Promise<DownloadFile | undefined> {
  const [file] = await db.query<DownloadFile>(
    `SELECT f.storage_key, f.ext, f.mime, a.name FROM download_records r
       JOIN content_files f ON f.id = r.file_id JOIN blog_appendices a ON a.id = r.appendix_id
      WHERE r.id = $1 AND r.appendix_id = $2`,
    [recordId, appendixId],
  );
  return file;
}

export type DownloadRecordRow = DocRow & { record_id: number; record_kind: string; record_time: Date };

/** A user's document downloads (of one document when given), newest first. */
export function docDownloadList(db: Db, userId: number, docId: number | undefined): ListQuery<DownloadRecordRow> {
  const params: unknown[] = [userId];
  let filter = '';
  if (docId !== undefined) {
    params.push(docId);
    filter = `AND r.docs_id = $${params.length}`;
  }
  return {
    count: async () =>
      (await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM download_records r WHERE r.user_id = $1 AND r.docs_id IS NOT NULL ${filter}`,
        params,
      ))[0].n,
    fetch: (limit, offset) =>
      db.query<DownloadRecordRow>(
        `SELECT r.id AS record_id, r.kind AS record_kind, r.create_time AS record_time, ${DOC_COLUMNS}
           FROM download_records r JOIN documents d ON d.id = r.docs_id ${DOC_VIEWS_JOIN}
          WHERE r.user_id = $1 ${filter} ORDER BY r.create_time DESC, r.id DESC
          LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, limit, offset],
      ),
  };
}

/** The documents a user downloaded, each once with its latest download, newest first. */
export function docDownloadHistory(db: Db, userId: number): ListQuery<DownloadRecordRow> {
  return {
    count: async () =>
      (await db.query<{ n: number }>(
        'SELECT count(DISTINCT docs_id)::int AS n FROM download_records WHERE user_id = $1 AND docs_id IS NOT NULL',
        [userId],
      ))[0].n,
    fetch: (limit, offset) =>
      db.query<DownloadRecordRow>(
        `SELECT r.id AS record_id, r.kind AS record_kind, r.create_time AS record_time, ${DOC_COLUMNS}
           FROM (SELECT DISTINCT ON (docs_id) id, docs_id, kind, create_time FROM download_records
                  WHERE user_id = $1 AND docs_id IS NOT NULL ORDER BY docs_id, create_time DESC, id DESC) r
           JOIN documents d ON d.id = r.docs_id ${DOC_VIEWS_JOIN}
          ORDER BY r.create_time DESC, r.id DESC LIMIT $2 OFFSET $3`,
        [userId, limit, offset],
      ),
  };
}

/** A user's downloads since `since` and in all, and how often others downloaded their uploads. */
export async function downloadCounts(db: Db, userId: number, since: Date): Promise<{ today: number; total: number; uploaded: number }> {
  const [row] = await db.query<{ today: number; total: number; uploaded: number }>(
    `SELECT (SELECT count(*) FROM download_records WHERE user_id = $1 AND create_time >= $2)::int AS today,
            (SELECT count(*) FROM download_records WHERE user_id = $1)::int AS total,
            (SELECT coalesce(sum(downloads), 0) FROM documents WHERE uploader_id = $1)::int AS uploaded`,
    [userId, since],
  );
  return row;
}
