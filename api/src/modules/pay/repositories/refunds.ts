import type { Queryable } from '../../../core/db';

export interface RefundRow {
  id: number;
  refund_no: string;
  order_id: number;
  amount: number;
  state: 'processing' | 'success' | 'failed';
  reason: string;
}

export async function insertRefund(
  tx: Queryable,
  r: { refundNo: string; orderId: number; amount: number; reason: string; operator: string; at: Date },
): Promise<RefundRow> {
  const [row] = await tx.query<RefundRow>(
    `INSERT INTO refunds (refund_no, order_id, amount, reason, operator, create_time) VALUES ($1, $2, $3, $4, $5, $6)
     RETURNING id, refund_no, order_id, amount, state, reason`,
    [r.refundNo, r.orderId, r.amount, r.reason, r.operator, r.at],
  );
  return row;
}

/** How many refunds the order has had (failed ones included): the next one's number follows from it. */
export async function refundCount(q: Queryable, orderId: number): Promise<number> {
  const [row] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM refunds WHERE order_id = $1', [orderId]);
  return row.n;
}

export async function lockRefundByNo(tx: Queryable, refundNo: string): Promise<RefundRow | undefined> {
  const [row] = await tx.query<RefundRow>('SELECT id, refund_no, order_id, amount, state, reason FROM refunds WHERE refund_no = $1 FOR UPDATE', [refundNo]);
  return row;
}

/** A refund's state by its number (no lock: for reporting what an earlier call or notification decided). */
export async function refundStateByNo(q: Queryable, refundNo: string): Promise<string | undefined> {
  const [row] = await q.query<{ state: string }>('SELECT state FROM refunds WHERE refund_no = $1', [refundNo]);
  return row?.state;
}

export async function activeRefundOfOrder(q: Queryable, orderId: number): Promise<RefundRow | undefined> {
  const [row] = await q.query<RefundRow>(
    `SELECT id, refund_no, order_id, amount, state, reason FROM refunds WHERE order_id = $1 AND state <> 'failed'`,
    [orderId],
  );
  return row;
}

export async function finishRefund(tx: Queryable, id: number, state: 'success' | 'failed', providerRefundId: string | null, at: Date): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE refunds SET state = $2, provider_refund_id = coalesce($3, provider_refund_id), finish_time = $4
      WHERE id = $1 AND state = 'processing' RETURNING id`,
    [id, state, providerRefundId, at],
  );
  return rows.length === 1;
}

/** Refunds still processing since before `before` (a crash between asking the provider and its answer; WeChat's slow ones). */
export function staleRefunds(q: Queryable, before: Date, limit: number): Promise<RefundRow[]> {
  return q.query<RefundRow>(
    `SELECT id, refund_no, order_id, amount, state, reason FROM refunds WHERE state = 'processing' AND create_time <= $1 ORDER BY id LIMIT $2`,
    [before, limit],
  );
}
