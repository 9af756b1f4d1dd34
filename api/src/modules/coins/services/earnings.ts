import type { Queryable } from '../../../core/db';
import { LEDGER_ACCOUNTS, postEntry, type AccountRef } from '../../ledger';
import { notify } from '../../notifications';
import { dueEarnings, finishEarning, insertEarning, lockFrozenEarningsOfOrder, type NewEarning } from '../repositories/earnings';
import { coinSettings, docForCoins, type CoinSettings } from '../repositories/settings';

const DAY_MS = 24 * 3600 * 1000;

/** The ledger kinds of coin entries; coin records show them under COIN_RECORD_KINDS (services/records.ts). */
export const COIN_ENTRY = {
  earned: 'coins_earned',
  pay: 'coins_pay',
  released: 'coins_released',
  reversed: 'coins_reversed',
  hold: 'withdraw_hold',
  paid: 'withdraw_paid',
  returned: 'withdraw_returned',
  reward: 'coins_reward',
} as const;

/** The uploader's share of a sale worth `valueFen`, in whole coins (rounded down: the site never pays more than its share). */
export function shareOf(valueFen: number, s: CoinSettings): number {
  return Math.floor((valueFen * s.uploader_share_bp) / 10_000 / s.coin_value_fen);
}

/** Writes one earning, frozen for the settings' days, and its ledger entry; nothing when its cause earned already. */
async function earn(tx: Queryable, s: CoinSettings, e: Omit<NewEarning, 'releaseAt'>, from: AccountRef = LEDGER_ACCOUNTS.coinsIssued): Promise<void> {
  if (e.coins <= 0) return;
  const id = await insertEarning(tx, { ...e, releaseAt: new Date(e.at.getTime() + s.freeze_days * DAY_MS) });
  if (id === null) return;
  await postEntry(tx, {
    key: `coins-earned:${id}`,
    kind: COIN_ENTRY.earned,
    unit: 'coin',
    ref: `earning:${id}`,
    memo: e.title,
    at: e.at,
    postings: [
      { account: from, amount: -e.coins },
      { account: LEDGER_ACCOUNTS.coins(e.userId, 'frozen'), amount: e.coins },
    ],
  });
  await notify(tx, e.userId, { kind: 'coins_earned', coins: e.coins, docId: e.docsId, title: e.title, at: e.at });
}

/** A paid order of a document (a user's or a guest's): its uploader's share, inside the settling transaction. */
export async function earnOnOrder(tx: Queryable, order: { id: number; docs_id: number | null; amount: number; user_id: number | null }, at: Date): Promise<void> {
  if (order.docs_id === null) return;
  const doc = await docForCoins(tx, order.docs_id);
  if (!doc || doc.uploader_id === order.user_id) return;
  const s = await coinSettings(tx);
  await earn(tx, s, { userId: doc.uploader_id, docsId: doc.id, source: 'order', orderId: order.id, buyerId: order.user_id, coins: shareOf(order.amount, s), title: doc.title, at });
}

/** A package download of a document: its uploader's share of what one package download was worth (at most the document's price). */
export async function earnOnPackageDownload(
  tx: Queryable,
  p: { recordId: number; docsId: number; unitPriceFen: number; packageOrderId: number; buyerId: number; at: Date },
): Promise<void> {
  const doc = await docForCoins(tx, p.docsId);
  if (!doc || doc.uploader_id === p.buyerId) return;
  const s = await coinSettings(tx);
  const value = Math.min(doc.price, p.unitPriceFen);
  await earn(tx, s, { userId: doc.uploader_id, docsId: doc.id, source: 'package', downloadRecordId: p.recordId, packageOrderId: p.packageOrderId, buyerId: p.buyerId, coins: shareOf(value, s), title: doc.title, at: p.at });
}

/**
 * A document bought with coins (1 coin per coin_value_fen of its price), inside the caller's transaction: the
 * buyer's coins go to the site (InsufficientBalance when they are short), and the uploader's share comes from
 * there as an earning, frozen like any other.
 */
export async function spendCoinsOnDoc(tx: Queryable, p: { buyerId: number; doc: { id: number; title: string; price: number; uploader_id: number }; at: Date }): Promise<number> {
  const s = await coinSettings(tx);
  const coins = Math.ceil(p.doc.price / s.coin_value_fen);
  const { created } = await postEntry(tx, {
    key: `coins-pay:${p.buyerId}:${p.doc.id}:${p.at.getTime()}`,
    kind: COIN_ENTRY.pay,
    unit: 'coin',
    ref: `docs:${p.doc.id}`,
    memo: p.doc.title,
    at: p.at,
    postings: [
      { account: LEDGER_ACCOUNTS.coins(p.buyerId, 'available'), amount: -coins },
      { account: LEDGER_ACCOUNTS.coinsSite, amount: coins },
    ],
  });
  if (created && p.doc.uploader_id !== p.buyerId) {
    const share = Math.min(coins, shareOf(p.doc.price, s));
    await earn(tx, s, { userId: p.doc.uploader_id, docsId: p.doc.id, source: 'coin', buyerId: p.buyerId, coins: share, title: p.doc.title, at: p.at }, LEDGER_ACCOUNTS.coinsSite);
  }
  return coins;
}

/** Frozen earnings whose time has come become available (all users', or one user's before showing their balance). */
export async function releaseDue(db: { transaction: <T>(fn: (tx: Queryable) => Promise<T>) => Promise<T> }, now: Date, userId: number | null, limit = 200): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await dueEarnings(tx, now, userId, limit);
    for (const e of due) {
      if (!(await finishEarning(tx, e.id, 'released', now))) continue;
      await postEntry(tx, {
        key: `coins-released:${e.id}`,
        kind: COIN_ENTRY.released,
        unit: 'coin',
        ref: `earning:${e.id}`,
        memo: e.title,
        at: now,
        postings: [
          { account: LEDGER_ACCOUNTS.coins(e.user_id, 'frozen'), amount: -e.coins },
          { account: LEDGER_ACCOUNTS.coins(e.user_id, 'available'), amount: e.coins },
        ],
      });
      await notify(tx, e.user_id, { kind: 'coins_released', coins: e.coins, title: e.title, at: now });
    }
    return due.length;
  });
}

/**
 * Takes back what an order earned while it is still frozen (a refund, a takedown): a document order's share, or
 * the shares of the downloads a package paid for. Once released a share stays the uploader's: the freeze period
 * is the window for taking it back (docs/payments.md). Answers how many earnings went back.
 */
export async function reverseOrderEarning(tx: Queryable, orderId: number, at: Date, reason: string): Promise<number> {
  let reversed = 0;
  for (const e of await lockFrozenEarningsOfOrder(tx, orderId)) {
    if (!(await finishEarning(tx, e.id, 'reversed', at, reason))) continue;
    await postEntry(tx, {
      key: `coins-reversed:${e.id}`,
      kind: COIN_ENTRY.reversed,
      unit: 'coin',
      ref: `earning:${e.id}`,
      memo: `${e.title}（${reason}）`,
      at,
      postings: [
        { account: LEDGER_ACCOUNTS.coins(e.user_id, 'frozen'), amount: -e.coins },
        { account: e.source === 'coin' ? LEDGER_ACCOUNTS.coinsSite : LEDGER_ACCOUNTS.coinsIssued, amount: e.coins },
      ],
    });
    reversed++;
  }
  return reversed;
}
