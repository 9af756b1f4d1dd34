import type { Queryable } from '../../../core/db';
import { ApiError } from '../../../core/http/errors';
import { ensureAccount, entryIdOf, insertEntry, insertPostings, lockAccounts, type LedgerUnit } from '../repositories/ledger';

/** An account an entry posts to: its code names it (created the first time it is used). */
export interface AccountRef {
  code: string;
  /** Only the outside world's accounts may go below zero (what a provider took in, what a grant issues). */
  mayGoNegative?: boolean;
}

export interface EntryRequest {
  /** One business event, one key: the same key twice writes nothing the second time. */
  key: string;
  kind: string;
  unit: LedgerUnit;
  orderId?: number | null;
  /** What caused it, for people reading their records: 'docs:<id>', 'withdraw:<id>'. */
  ref?: string;
  memo?: string;
  at: Date;
  postings: readonly { account: AccountRef; amount: number }[];
}

/** A balance would go below zero: the whole transaction is refused. */
export class InsufficientBalance extends ApiError {
  constructor(readonly account: string) {
    super(409, 'insufficient_balance', '余额不足');
    this.name = 'InsufficientBalance';
  }
}

function checkShape(e: EntryRequest): void {
  if (e.postings.length < 2) throw new Error(`ledger entry ${e.key}: fewer than two postings`);
  let sum = 0;
  for (const p of e.postings) {
    if (!Number.isSafeInteger(p.amount) || p.amount === 0) throw new Error(`ledger entry ${e.key}: bad amount ${p.amount}`);
    sum += p.amount;
  }
  if (sum !== 0) throw new Error(`ledger entry ${e.key}: postings sum to ${sum}, not 0`);
  if (new Set(e.postings.map((p) => p.account.code)).size !== e.postings.length) throw new Error(`ledger entry ${e.key}: an account twice`);
}

/**
 * Writes one balanced entry inside the caller's transaction: locks its accounts (in id order), refuses a
 * balance below zero (InsufficientBalance, which rolls the caller's transaction back) and updates the balances
 * with the postings. Idempotent by key: answers `{ created: false }` and writes nothing when the key exists.
 */
export async function postEntry(tx: Queryable, e: EntryRequest): Promise<{ entryId: number; created: boolean }> {
  checkShape(e);
  const existing = await entryIdOf(tx, e.key);
  if (existing !== null) return { entryId: existing, created: false };
  for (const p of e.postings) await ensureAccount(tx, p.account.code, e.unit, p.account.mayGoNegative ?? false);
  const accounts = await lockAccounts(tx, e.postings.map((p) => p.account.code));
  const byCode = new Map(accounts.map((a) => [a.code, a]));
  const entryId = await insertEntry(tx, { key: e.key, kind: e.kind, unit: e.unit, orderId: e.orderId ?? null, ref: e.ref ?? '', memo: e.memo ?? '', at: e.at });
  // a concurrent transaction wrote the same key first (we waited on its unique index)
  if (entryId === null) return { entryId: (await entryIdOf(tx, e.key)) as number, created: false };
  const postings = e.postings.map((p) => {
    const account = byCode.get(p.account.code);
    if (!account) throw new Error(`ledger account ${p.account.code} missing`);
    if (account.unit !== e.unit) throw new Error(`ledger entry ${e.key}: account ${account.code} holds ${account.unit}, not ${e.unit}`);
    const balanceAfter = Number(account.balance) + p.amount;
    if (balanceAfter < 0 && !account.may_go_negative) throw new InsufficientBalance(account.code);
    return { accountId: account.id, amount: p.amount, balanceAfter };
  });
  await insertPostings(tx, entryId, postings);
  return { entryId, created: true };
}
