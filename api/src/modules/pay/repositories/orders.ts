import type { OrderState, OrderType, PayChannelName, PayMethodName, PayStart } from 'contracts';
import type { Queryable } from '../../../core/db';
import type { OrderingOptions } from '../../../core/http/ordering';

export interface OrderRow {
  id: number;
  order_no: string;
  user_id: number | null;
  guest_key: string | null;
  type: OrderType;
  price_policy_id: number | null;
  docs_id: number | null;
  title: string;
  amount: number;
  currency: string;
  pay_method: PayMethodName;
  channel: PayChannelName;
  state: OrderState;
  provider_trade_no: string | null;
  pay_start: PayStart | null;
  return_path: string | null;
  from_path: string | null;
  create_time: Date;
  expire_time: Date;
  paid_time: Date | null;
  closed_time: Date | null;
  refunded_time: Date | null;
}

const COLUMNS = `id, order_no, user_id, guest_key, type, price_policy_id, docs_id, title, amount, currency, pay_method, channel,
  state, provider_trade_no, pay_start, return_path, from_path, create_time, expire_time, paid_time, closed_time, refunded_time`;

export type NewOrder = Pick<
  OrderRow,
  'order_no' | 'user_id' | 'guest_key' | 'type' | 'price_policy_id' | 'docs_id' | 'title' | 'amount' | 'pay_method' | 'channel' | 'return_path' | 'from_path' | 'create_time' | 'expire_time'
>;

export async function insertOrder(q: Queryable, o: NewOrder): Promise<OrderRow> {
  const [row] = await q.query<OrderRow>(
    `INSERT INTO orders (order_no, user_id, guest_key, type, price_policy_id, docs_id, title, amount, pay_method, channel, return_path, from_path, create_time, expire_time)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING ${COLUMNS}`,
    [o.order_no, o.user_id, o.guest_key, o.type, o.price_policy_id, o.docs_id, o.title, o.amount, o.pay_method, o.channel, o.return_path, o.from_path, o.create_time, o.expire_time],
  );
  return row;
}

export async function orderByNo(q: Queryable, orderNo: string): Promise<OrderRow | undefined> {
  const [row] = await q.query<OrderRow>(`SELECT ${COLUMNS} FROM orders WHERE order_no = $1`, [orderNo]);
  return row;
}

/** The order, locked for the rest of the transaction (settling, closing and refunding serialise on it). */
export async function lockOrder(tx: Queryable, orderNo: string): Promise<OrderRow | undefined> {
  const [row] = await tx.query<OrderRow>(`SELECT ${COLUMNS} FROM orders WHERE order_no = $1 FOR UPDATE`, [orderNo]);
  return row;
}

/** created → paying with what the client needs to pay; false when the order left 'created' meanwhile. */
export async function markPaying(q: Queryable, id: number, start: PayStart): Promise<boolean> {
  const rows = await q.query('UPDATE orders SET state = $2, pay_start = $3 WHERE id = $1 AND state = $4 RETURNING id', [id, 'paying', JSON.stringify(start), 'created']);
  return rows.length === 1;
}

/** created/paying/closed → paid (a payment the provider confirmed settles even an order we closed). */
export async function markPaid(tx: Queryable, id: number, tradeNo: string, paidAt: Date): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE orders SET state = 'paid', provider_trade_no = $2, paid_time = $3, pay_start = NULL
      WHERE id = $1 AND state IN ('created', 'paying', 'closed') RETURNING id`,
    [id, tradeNo, paidAt],
  );
  return rows.length === 1;
}

export async function markClosed(q: Queryable, id: number, at: Date): Promise<boolean> {
  const rows = await q.query(
    `UPDATE orders SET state = 'closed', closed_time = $2, pay_start = NULL WHERE id = $1 AND state IN ('created', 'paying') RETURNING id`,
    [id, at],
  );
  return rows.length === 1;
}

export async function markRefunding(tx: Queryable, id: number): Promise<boolean> {
  const rows = await tx.query(`UPDATE orders SET state = 'refunding' WHERE id = $1 AND state = 'paid' RETURNING id`, [id]);
  return rows.length === 1;
}

export async function markRefunded(tx: Queryable, id: number, at: Date): Promise<boolean> {
  const rows = await tx.query(`UPDATE orders SET state = 'refunded', refunded_time = $2 WHERE id = $1 AND state = 'refunding' RETURNING id`, [id, at]);
  return rows.length === 1;
}

/** A failed refund gives the order back its paid state. */
export async function unmarkRefunding(tx: Queryable, id: number): Promise<boolean> {
  const rows = await tx.query(`UPDATE orders SET state = 'paid' WHERE id = $1 AND state = 'refunding' RETURNING id`, [id]);
  return rows.length === 1;
}

export interface OrderFilter {
  userId: number;
  state?: OrderState;
}

function where(f: OrderFilter): { sql: string; params: unknown[] } {
  return f.state ? { sql: 'WHERE user_id = $1 AND state = $2', params: [f.userId, f.state] } : { sql: 'WHERE user_id = $1', params: [f.userId] };
}

export async function countOrders(q: Queryable, f: OrderFilter): Promise<number> {
  const { sql, params } = where(f);
  const [row] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders ${sql}`, params);
  return row.n;
}

export function listOrders(q: Queryable, f: OrderFilter, order: string, limit: number, offset: number): Promise<OrderRow[]> {
  const { sql, params } = where(f);
  return q.query<OrderRow>(`SELECT ${COLUMNS} FROM orders ${sql} ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [...params, limit, offset]);
}

/** Unpaid orders to sweep: expired ones (to close), and ones left paying longer than `staleBefore` (to query). */
export function openOrdersToSweep(q: Queryable, now: Date, staleBefore: Date, limit: number): Promise<OrderRow[]> {
  return q.query<OrderRow>(
    `SELECT ${COLUMNS} FROM orders WHERE state IN ('created', 'paying') AND (expire_time <= $1 OR create_time <= $2)
      ORDER BY expire_time LIMIT $3`,
    [now, staleBefore, limit],
  );
}

/** Paid, unrefunded orders and their total: what the site was paid (tests compare it with the providers'). */
export async function paidTotals(q: Queryable): Promise<{ paid: number; refunded: number }> {
  const [row] = await q.query<{ paid: number; refunded: number }>(
    `SELECT coalesce(sum(amount) FILTER (WHERE state IN ('paid', 'refunding')), 0)::bigint AS paid,
            coalesce(sum(amount) FILTER (WHERE state = 'refunded'), 0)::bigint AS refunded FROM orders`,
  );
  return { paid: Number(row.paid), refunded: Number(row.refunded) };
}

export const ORDER_ORDERING: OrderingOptions = {
  fields: { create_time: 'create_time', amount: 'amount' },
  default: '-create_time',
  tieBreaker: 'id',
};

/** An order by id, locked (a refund's order). */
export async function lockOrderById(tx: Queryable, id: number): Promise<OrderRow | undefined> {
  const [row] = await tx.query<OrderRow>(`SELECT ${COLUMNS} FROM orders WHERE id = $1 FOR UPDATE`, [id]);
  return row;
}

export async function orderById(q: Queryable, id: number): Promise<OrderRow | undefined> {
  const [row] = await q.query<OrderRow>(`SELECT ${COLUMNS} FROM orders WHERE id = $1`, [id]);
  return row;
}
