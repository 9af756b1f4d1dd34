import type { Queryable } from '../../../core/db';
import { LEDGER_ACCOUNTS, postEntry, type AccountRef } from '../../ledger';
import { COIN_ENTRY } from '../../coins/services/earnings';

/**
 * Moves coins into (or out of) a user's available coins as one ledger entry of kind coins_reward (coin records
 * show it as 活动奖励), inside the caller's transaction. `from` defaults to the site's activity budget.
 */
export async function creditCoins(
  tx: Queryable,
  r: { key: string; userId: number; coins: number; ref: string; memo: string; at: Date; from?: AccountRef },
): Promise<number> {
  const to = LEDGER_ACCOUNTS.coins(r.userId, 'available');
  return moveCoins(tx, { key: r.key, from: r.from ?? LEDGER_ACCOUNTS.activityBudget, to, coins: r.coins, ref: r.ref, memo: r.memo, at: r.at });
}

/** Coins from `from` to `to` (a red packet's funding, its leftovers going back), as one coins_reward entry: its id. */
export async function moveCoins(tx: Queryable, r: { key: string; from: AccountRef; to: AccountRef; coins: number; ref: string; memo: string; at: Date }): Promise<number> {
  const { entryId } = await postEntry(tx, {
    key: r.key,
    kind: COIN_ENTRY.reward,
    unit: 'coin',
    ref: r.ref,
    memo: r.memo,
    at: r.at,
    postings: [
      { account: r.from, amount: -r.coins },
      { account: r.to, amount: r.coins },
    ],
  });
  return entryId;
}
