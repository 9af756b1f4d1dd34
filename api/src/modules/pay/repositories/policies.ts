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

/** Staff's view of the packages: on sale or not, with their times. */
export interface StaffPolicyRow extends PolicyRow {
  active: boolean;
  create_time: Date;
  update_time: Date;
}

const STAFF_COLUMNS = `${COLUMNS}, active, create_time, update_time`;

/** What staff may set on a package (the contract's bodies name no others). */
export const POLICY_FIELDS = ['name', 'description', 'price', 'original_price', 'downloads', 'valid_days', 'max_doc_price', 'sequence', 'recommended', 'active'] as const;
export type PolicyFields = Pick<StaffPolicyRow, (typeof POLICY_FIELDS)[number]>;

export async function countAllPolicies(q: Queryable): Promise<number> {
  const [row] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM price_policies');
  return row.n;
}

export function listAllPolicies(q: Queryable, limit: number, offset: number): Promise<StaffPolicyRow[]> {
  return q.query<StaffPolicyRow>(`SELECT ${STAFF_COLUMNS} FROM price_policies ORDER BY active DESC, sequence, id LIMIT $1 OFFSET $2`, [limit, offset]);
}

export async function lockPolicy(tx: Queryable, id: number): Promise<StaffPolicyRow | undefined> {
  const [row] = await tx.query<StaffPolicyRow>(`SELECT ${STAFF_COLUMNS} FROM price_policies WHERE id = $1 FOR UPDATE`, [id]);
  return row;
}

export async function insertPolicy(q: Queryable, p: PolicyFields, at: Date): Promise<StaffPolicyRow> {
  const [row] = await q.query<StaffPolicyRow>(
    `INSERT INTO price_policies (${POLICY_FIELDS.join(', ')}, create_time, update_time)
     VALUES (${POLICY_FIELDS.map((_, i) => `$${i + 1}`).join(', ')}, $${POLICY_FIELDS.length + 1}, $${POLICY_FIELDS.length + 1}) RETURNING ${STAFF_COLUMNS}`,
    [...POLICY_FIELDS.map((f) => p[f]), at],
  );
  return row;
}

export async function updatePolicy(q: Queryable, id: number, p: PolicyFields, at: Date): Promise<StaffPolicyRow> {
  const sets = POLICY_FIELDS.map((f, i) => `${f} = $${i + 2}`).join(', ');
  const [row] = await q.query<StaffPolicyRow>(
    `UPDATE price_policies SET ${sets}, update_time = $${POLICY_FIELDS.length + 2} WHERE id = $1 RETURNING ${STAFF_COLUMNS}`,
    [id, ...POLICY_FIELDS.map((f) => p[f]), at],
  );
  return row;
}

export const PAY_SETTING_COLUMNS = ['order_ttl_minutes', 'guest_access_days', 'redownload_days'] as const satisfies readonly (keyof PaySettings)[];

/** The settings row with its update time; `lock`: for the change that follows (inside a transaction). */
export async function paySettingsRow(q: Queryable, lock = false): Promise<PaySettings & { update_time: Date }> {
  const [row] = await q.query<PaySettings & { update_time: Date }>(
    `SELECT ${PAY_SETTING_COLUMNS.join(', ')}, update_time FROM pay_settings${lock ? ' FOR UPDATE' : ''}`,
  );
  return row;
}

export async function writePaySettings(tx: Queryable, s: PaySettings, at: Date): Promise<void> {
  await tx.query('UPDATE pay_settings SET order_ttl_minutes = $1, guest_access_days = $2, redownload_days = $3, update_time = $4', [
    s.order_ttl_minutes,
    s.guest_access_days,
    s.redownload_days,
    at,
  ]);
}
