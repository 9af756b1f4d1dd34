import type { Queryable } from '../../../core/db';

/** The SQL of upload_settings (one row) and of what the rules read about users. */
export async function trustedUploaderLevel(q: Queryable): Promise<number | null> {
  const [row] = await q.query<{ trusted_uploader_level: number | null }>('SELECT trusted_uploader_level FROM upload_settings');
  return row?.trusted_uploader_level ?? null;
}

export async function setTrustedUploaderLevel(q: Queryable, level: number | null, now: Date): Promise<void> {
  await q.query('UPDATE upload_settings SET trusted_uploader_level = $1, update_time = $2', [level, now]);
}

export async function userLevel(q: Queryable, userId: number): Promise<number> {
  const [row] = await q.query<{ level: number }>('SELECT level FROM users WHERE id = $1', [userId]);
  return row?.level ?? 0;
}
