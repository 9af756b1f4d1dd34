import type { Queryable } from '../../../core/db';

/** A bought document downloads again for free until `expireAt`; a later purchase extends it. */
export async function upsertPurchase(
  tx: Queryable,
  p: { userId: number; docsId: number; orderNo: string; source: 'order' | 'package' | 'guest' | 'coin'; at: Date; expireAt: Date },
): Promise<void> {
  await tx.query(
    `INSERT INTO docs_purchases (user_id, docs_id, order_no, source, create_time, expire_time) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (user_id, docs_id) DO UPDATE SET order_no = EXCLUDED.order_no, source = EXCLUDED.source,
       create_time = EXCLUDED.create_time, expire_time = EXCLUDED.expire_time
     WHERE docs_purchases.expire_time IS NOT NULL AND docs_purchases.expire_time < EXCLUDED.expire_time`,
    [p.userId, p.docsId, p.orderNo, p.source, p.at, p.expireAt],
  );
}

/** A refund takes back what its order unlocked. */
export async function deletePurchasesOfOrder(tx: Queryable, orderNo: string): Promise<void> {
  await tx.query('DELETE FROM docs_purchases WHERE order_no = $1', [orderNo]);
}

/** Whether the user may download the document again without paying (a purchase still in its re-download period). */
export async function hasValidPurchase(q: Queryable, userId: number, docsId: number, now: Date): Promise<boolean> {
  const rows = await q.query(
    'SELECT 1 FROM docs_purchases WHERE user_id = $1 AND docs_id = $2 AND (expire_time IS NULL OR expire_time > $3)',
    [userId, docsId, now],
  );
  return rows.length > 0;
}
