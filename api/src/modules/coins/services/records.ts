import { COIN_RECORD_LABELS, type CoinBalance, type CoinRecord, type CoinRecordKind, type PayNext } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../../core/http/errors';
import type { PaginateOptions } from '../../../core/http/pagination';
import { balancesOf, LEDGER_ACCOUNTS } from '../../ledger';
import { nextRelease, totalEarned } from '../repositories/earnings';
import { countRecords, listRecords, recordById, type RecordRow } from '../repositories/records';
import { coinSettings } from '../repositories/settings';
import { docsOfEarnings } from '../repositories/earnings';
import { COIN_ENTRY, releaseDue } from './earnings';

/** The entry kinds behind each record kind a person filters by. */
const ENTRY_KINDS: Record<CoinRecordKind, string[]> = {
  earned: [COIN_ENTRY.earned],
  released: [COIN_ENTRY.released],
  reversed: [COIN_ENTRY.reversed],
  spent: [COIN_ENTRY.pay],
  withdraw_hold: [COIN_ENTRY.hold],
  withdraw_paid: [COIN_ENTRY.paid],
  withdraw_returned: [COIN_ENTRY.returned],
  reward: [COIN_ENTRY.reward],
};

const RECORD_KIND = Object.fromEntries(Object.entries(ENTRY_KINDS).map(([k, v]) => [v[0], k])) as Record<string, CoinRecordKind>;

function refOf(ref: string): { type: string; id: number } | null {
  const [type, id] = ref.split(':');
  const n = Number(id);
  return type && Number.isSafeInteger(n) ? { type, id: n } : null;
}

async function toRecords(app: FastifyInstance, rows: RecordRow[]): Promise<CoinRecord[]> {
  const earningIds = rows.map((r) => refOf(r.ref)).filter((r) => r?.type === 'earning').map((r) => r!.id);
  const earnings = earningIds.length ? await docsOfEarnings(app.db, earningIds) : new Map<number, { docs_id: number | null; release_time: Date }>();
  return rows.map((r) => {
    const ref = refOf(r.ref);
    const earning = ref?.type === 'earning' ? earnings.get(ref.id) : undefined;
    const docs = ref?.type === 'docs' ? ref.id : (earning?.docs_id ?? null);
    const withdraw = ref?.type === 'withdraw' ? ref.id : null;
    const link: PayNext | null = docs ? { route: `articles/docs/detail/${docs}` } : withdraw ? { route: 'user/pay/withdraw_history' } : null;
    const kind = RECORD_KIND[r.kind] ?? 'reward';
    return {
      id: r.id,
      kind,
      kind_label: COIN_RECORD_LABELS[kind],
      title: r.memo,
      available_change: Number(r.available_change),
      frozen_change: Number(r.frozen_change),
      withdrawing_change: Number(r.withdrawing_change),
      balance: { available: Number(r.available_after), frozen: Number(r.frozen_after), withdrawing: Number(r.withdrawing_after) },
      link,
      docs,
      withdraw,
      release_time: kind === 'earned' && earning ? earning.release_time.toISOString() : null,
      create_time: r.create_time.toISOString(),
    };
  });
}

/** My coin records, newest first; due earnings are released first so the list is current. */
export async function recordList(app: FastifyInstance, userId: number, kind: CoinRecordKind | undefined): Promise<PaginateOptions<CoinRecord>> {
  await releaseDue(app.db, app.now(), userId);
  const kinds = kind ? ENTRY_KINDS[kind] : null;
  return {
    count: () => countRecords(app.db, userId, kinds),
    fetch: async (limit, offset) => toRecords(app, await listRecords(app.db, userId, kinds, limit, offset)),
  };
}

export async function recordDetail(app: FastifyInstance, userId: number, id: number): Promise<CoinRecord> {
  const row = await recordById(app.db, userId, id);
  if (!row) throw new ApiError(404, 'not_found', '记录不存在');
  const [record] = await toRecords(app, [row]);
  return record;
}

/** My three buckets, what I earned in all, and the next release. */
export async function coinBalance(app: FastifyInstance, userId: number): Promise<CoinBalance> {
  await releaseDue(app.db, app.now(), userId);
  const buckets = ['available', 'frozen', 'withdrawing'] as const;
  const balances = await balancesOf(app.db, buckets.map((b) => LEDGER_ACCOUNTS.coins(userId, b).code));
  const of = (b: (typeof buckets)[number]) => balances.get(LEDGER_ACCOUNTS.coins(userId, b).code) ?? 0;
  const next = await nextRelease(app.db, userId);
  const settings = await coinSettings(app.db);
  return {
    available: of('available'),
    frozen: of('frozen'),
    withdrawing: of('withdrawing'),
    total_earned: await totalEarned(app.db, userId),
    coin_value_fen: settings.coin_value_fen,
    next_release: next ? { coins: Number(next.coins), time: next.time.toISOString() } : null,
  };
}

