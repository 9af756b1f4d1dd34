import type { Queryable } from '../../../core/db';

export interface CoinSettings {
  coin_value_fen: number;
  uploader_share_bp: number;
  freeze_days: number;
  min_withdraw_coins: number;
  max_withdraw_coins: number;
  daily_withdraw_count: number;
  fee_rate_bp: number;
  fee_min_coins: number;
  auto_approve_max_coins: number;
  auto_approve_min_account_days: number;
}

export async function coinSettings(q: Queryable): Promise<CoinSettings> {
  const [row] = await q.query<CoinSettings>(
    `SELECT coin_value_fen, uploader_share_bp, freeze_days, min_withdraw_coins, max_withdraw_coins, daily_withdraw_count,
            fee_rate_bp, fee_min_coins, auto_approve_max_coins, auto_approve_min_account_days FROM coin_settings`,
  );
  return row;
}

/** What the coin payment needs of a document (documents belong to the content module; read-only here). */
export async function docForCoins(q: Queryable, id: number): Promise<{ id: number; title: string; price: number; uploader_id: number; status: number; coin_pay_ok: boolean } | undefined> {
  const [row] = await q.query<{ id: number; title: string; price: number; uploader_id: number; status: number; coin_pay_ok: boolean }>(
    'SELECT id, title, price, uploader_id, status, coin_pay_ok FROM documents WHERE id = $1',
    [id],
  );
  return row;
}

/** The columns staff may change (the contract's CoinSettingsPatch names no others; this list keeps SQL to known names). */
export const COIN_SETTING_COLUMNS = [
  'coin_value_fen',
  'uploader_share_bp',
  'freeze_days',
  'min_withdraw_coins',
  'max_withdraw_coins',
  'daily_withdraw_count',
  'fee_rate_bp',
  'fee_min_coins',
  'auto_approve_max_coins',
  'auto_approve_min_account_days',
] as const satisfies readonly (keyof CoinSettings)[];

/** The settings row with its update time; `lock`: for the change that follows (inside a transaction). */
export async function coinSettingsRow(q: Queryable, lock = false): Promise<CoinSettings & { update_time: Date }> {
  const [row] = await q.query<CoinSettings & { update_time: Date }>(
    `SELECT ${COIN_SETTING_COLUMNS.join(', ')}, update_time FROM coin_settings${lock ? ' FOR UPDATE' : ''}`,
  );
  return row;
}

export async function writeCoinSettings(tx: Queryable, s: CoinSettings, at: Date): Promise<void> {
  const sets = COIN_SETTING_COLUMNS.map((c, i) => `${c} = $${i + 1}`).join(', ');
  await tx.query(`UPDATE coin_settings SET ${sets}, update_time = $${COIN_SETTING_COLUMNS.length + 1}`, [...COIN_SETTING_COLUMNS.map((c) => s[c]), at]);
}

/** A shorter freeze period applies to coins still frozen: each is released at most `days` after it was earned. */
export async function shortenFreeze(tx: Queryable, days: number): Promise<void> {
  await tx.query(
    `UPDATE coin_earnings SET release_time = create_time + $1 * interval '1 day'
      WHERE state = 'frozen' AND release_time > create_time + $1 * interval '1 day'`,
    [days],
  );
}
