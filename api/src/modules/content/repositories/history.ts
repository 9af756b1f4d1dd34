import type { ItemType } from 'contracts';
import type { Queryable } from '../../../core/db';
import { TARGETS } from './targets';

/** The SQL of a user's browsing history (browsing_history: one row per document or blog opened). */

export interface HistoryRow {
  id: number;
  docs_id: number | null;
  blogs_id: number | null;
  create_time: Date;
}

const kindFilter = (kind: ItemType | undefined) => (kind ? `AND ${TARGETS[kind].column} IS NOT NULL` : '');

export async function countHistory(q: Queryable, userId: number, kind?: ItemType): Promise<number> {
  return (await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM browsing_history WHERE user_id = $1 ${kindFilter(kind)}`, [userId]))[0].n;
}

/** Newest first. */
export function listHistory(q: Queryable, userId: number, kind: ItemType | undefined, limit: number, offset: number): Promise<HistoryRow[]> {
  return q.query<HistoryRow>(
    `SELECT id, docs_id, blogs_id, create_time FROM browsing_history WHERE user_id = $1 ${kindFilter(kind)}
      ORDER BY create_time DESC, id DESC LIMIT $2 OFFSET $3`,
    [userId, limit, offset],
  );
}

/** Whether the user had this entry (it is gone now). */
export async function deleteHistory(q: Queryable, userId: number, id: number): Promise<boolean> {
  return (await q.query('DELETE FROM browsing_history WHERE id = $1 AND user_id = $2 RETURNING id', [id, userId])).length > 0;
}

/** The user's whole history (of one kind, or both); how many entries went. */
export async function clearHistory(q: Queryable, userId: number, kind?: ItemType): Promise<number> {
  const sql = `WITH gone AS (DELETE FROM browsing_history WHERE user_id = $1 ${kindFilter(kind)} RETURNING 1) SELECT count(*)::int AS n FROM gone`;
  return (await q.query<{ n: number }>(sql, [userId]))[0].n;
}
