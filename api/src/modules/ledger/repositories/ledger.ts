import type { Queryable } from '../../../core/db';

export type LedgerUnit = 'fen' | 'download' | 'coin';

export interface AccountRow {
  id: number;
  code: string;
  unit: LedgerUnit;
  may_go_negative: boolean;
  balance: number;
}

/** The account's id, creating it the first time it is named. */
export async function ensureAccount(tx: Queryable, code: string, unit: LedgerUnit, mayGoNegative: boolean): Promise<void> {
  await tx.query(
    `INSERT INTO ledger_accounts (code, unit, may_go_negative) VALUES ($1, $2, $3) ON CONFLICT (code) DO NOTHING`,
    [code, unit, mayGoNegative],
  );
}

/** Locks the accounts in id order (two entries that touch the same accounts cannot deadlock). */
export function lockAccounts(tx: Queryable, codes: readonly string[]): Promise<AccountRow[]> {
  return tx.query<AccountRow>(
    `SELECT id, code, unit, may_go_negative, balance FROM ledger_accounts WHERE code = ANY($1::text[]) ORDER BY id FOR UPDATE`,
    [codes],
  );
}

export interface NewEntry {
  key: string;
  kind: string;
  unit: LedgerUnit;
  orderId: number | null;
  ref: string;
  memo: string;
  at: Date;
}

/** The new entry's id; null when an entry with this idempotency key exists already. */
export async function insertEntry(tx: Queryable, e: NewEntry): Promise<number | null> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO ledger_entries (idempotency_key, kind, unit, order_id, ref, memo, create_time) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
    [e.key, e.kind, e.unit, e.orderId, e.ref, e.memo.slice(0, 500), e.at],
  );
  return row ? row.id : null;
}

export async function entryIdOf(q: Queryable, key: string): Promise<number | null> {
  const [row] = await q.query<{ id: number }>('SELECT id FROM ledger_entries WHERE idempotency_key = $1', [key]);
  return row ? row.id : null;
}

/** Writes the postings and the accounts' new balances (the caller holds the accounts' locks). */
export async function insertPostings(
  tx: Queryable,
  entryId: number,
  postings: readonly { accountId: number; amount: number; balanceAfter: number }[],
): Promise<void> {
  await tx.query(
    `INSERT INTO ledger_postings (entry_id, account_id, amount, balance_after)
     SELECT $1, a, m, b FROM unnest($2::bigint[], $3::bigint[], $4::bigint[]) AS p(a, m, b)`,
    [entryId, postings.map((p) => p.accountId), postings.map((p) => p.amount), postings.map((p) => p.balanceAfter)],
  );
  await tx.query(
    `UPDATE ledger_accounts a SET balance = p.b FROM unnest($1::bigint[], $2::bigint[]) AS p(id, b) WHERE a.id = p.id`,
    [postings.map((p) => p.accountId), postings.map((p) => p.balanceAfter)],
  );
}

export async function balanceOf(q: Queryable, code: string): Promise<number> {
  const [row] = await q.query<{ balance: number }>('SELECT balance FROM ledger_accounts WHERE code = $1', [code]);
  return row ? Number(row.balance) : 0;
}

export async function balancesOf(q: Queryable, codes: readonly string[]): Promise<Map<string, number>> {
  const rows = await q.query<{ code: string; balance: number }>(
    'SELECT code, balance FROM ledger_accounts WHERE code = ANY($1::text[])',
    [codes],
  );
  return new Map(rows.map((r) => [r.code, Number(r.balance)]));
}

/** Checks of the whole ledger (tests and `npm run ledger:check`): entries that do not sum to zero, balances that disagree with their postings. */
export async function ledgerProblems(q: Queryable): Promise<string[]> {
  const unbalanced = await q.query<{ id: number; total: number }>(
    `SELECT e.id, sum(p.amount)::bigint AS total FROM ledger_entries e LEFT JOIN ledger_postings p ON p.entry_id = e.id
      GROUP BY e.id HAVING coalesce(sum(p.amount), 0) <> 0 OR count(p.id) < 2`,
  );
  const drift = await q.query<{ code: string; balance: number; total: number }>(
    `SELECT a.code, a.balance, coalesce(sum(p.amount), 0)::bigint AS total FROM ledger_accounts a
       LEFT JOIN ledger_postings p ON p.account_id = a.id GROUP BY a.id HAVING a.balance <> coalesce(sum(p.amount), 0)`,
  );
  const negative = await q.query<{ code: string; balance: number }>(
    'SELECT code, balance FROM ledger_accounts WHERE NOT may_go_negative AND balance < 0',
  );
  const mixed = await q.query<{ id: number }>(
    `SELECT e.id FROM ledger_entries e JOIN ledger_postings p ON p.entry_id = e.id JOIN ledger_accounts a ON a.id = p.account_id
      WHERE a.unit <> e.unit GROUP BY e.id`,
  );
  return [
    ...unbalanced.map((r) => `entry ${r.id} sums to ${r.total}`),
    ...drift.map((r) => `account ${r.code} balance ${r.balance} but postings sum to ${r.total}`),
    ...negative.map((r) => `account ${r.code} below zero: ${r.balance}`),
    ...mixed.map((r) => `entry ${r.id} posts to an account of another unit`),
  ];
}
