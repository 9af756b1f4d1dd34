import type { WithdrawChannel, WithdrawState } from 'contracts';
import type { Queryable } from '../../../core/db';

export interface WithdrawalRow {
  id: number;
  withdraw_no: string;
  user_id: number;
  coins: number;
  fee: number;
  amount_fen: number;
  channel: WithdrawChannel;
  payee: string;
  real_name: string;
  state: WithdrawState;
  reason: string;
  package_info: string | null;
  provider_id: string | null;
  auto_approved: boolean;
  reviewer: string;
  create_time: Date;
  approve_time: Date | null;
  finish_time: Date | null;
}

const COLUMNS = `id, withdraw_no, user_id, coins, fee, amount_fen, channel, payee, real_name, state, reason, package_info, provider_id,
  auto_approved, reviewer, create_time, approve_time, finish_time`;

export type NewWithdrawal = Pick<WithdrawalRow, 'withdraw_no' | 'user_id' | 'coins' | 'fee' | 'amount_fen' | 'channel' | 'payee' | 'real_name' | 'create_time'>;

export async function insertWithdrawal(tx: Queryable, w: NewWithdrawal): Promise<WithdrawalRow> {
  const [row] = await tx.query<WithdrawalRow>(
    `INSERT INTO withdrawals (withdraw_no, user_id, coins, fee, amount_fen, channel, payee, real_name, create_time)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${COLUMNS}`,
    [w.withdraw_no, w.user_id, w.coins, w.fee, w.amount_fen, w.channel, w.payee, w.real_name, w.create_time],
  );
  return row;
}

export async function withdrawalById(q: Queryable, id: number): Promise<WithdrawalRow | undefined> {
  const [row] = await q.query<WithdrawalRow>(`SELECT ${COLUMNS} FROM withdrawals WHERE id = $1`, [id]);
  return row;
}

export async function withdrawalByNo(q: Queryable, no: string): Promise<WithdrawalRow | undefined> {
  const [row] = await q.query<WithdrawalRow>(`SELECT ${COLUMNS} FROM withdrawals WHERE withdraw_no = $1`, [no]);
  return row;
}

export async function lockWithdrawal(tx: Queryable, id: number): Promise<WithdrawalRow | undefined> {
  const [row] = await tx.query<WithdrawalRow>(`SELECT ${COLUMNS} FROM withdrawals WHERE id = $1 FOR UPDATE`, [id]);
  return row;
}

/** Moves the withdrawal between states by a conditional update; false when it was not in one of `from`. */
export async function moveWithdrawal(
  tx: Queryable,
  id: number,
  from: readonly WithdrawState[],
  to: WithdrawState,
  fields: { reason?: string; packageInfo?: string | null; providerId?: string | null; reviewer?: string; autoApproved?: boolean; at: Date },
): Promise<boolean> {
  const finished = ['success', 'failed', 'rejected', 'cancelled'].includes(to);
  const rows = await tx.query(
    `UPDATE withdrawals SET state = $3,
        reason = coalesce($4, reason), package_info = coalesce($5, package_info), provider_id = coalesce($6, provider_id), reviewer = coalesce($7, reviewer),
        auto_approved = coalesce($8, auto_approved),
        approve_time = CASE WHEN $3 = 'approved' THEN $9 ELSE approve_time END,
        finish_time = CASE WHEN $10 THEN $9 ELSE finish_time END
      WHERE id = $1 AND state = ANY($2::text[]) RETURNING id`,
    [id, from, to, fields.reason ?? null, fields.packageInfo ?? null, fields.providerId ?? null, fields.reviewer ?? null, fields.autoApproved ?? null, fields.at, finished],
  );
  return rows.length === 1;
}

/** Serialises one user's withdrawal requests until the transaction ends (the daily count is checked under it). */
export async function lockWithdrawer(tx: Queryable, userId: number): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`withdraw:u:${userId}`]);
}

/** How many withdrawals the user asked for since `since` (the daily count), any state but cancelled. */
export async function withdrawalsSince(q: Queryable, userId: number, since: Date): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM withdrawals WHERE user_id = $1 AND create_time >= $2 AND state <> 'cancelled'`,
    [userId, since],
  );
  return row.n;
}

export interface WithdrawalFilter {
  userId?: number;
  state?: WithdrawState;
}

function where(f: WithdrawalFilter): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (f.userId !== undefined) parts.push(`user_id = $${params.push(f.userId)}`);
  if (f.state !== undefined) parts.push(`state = $${params.push(f.state)}`);
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
}

export async function countWithdrawals(q: Queryable, f: WithdrawalFilter): Promise<number> {
  const { sql, params } = where(f);
  const [row] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM withdrawals ${sql}`, params);
  return row.n;
}

export function listWithdrawals(q: Queryable, f: WithdrawalFilter, limit: number, offset: number): Promise<WithdrawalRow[]> {
  const { sql, params } = where(f);
  return q.query<WithdrawalRow>(
    `SELECT ${COLUMNS} FROM withdrawals ${sql} ORDER BY create_time DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, limit, offset],
  );
}

/** Withdrawals a sweep looks at: approved ones not yet sent, and payouts left unfinished since before `before`. */
export function openPayouts(q: Queryable, before: Date, limit: number): Promise<WithdrawalRow[]> {
  return q.query<WithdrawalRow>(
    `SELECT ${COLUMNS} FROM withdrawals WHERE state IN ('approved', 'paying', 'wait_user_confirm') AND coalesce(approve_time, create_time) <= $1
      ORDER BY id LIMIT $2`,
    [before, limit],
  );
}

export async function nicknameOf(q: Queryable, userId: number): Promise<string> {
  const [row] = await q.query<{ nickname: string }>('SELECT nickname FROM users WHERE id = $1', [userId]);
  return row?.nickname ?? '';
}

/** The account's age and state, for automatic approval. */
export async function accountStanding(q: Queryable, userId: number): Promise<{ create_time: Date; is_active: boolean } | undefined> {
  const [row] = await q.query<{ create_time: Date; is_active: boolean }>(
    'SELECT create_time, inactive_reason IS NULL AS is_active FROM users WHERE id = $1',
    [userId],
  );
  return row;
}
