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
