import type { Queryable } from '../../../core/db';

/** The SQL of img-storage's images (stored_images, each a content file). */
export async function insertImage(
  q: Queryable,
  i: { userId: number; fileId: number; purpose: string; width: number; height: number },
  now: Date,
): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    'INSERT INTO stored_images (user_id, file_id, purpose, width, height, create_time) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
    [i.userId, i.fileId, i.purpose, i.width, i.height, now],
  );
  return row.id;
}

export async function imageFile(q: Queryable, id: number): Promise<{ storage_key: string; mime: string; size: number } | undefined> {
  const [row] = await q.query<{ storage_key: string; mime: string; size: number }>(
    'SELECT f.storage_key, f.mime, f.size FROM stored_images i JOIN content_files f ON f.id = i.file_id WHERE i.id = $1',
    [id],
  );
  return row;
}
