import type { Queryable } from '../../../core/db';

export interface EarningRow {
  id: number;
  user_id: number;
  docs_id: number | null;
  source: 'order' | 'package' | 'coin';
  order_id: number | null;
  coins: number;
  state: 'frozen' | 'released' | 'reversed';
  title: string;
  release_time: Date;
}

const COLUMNS = 'id, user_id, docs_id, source, order_id, coins, state, title, release_time';

export interface NewEarning {
  userId: number;
  docsId: number | null;
  source: EarningRow['source'];
  orderId?: number | null;
  downloadRecordId?: number | null;
  packageOrderId?: number | null;
  buyerId?: number | null;
  coins: number;
  title: string;
  at: Date;
  releaseAt: Date;
}

/** The new earning's id; null when its order or download already earned (a second call writes nothing). */
export async function insertEarning(tx: Queryable, e: NewEarning): Promise<number | null> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO coin_earnings (user_id, docs_id, source, order_id, download_record_id, package_order_id, buyer_id, coins, title, create_time, release_time)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT DO NOTHING RETURNING id`,
    [e.userId, e.docsId, e.source, e.orderId ?? null, e.downloadRecordId ?? null, e.packageOrderId ?? null, e.buyerId ?? null, e.coins, e.title.slice(0, 200), e.at, e.releaseAt],
  );
  return row ? row.id : null;
}

/** Frozen earnings due for release (all, or one user's), locked and skipped by a concurrent release. */
export function dueEarnings(tx: Queryable, now: Date, userId: number | null, limit: number): Promise<EarningRow[]> {
  return tx.query<EarningRow>(
    `SELECT ${COLUMNS} FROM coin_earnings WHERE state = 'frozen' AND release_time <= $1 AND ($2::bigint IS NULL OR user_id = $2)
      ORDER BY release_time, id LIMIT $3 FOR UPDATE SKIP LOCKED`,
    [now, userId, limit],
  );
}

/** The frozen earnings an order gave: a document order's one, or a package's downloads'; locked. */
export function lockFrozenEarningsOfOrder(tx: Queryable, orderId: number): Promise<EarningRow[]> {
  return tx.query<EarningRow>(
    `SELECT ${COLUMNS} FROM coin_earnings WHERE (order_id = $1 OR package_order_id = $1) AND state = 'frozen' ORDER BY id FOR UPDATE`,
    [orderId],
  );
}

export async function finishEarning(tx: Queryable, id: number, state: 'released' | 'reversed', at: Date, reason = ''): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE coin_earnings SET state = $2, finish_time = $3, reason = $4 WHERE id = $1 AND state = 'frozen' RETURNING id`,
    [id, state, at, reason],
  );
  return rows.length === 1;
}

/** The next frozen coins of a user to become available: the earliest release time and what it releases. */
export async function nextRelease(q: Queryable, userId: number): Promise<{ coins: number; time: Date } | null> {
  const [row] = await q.query<{ coins: number; time: Date }>(
    `SELECT sum(coins)::int AS coins, release_time AS time FROM coin_earnings WHERE user_id = $1 AND state = 'frozen'
      GROUP BY release_time ORDER BY release_time LIMIT 1`,
    [userId],
  );
  return row ?? null;
}

export async function totalEarned(q: Queryable, userId: number): Promise<number> {
  const [row] = await q.query<{ n: number }>(`SELECT coalesce(sum(coins), 0)::bigint AS n FROM coin_earnings WHERE user_id = $1 AND state <> 'reversed'`, [userId]);
  return Number(row.n);
}

/** The documents and release times of these earnings (coin records link to what earned them). */
export async function docsOfEarnings(q: Queryable, ids: readonly number[]): Promise<Map<number, { docs_id: number | null; release_time: Date }>> {
  const rows = await q.query<{ id: number; docs_id: number | null; release_time: Date }>(
    'SELECT id, docs_id, release_time FROM coin_earnings WHERE id = ANY($1::bigint[])',
    [ids],
  );
  return new Map(rows.map((r) => [r.id, { docs_id: r.docs_id, release_time: r.release_time }]));
}
