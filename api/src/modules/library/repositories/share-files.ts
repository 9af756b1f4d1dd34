import type { Queryable } from '../../../core/db';
import { publicDocCondition } from '../../content/constants';

/** The SQL of file shares (share_files): download links of a document, each with its expiry and count. */

export interface ShareFileRow {
  id: number;
  token: string;
  docs_id: number;
  docs_title: string;
  downloads: number;
  expire_time: Date;
  create_time: Date;
}

const SELECT = `SELECT s.id, s.token, s.docs_id, d.title AS docs_title, s.downloads, s.expire_time, s.create_time
  FROM share_files s JOIN documents d ON d.id = s.docs_id`;

/** Whether the user may share the document's file: public, and uploaded by them or free and downloaded by them. */
export async function mayShareFile(q: Queryable, userId: number, docsId: number): Promise<boolean> {
  const rows = await q.query(
    `SELECT 1 FROM documents d WHERE d.id = $2 AND ${publicDocCondition('d')}
        AND (d.uploader_id = $1 OR (d.is_free AND EXISTS (SELECT 1 FROM download_records r WHERE r.user_id = $1 AND r.docs_id = d.id)))`,
    [userId, docsId],
  );
  return rows.length > 0;
}

export async function insertShareFile(q: Queryable, s: { token: string; userId: number; docsId: number; expire: Date; now: Date }): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    'INSERT INTO share_files (token, user_id, docs_id, expire_time, create_time) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [s.token, s.userId, s.docsId, s.expire, s.now],
  );
  return row.id;
}

export async function shareFileById(q: Queryable, id: number): Promise<ShareFileRow> {
  const [row] = await q.query<ShareFileRow>(`${SELECT} WHERE s.id = $1`, [id]);
  return row;
}

export async function countShareFiles(q: Queryable, userId: number): Promise<number> {
  return (await q.query<{ n: number }>('SELECT count(*)::int AS n FROM share_files WHERE user_id = $1', [userId]))[0].n;
}

/** The user's file shares, newest first. */
export function listShareFiles(q: Queryable, userId: number, limit: number, offset: number): Promise<ShareFileRow[]> {
  return q.query<ShareFileRow>(`${SELECT} WHERE s.user_id = $1 ORDER BY s.create_time DESC, s.id DESC LIMIT $2 OFFSET $3`, [userId, limit, offset]);
}

/** A share still open (not expired, its document still public), locked and counted; what to download. */
export async function takeShareFile(
  q: Queryable,
  token: string,
  now: Date,
): Promise<{ user_id: number; docs_id: number; file_id: number } | undefined> {
  const [row] = await q.query<{ user_id: number; docs_id: number; file_id: number }>(
    `UPDATE share_files s SET downloads = s.downloads + 1 FROM documents d
      WHERE s.token = $1 AND s.expire_time > $2 AND d.id = s.docs_id AND ${publicDocCondition('d')}
      RETURNING s.user_id, s.docs_id, d.file_id`,
    [token, now],
  );
  return row;
}
