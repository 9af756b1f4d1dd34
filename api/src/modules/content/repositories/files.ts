import type { Queryable } from '../../../core/db';

/** The SQL of stored files' rows (content_files) and of the queue of their deletions (file_deletions). */

/**
 * Deletes the file row when nothing points at it any more (a document, an appendix, a download record) and
 * queues its stored key for deletion, in the caller's transaction: the row and the queue entry change together.
 * Answers the queued deletion, or null when the row stays (still used) or was gone already.
 */
export async function releaseFile(q: Queryable, fileId: number): Promise<QueuedDeletion | null> {
  const [row] = await q.query<QueuedDeletion>(
    `WITH gone AS (
       DELETE FROM content_files f WHERE f.id = $1
         AND NOT EXISTS (SELECT 1 FROM documents WHERE file_id = f.id)
         AND NOT EXISTS (SELECT 1 FROM documents WHERE preview_file_id = f.id)
         AND NOT EXISTS (SELECT 1 FROM stored_images WHERE file_id = f.id)
         AND NOT EXISTS (SELECT 1 FROM blog_appendices WHERE file_id = f.id)
         AND NOT EXISTS (SELECT 1 FROM download_records WHERE file_id = f.id)
       RETURNING f.id, f.storage_key)
     INSERT INTO file_deletions (storage_key, file_id) SELECT storage_key, id FROM gone
     ON CONFLICT (storage_key) DO NOTHING RETURNING storage_key, file_id`,
    [fileId],
  );
  return row ?? null;
}

export interface QueuedDeletion {
  storage_key: string;
  file_id: number | null;
}

/** The oldest queued deletions. */
export function queuedDeletions(q: Queryable, limit: number): Promise<QueuedDeletion[]> {
  return q.query<QueuedDeletion>('SELECT storage_key, file_id FROM file_deletions ORDER BY queued_at, storage_key LIMIT $1', [limit]);
}

/** The queue entry goes once its file is gone from the storage. */
export async function dequeueDeletion(q: Queryable, key: string): Promise<void> {
  await q.query('DELETE FROM file_deletions WHERE storage_key = $1', [key]);
}

/** Every key a row owns: the file rows' and the queued ones (not orphans: their deletion is on its way). */
export function ownedKeys(q: Queryable): Promise<{ id: number | null; storage_key: string; queued: boolean }[]> {
  return q.query(
    `SELECT id, storage_key, false AS queued FROM content_files
     UNION ALL SELECT file_id, storage_key, true FROM file_deletions`,
  );
}
