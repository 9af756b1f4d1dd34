import type { Queryable } from '../../../core/db';

export interface UserPackageRow {
  id: number;
  user_id: number;
  /** The order that bought it: purchases made with it carry this number, so its refund takes them back too. */
  order_no: string;
  order_id: number;
  name: string;
  downloads: number;
  /** The balance of its ledger account. */
  downloads_left: number;
  max_doc_price: number | null;
  /** What one download of it was worth: the package's price over its downloads (fen, rounded). */
  unit_price: number;
  revoked: boolean;
  create_time: Date;
  expire_time: Date;
}

export interface NewPackage {
  userId: number;
  orderId: number;
  policyId: number;
  name: string;
  downloads: number;
  maxDocPrice: number | null;
  at: Date;
  expireAt: Date;
}

export async function insertUserPackage(tx: Queryable, p: NewPackage): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO user_packages (user_id, order_id, price_policy_id, name, downloads, max_doc_price, create_time, expire_time)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [p.userId, p.orderId, p.policyId, p.name, p.downloads, p.maxDocPrice, p.at, p.expireAt],
  );
  return row.id;
}

const WITH_LEFT = `SELECT p.id, p.user_id, o.order_no, p.order_id, p.name, p.downloads, coalesce(a.balance, 0)::bigint AS downloads_left, p.max_doc_price,
         round(o.amount::numeric / p.downloads)::int AS unit_price, p.revoked, p.create_time, p.expire_time
    FROM user_packages p JOIN orders o ON o.id = p.order_id LEFT JOIN ledger_accounts a ON a.code = 'package:' || p.id`;

export async function countUserPackages(q: Queryable, userId: number): Promise<number> {
  const [row] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM user_packages WHERE user_id = $1', [userId]);
  return row.n;
}

export function listUserPackages(q: Queryable, userId: number, limit: number, offset: number): Promise<UserPackageRow[]> {
  return q.query<UserPackageRow>(`${WITH_LEFT} WHERE p.user_id = $1 ORDER BY p.expire_time DESC, p.id DESC LIMIT $2 OFFSET $3`, [userId, limit, offset]);
}

/** The package a download of a document at this price takes from: the one that expires first, among those that cover it. */
export async function usablePackage(q: Queryable, userId: number, price: number, now: Date): Promise<UserPackageRow | undefined> {
  const [row] = await q.query<UserPackageRow>(
    `${WITH_LEFT} WHERE p.user_id = $1 AND NOT p.revoked AND p.expire_time > $2 AND coalesce(a.balance, 0) > 0
       AND (p.max_doc_price IS NULL OR p.max_doc_price >= $3)
     ORDER BY p.expire_time, p.id LIMIT 1`,
    [userId, now, price],
  );
  return row;
}

export async function packageOfOrder(q: Queryable, orderId: number): Promise<UserPackageRow | undefined> {
  const [row] = await q.query<UserPackageRow>(`${WITH_LEFT} WHERE p.order_id = $1`, [orderId]);
  return row;
}

export async function revokePackage(tx: Queryable, id: number): Promise<void> {
  await tx.query('UPDATE user_packages SET revoked = true WHERE id = $1', [id]);
}
