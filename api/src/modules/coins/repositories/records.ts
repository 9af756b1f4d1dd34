import type { Queryable } from '../../../core/db';

export interface RecordRow {
  id: number;
  kind: string;
  ref: string;
  memo: string;
  create_time: Date;
  available_change: number;
  frozen_change: number;
  withdrawing_change: number;
  available_after: number;
  frozen_after: number;
  withdrawing_after: number;
}

function codes(userId: number): [string, string, string] {
  return [`coins:u:${userId}:available`, `coins:u:${userId}:frozen`, `coins:u:${userId}:withdrawing`];
}

// each bucket's balance after the entry: its last posting at or before the entry (an entry may not touch it)
const AFTER = (i: number) =>
  `coalesce((SELECT p2.balance_after FROM ledger_postings p2 JOIN ledger_accounts a2 ON a2.id = p2.account_id
              WHERE a2.code = $${i} AND p2.entry_id <= e.id ORDER BY p2.id DESC LIMIT 1), 0)::bigint`;

const SELECT = `SELECT e.id, e.kind, e.ref, e.memo, e.create_time,
    coalesce(sum(p.amount) FILTER (WHERE a.code = $1), 0)::bigint AS available_change,
    coalesce(sum(p.amount) FILTER (WHERE a.code = $2), 0)::bigint AS frozen_change,
    coalesce(sum(p.amount) FILTER (WHERE a.code = $3), 0)::bigint AS withdrawing_change,
    ${AFTER(1)} AS available_after, ${AFTER(2)} AS frozen_after, ${AFTER(3)} AS withdrawing_after
  FROM ledger_entries e JOIN ledger_postings p ON p.entry_id = e.id JOIN ledger_accounts a ON a.id = p.account_id
  WHERE a.code IN ($1, $2, $3)`;

export async function countRecords(q: Queryable, userId: number, kinds: readonly string[] | null): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    `SELECT count(DISTINCT e.id)::int AS n FROM ledger_entries e JOIN ledger_postings p ON p.entry_id = e.id
       JOIN ledger_accounts a ON a.id = p.account_id WHERE a.code IN ($1, $2, $3) AND ($4::text[] IS NULL OR e.kind = ANY($4::text[]))`,
    [...codes(userId), kinds],
  );
  return row.n;
}

export function listRecords(q: Queryable, userId: number, kinds: readonly string[] | null, limit: number, offset: number): Promise<RecordRow[]> {
  return q.query<RecordRow>(
    `${SELECT} AND ($4::text[] IS NULL OR e.kind = ANY($4::text[])) GROUP BY e.id ORDER BY e.id DESC LIMIT $5 OFFSET $6`,
    [...codes(userId), kinds, limit, offset],
  );
}

export async function recordById(q: Queryable, userId: number, id: number): Promise<RecordRow | undefined> {
  const [row] = await q.query<RecordRow>(`${SELECT} AND e.id = $4 GROUP BY e.id`, [...codes(userId), id]);
  return row;
}
