import type { Queryable } from '../../../core/db';
import type { OrderingOptions } from '../../../core/http/ordering';

export interface PolicyRow {
  id: number;
  name: string;
  description: string;
  price: number;
  original_price: number | null;
  downloads: number;
  valid_days: number;
  max_doc_price: number | null;
  sequence: number;
  recommended: boolean;
}

export const POLICY_ORDERING: OrderingOptions = {
  fields: { sequence: 'sequence', price: 'price', id: 'id' },
  default: 'sequence',
  tieBreaker: 'id',
};

const COLUMNS = 'id, name, description, price, original_price, downloads, valid_days, max_doc_price, sequence, recommended';

export async function countPolicies(q: Queryable): Promise<number> {
  const [row] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM price_policies WHERE active');
  return row.n;
}

export function listPolicies(q: Queryable, order: string, limit: number, offset: number): Promise<PolicyRow[]> {
  return q.query<PolicyRow>(`SELECT ${COLUMNS} FROM price_policies WHERE active ${order} LIMIT $1 OFFSET $2`, [limit, offset]);
}

export async function activePolicy(q: Queryable, id: number): Promise<PolicyRow | undefined> {
  const [row] = await q.query<PolicyRow>(`SELECT ${COLUMNS} FROM price_policies WHERE id = $1 AND active`, [id]);
  return row;
}

/** The package an order bought, even if staff has taken it off sale since. */
export async function policyById(q: Queryable, id: number): Promise<PolicyRow | undefined> {
  const [row] = await q.query<PolicyRow>(`SELECT ${COLUMNS} FROM price_policies WHERE id = $1`, [id]);
  return row;
}

export interface PaySettings {
  order_ttl_minutes: number;
  guest_access_days: number;
  redownload_days: number;
}

export async function paySettings(q: Queryable): Promise<PaySettings> {
  const [row] = await q.query<PaySettings>('SELECT order_ttl_minutes, guest_access_days, redownload_days FROM pay_settings');
  return row;
}

/** What the pay module needs of a document to sell it (documents belong to the content module; read-only here). */
export interface SellableDoc {
  id: number;
  title: string;
  price: number;
  uploader_id: number;
  status: number;
}

export async function sellableDoc(q: Queryable, id: number): Promise<SellableDoc | undefined> {
  const [row] = await q.query<SellableDoc>('SELECT id, title, price, uploader_id, status FROM documents WHERE id = $1', [id]);
  return row;
}
