import fc from 'fast-check';
import { ApiError } from '../src/core/http/errors';
import { dayOf } from '../src/modules/content/day';
import { ledgerProblems } from '../src/modules/ledger';
import { Client, encryptPassword, PASSWORD, registeredClient, type TestClock } from './accounts-helpers';
import { seededDocs } from './content-helpers';
import { engines, useEngine, type Answer } from './helpers';
import { eventually, orderState, paySite, type PaySite } from './pay-helpers';

// Random interleavings of what moves coins: sales and refunds, the clock (freezes end), coin payments, withdrawals
// (several at once), staff reviews, and every payout outcome the simulators can produce. After each run, once
// the notifications in flight have landed: the ledger balances, nobody is below zero, each withdrawal is paid at
// most once and never both paid and returned, and what was paid out plus what is held equals what was earned.

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const RUNS = 14;

/** A clock that moves 1 ms on every reading, as a real one does between two requests; tests also jump it. */
function tickingClock(): TestClock {
  let t = Date.now();
  return { now: () => new Date((t += 1)), advance: (ms) => void (t += ms) };
}

type Channel = 'alipay' | 'wxpay';
type AlipayFault = 'none' | 'fail' | 'name_mismatch' | 'dealing' | 'timeout';
type WxFault = 'none' | 'fail' | 'timeout';

type Simple =
  | { t: 'query'; pick: number }
  | { t: 'sweep' }
  | { t: 'confirm'; pick: number }
  | { t: 'cancel'; pick: number }
  | { t: 'finish'; pick: number; ok: boolean }
  | { t: 'review'; pick: number; approve: boolean }
  | { t: 'refund'; pick: number }
  | { t: 'spend'; buyer: number; doc: number; twice: boolean };

type Step =
  | Simple
  | { t: 'sale'; doc: number; method: Channel }
  | { t: 'advance'; ms: number }
  | { t: 'withdraw'; user: number; coins: number[]; channel: Channel }
  | { t: 'fault'; alipay: AlipayFault; wxpay: WxFault }
  | { t: 'duplicate'; pick: number }
  | { t: 'race'; pick: number }
  | { t: 'both'; a: Simple; b: Simple };

const pick = fc.nat(50);
const simple: fc.Arbitrary<Simple> = fc.oneof(
  fc.record({ t: fc.constant('query' as const), pick }),
  fc.record({ t: fc.constant('sweep' as const) }),
  fc.record({ t: fc.constant('confirm' as const), pick }),
  fc.record({ t: fc.constant('cancel' as const), pick }),
  fc.record({ t: fc.constant('finish' as const), pick, ok: fc.boolean() }),
  fc.record({ t: fc.constant('review' as const), pick, approve: fc.boolean() }),
  fc.record({ t: fc.constant('refund' as const), pick }),
  fc.record({ t: fc.constant('spend' as const), buyer: pick, doc: pick, twice: fc.boolean() }),
);
const channel = fc.constantFrom<Channel>('alipay', 'wxpay');
const step: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.record({ t: fc.constant('sale' as const), doc: pick, method: channel }), weight: 5 },
  { arbitrary: fc.record({ t: fc.constant('advance' as const), ms: fc.constantFrom(2 * MIN, HOUR, 25 * HOUR, 8 * DAY) }), weight: 2 },
  { arbitrary: fc.record({ t: fc.constant('withdraw' as const), user: pick, coins: fc.array(fc.constantFrom(100, 150, 300, 700), { minLength: 1, maxLength: 3 }), channel }), weight: 4 },
  {
    arbitrary: fc.record({
      t: fc.constant('fault' as const),
      alipay: fc.constantFrom<AlipayFault>('none', 'fail', 'name_mismatch', 'dealing', 'timeout'),
      wxpay: fc.constantFrom<WxFault>('none', 'fail', 'timeout'),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ t: fc.constant('duplicate' as const), pick }), weight: 1 },
  { arbitrary: fc.record({ t: fc.constant('race' as const), pick }), weight: 2 },
  { arbitrary: simple, weight: 8 },
  { arbitrary: fc.record({ t: fc.constant('both' as const), a: simple, b: simple }), weight: 3 },
);
const run = fc.record({
  steps: fc.array(step, { minLength: 10, maxLength: 20 }),
  autoMax: fc.constantFrom(0, 300, 100_000),
  freezeDays: fc.constantFrom(0, 1, 7),
  dailyCount: fc.constantFrom(2, 50),
  prices: fc.array(fc.constantFrom(800, 1500, 3000), { minLength: 4, maxLength: 4 }),
});

interface Seller {
  client: Client;
  uid: number;
}

interface World {
  site: PaySite;
  clock: TestClock;
  staff: Client;
  sellers: Seller[];
  docs: { id: number; seller: number }[];
  orders: string[];
  withdrawals: { id: number; no: string; owner: Seller }[];
  advanced: number;
  stats: Map<string, number>;
}

const at = <T>(list: readonly T[], n: number): T | undefined => (list.length ? list[n % list.length] : undefined);

function count(w: World, key: string): void {
  w.stats.set(key, (w.stats.get(key) ?? 0) + 1);
}

/** An answer the step may get: anything but a 5xx or an unexpected status. */
function expectStatus(answer: Answer, allowed: number[], what: string): void {
  if (!allowed.includes(answer.status)) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
}

async function sale(w: World, s: Extract<Step, { t: 'sale' }>): Promise<void> {
  const doc = at(w.docs, s.doc)!;
  const visitor = new Client(w.site.base);
  const created = await visitor.post('/api/once-order-info/', { docs: doc.id, pay_method: s.method, channel: s.method === 'alipay' ? 'precreate' : 'native' });
  expectStatus(created, [201], 'order');
  await (s.method === 'alipay' ? w.site.alipay : w.site.wxpay).pay(created.body.order_no);
  await eventually(async () => (await orderState(w.site.app, created.body.order_no)) === 'paid', 'the sale');
  w.orders.push(created.body.order_no);
}

async function refund(w: World, n: number): Promise<void> {
  const no = at(w.orders, n);
  if (!no) return;
  try {
    await w.site.app.pay.refund(no, '测试退款', 'test');
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 409)) throw error;
  }
}

async function spend(w: World, s: Extract<Simple, { t: 'spend' }>): Promise<void> {
  const buyer = at(w.sellers, s.buyer)!;
  const doc = w.docs.filter((d) => d.seller !== buyer.uid)[s.doc % 2];
  if (!doc) return;
  const tries = s.twice ? 2 : 1; // a double click
  const answers = await Promise.all(Array.from({ length: tries }, () => buyer.client.post(`/api/coin-pay/docs/${doc.id}/`)));
  for (const a of answers) {
    expectStatus(a, [200, 400, 409], 'coin pay');
    count(w, `coin pay ${a.status}`);
  }
}

async function withdraw(w: World, s: Extract<Step, { t: 'withdraw' }>): Promise<void> {
  const owner = at(w.sellers, s.user)!;
  const answers = await Promise.all(
    s.coins.map(async (coins) => {
      const proof = { type: 'password', password: await encryptPassword(w.site.base, PASSWORD) };
      const body = s.channel === 'alipay' ? { coins, channel: 'alipay', alipay_account: '13800138000', real_name: '张三' } : { coins, channel: 'wxpay' };
      return owner.client.post('/api/withdraw/', { ...body, proof });
    }),
  );
  for (const a of answers) {
    expectStatus(a, [201, 400], 'withdraw');
    count(w, `withdraw ${a.status}${a.status === 400 ? ` ${a.body.message}` : ''}`);
    if (a.status === 201) w.withdrawals.push({ id: a.body.id, no: a.body.withdraw_no, owner });
  }
}

/** One of the run's withdrawals in one of these states, or none. */
async function withdrawalIn(w: World, n: number, states: string[]): Promise<World['withdrawals'][number] | undefined> {
  const ids = w.withdrawals.map((x) => x.id);
  const rows = await w.site.app.db.query<{ id: number }>('SELECT id FROM withdrawals WHERE id = ANY($1::bigint[]) AND state = ANY($2::text[]) ORDER BY id', [ids, states]);
  const row = at(rows, n);
  return row && w.withdrawals.find((x) => x.id === row.id);
}

async function review(w: World, s: Extract<Simple, { t: 'review' }>): Promise<void> {
  const x = await withdrawalIn(w, s.pick, ['requested']);
  if (!x) return;
  const path = `/api/staff/withdraw/${x.id}/${s.approve ? 'approve' : 'reject'}/`;
  expectStatus(await w.staff.post(path, s.approve ? {} : { reason: '收款信息有误' }), [200, 409], 'review');
}

async function finishDealing(w: World, n: number, ok: boolean): Promise<void> {
  const dealing = w.site.alipay.payouts().items.filter((p) => p.status === 'DEALING');
  const p = at(dealing, n);
  if (p) await w.site.alipay.finishPayout(p.outBizNo, ok ? 'success' : 'fail').catch(() => undefined);
}

async function confirm(w: World, n: number): Promise<void> {
  const waiting = w.site.wxpay.payouts().items.filter((b) => b.state === 'WAIT_USER_CONFIRM');
  const b = at(waiting, n);
  // a bill closed or cancelled meanwhile refuses the confirmation: what the payee would see
  if (b) await w.site.wxpay.confirmTransfer(b.outBillNo).catch(() => undefined);
}

/** One bill waiting for its payee: they confirm at WeChat while they cancel on the site, the page asks and the sweep runs. */
async function race(w: World, n: number): Promise<void> {
  const x = await withdrawalIn(w, n, ['wait_user_confirm']);
  if (!x) return;
  const [, cancelled, queried] = await Promise.all([
    w.site.wxpay.confirmTransfer(x.no).catch(() => undefined),
    x.owner.client.post(`/api/withdraw/${x.id}/cancel/`),
    x.owner.client.get(`/api/withdraw/${x.id}/`),
    w.site.app.coins.sweep(),
  ]);
  expectStatus(cancelled, [200, 409], 'cancel');
  expectStatus(queried, [200], 'withdrawal');
}

async function simpleStep(w: World, s: Simple): Promise<void> {
  count(w, s.t);
  switch (s.t) {
    case 'query': {
      const x = at(w.withdrawals, s.pick);
      if (x) expectStatus(await x.owner.client.get(`/api/withdraw/${x.id}/`), [200], 'withdrawal');
      return;
    }
    case 'sweep':
      await w.site.app.coins.sweep();
      return;
    case 'confirm':
      return confirm(w, s.pick);
    case 'cancel': {
      const x = await withdrawalIn(w, s.pick, ['requested', 'wait_user_confirm']);
      if (x) expectStatus(await x.owner.client.post(`/api/withdraw/${x.id}/cancel/`), [200, 409], 'cancel');
      return;
    }
    case 'finish':
      return finishDealing(w, s.pick, s.ok);
    case 'review':
      return review(w, s);
    case 'refund':
      return refund(w, s.pick);
    case 'spend':
      return spend(w, s);
  }
}

async function doStep(w: World, s: Step): Promise<void> {
  switch (s.t) {
    case 'sale':
      count(w, s.t);
      return sale(w, s);
    case 'advance':
      // within a session's 30 days: the run's people stay logged in
      if (w.advanced + s.ms > 25 * DAY) return;
      count(w, s.t);
      w.advanced += s.ms;
      w.clock.advance(s.ms);
      return;
    case 'withdraw':
      count(w, s.t);
      return withdraw(w, s);
    case 'fault':
      count(w, s.t);
      w.site.alipay.payoutFault('*', s.alipay);
      w.site.wxpay.payoutFault('*', s.wxpay);
      return;
    case 'duplicate': {
      count(w, s.t);
      const x = at(w.withdrawals, s.pick);
      if (x) w.site.wxpay.setFault(x.no, 'duplicate'); // its bill's notifications come twice
      return;
    }
    case 'race':
      count(w, s.t);
      return race(w, s.pick);
    case 'both':
      count(w, s.t);
      await Promise.all([simpleStep(w, s.a), simpleStep(w, s.b)]);
      return;
    default:
      return simpleStep(w, s);
  }
}

async function newWorld(site: PaySite, clock: TestClock, stats: Map<string, number>, r: { autoMax: number; freezeDays: number; dailyCount: number; prices: number[] }): Promise<World> {
  const db = site.app.db;
  await db.query(
    'UPDATE coin_settings SET min_withdraw_coins = 100, auto_approve_max_coins = $1, auto_approve_min_account_days = 0, daily_withdraw_count = $3, freeze_days = $2',
    [r.autoMax, r.freezeDays, r.dailyCount],
  );
  for (const sim of [site.alipay, site.wxpay]) sim.payoutFault('*', 'none');
  const sellers: Seller[] = [];
  for (let i = 0; i < 2; i++) {
    const { client, uid } = await registeredClient(site.base);
    await db.query(`INSERT INTO trd_accounts (user_id, provider, openid, create_time) VALUES ($1, 'weixingzh', $2, now())`, [uid, `o-gzh-${uid}`]);
    sellers.push({ client, uid });
  }
  // finance staff of this run (a session lasts 30 days; the clock runs on between runs)
  const { client: staff, uid: staffId } = await registeredClient(site.base);
  await db.query(`INSERT INTO staff_roles (user_id, role) VALUES ($1, 'finance')`, [staffId]);
  const seeded = await seededDocs(site.app, 'd.status = 1 AND d.price > 0', r.prices.length);
  const docs = seeded.map((d, i) => ({ id: d.id, seller: sellers[i % 2].uid }));
  for (const [i, d] of docs.entries()) {
    await db.query('UPDATE documents SET uploader_id = $1, price = $2, coin_pay_ok = true, free_quota_ok = false WHERE id = $3', [d.seller, r.prices[i], d.id]);
    site.app.content.rows.changed('documents', d.id);
  }
  const w: World = { site, clock, staff, sellers, docs, orders: [], withdrawals: [], advanced: 0, stats };
  // an opening sale of each seller's document, released: something to spend and withdraw from the first step
  await sale(w, { t: 'sale', doc: 0, method: 'alipay' });
  await sale(w, { t: 'sale', doc: 1, method: 'wxpay' });
  w.advanced = r.freezeDays * DAY + MIN;
  clock.advance(w.advanced);
  return w;
}

/** Every payout and refund at an end the simulators agree with (the notifications in flight have landed). */
async function settled(w: World): Promise<boolean> {
  const [refunding] = await w.site.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE state = 'refunding'`);
  if (refunding.n > 0) return false;
  const rows = await w.site.app.db.query<{ withdraw_no: string; channel: Channel; state: string }>('SELECT withdraw_no, channel, state FROM withdrawals');
  const ali = new Map(w.site.alipay.payouts().items.map((p) => [p.outBizNo, p.status as string]));
  const wx = new Map(w.site.wxpay.payouts().items.map((b) => [b.outBillNo, b.state as string]));
  return rows.every((row) => {
    const at = (row.channel === 'alipay' ? ali : wx).get(row.withdraw_no);
    if (row.state === 'approved' || row.state === 'paying') return false;
    if (row.state === 'success') return at === 'SUCCESS';
    if (row.state === 'wait_user_confirm') return at === 'WAIT_USER_CONFIRM';
    return at !== 'SUCCESS' && at !== 'DEALING' && at !== 'ACCEPTED';
  });
}

async function settle(w: World): Promise<void> {
  w.site.alipay.payoutFault('*', 'none');
  w.site.wxpay.payoutFault('*', 'none');
  const dealing = w.site.alipay.payouts().items.filter((p) => p.status === 'DEALING');
  for (const [i, p] of dealing.entries()) await w.site.alipay.finishPayout(p.outBizNo, i % 2 ? 'fail' : 'success');
  await eventually(
    async () => {
      w.clock.advance(2 * MIN); // past the sweep's minute
      await w.site.app.coins.sweep();
      await w.site.app.pay.sweep();
      return settled(w);
    },
    'the payouts and refunds to settle',
    20_000,
  );
}

async function expectCoinInvariants(site: PaySite): Promise<void> {
  const db = site.app.db;
  expect(await ledgerProblems(db)).toEqual([]);
  const accounts = await db.query<{ code: string; balance: string; postings: string }>(
    `SELECT a.code, a.balance, coalesce(sum(p.amount), 0)::bigint AS postings FROM ledger_accounts a
       LEFT JOIN ledger_postings p ON p.account_id = a.id WHERE a.unit = 'coin' GROUP BY a.id`,
  );
  const of = (code: string) => Number(accounts.find((a) => a.code === code)?.balance ?? 0);
  const users = accounts.filter((a) => a.code.startsWith('coins:u:'));
  expect(users.filter((a) => Number(a.balance) < 0 || a.balance !== a.postings)).toEqual([]);
  expect(accounts.filter((a) => a.code !== 'coins:issued' && Number(a.balance) < 0)).toEqual([]);
  const held = users.reduce((sum, a) => sum + Number(a.balance), 0);
  expect(of('coins:withdrawn') + of('coins:fees') + held + of('coins:site')).toBe(-of('coins:issued'));
  // each withdrawal: held once; paid at most once or returned at most once, never both, as its state says
  const ends = await db.query<{ id: number; state: string; holds: number; paid: number; returned: number }>(
    `SELECT w.id, w.state, count(*) FILTER (WHERE e.kind = 'withdraw_hold')::int AS holds, count(*) FILTER (WHERE e.kind = 'withdraw_paid')::int AS paid,
            count(*) FILTER (WHERE e.kind = 'withdraw_returned')::int AS returned
       FROM withdrawals w LEFT JOIN ledger_entries e ON e.ref = 'withdraw:' || w.id GROUP BY w.id`,
  );
  const wrong = ends.filter(
    (e) => e.holds !== 1 || e.paid !== (e.state === 'success' ? 1 : 0) || e.returned !== (['failed', 'rejected', 'cancelled'].includes(e.state) ? 1 : 0),
  );
  expect(wrong).toEqual([]);
  // a double click never buys one document twice with coins
  const twice = await db.query(
    `SELECT p.account_id, e.ref FROM ledger_entries e JOIN ledger_postings p ON p.entry_id = e.id AND p.amount < 0
      WHERE e.kind = 'coins_pay' GROUP BY p.account_id, e.ref HAVING count(*) > 1`,
  );
  expect(twice).toEqual([]);
  await expectPaidOutOnce(site);
}

/** The simulators paid each number at most once, and exactly what the successful withdrawals say. */
async function expectPaidOutOnce(site: PaySite): Promise<void> {
  const rows = await site.app.db.query<{ withdraw_no: string; channel: Channel; amount_fen: number }>(`SELECT withdraw_no, channel, amount_fen FROM withdrawals WHERE state = 'success' ORDER BY withdraw_no`);
  const paid = [
    ...site.alipay.payouts().items.filter((p) => p.status === 'SUCCESS').map((p) => ({ withdraw_no: p.outBizNo, channel: 'alipay', amount_fen: p.amountFen })),
    ...site.wxpay.payouts().items.filter((b) => b.state === 'SUCCESS').map((b) => ({ withdraw_no: b.outBillNo, channel: 'wxpay', amount_fen: b.amountFen })),
  ].sort((a, b) => a.withdraw_no.localeCompare(b.withdraw_no));
  expect(rows.map((r) => ({ ...r, amount_fen: Number(r.amount_fen) }))).toEqual(paid);
  const sum = rows.reduce((s, r) => s + Number(r.amount_fen), 0);
  expect(site.alipay.payouts().paidOutFen + site.wxpay.payouts().paidOutFen).toBe(sum);
}

/** Withdrawals asked for in one day (UTC+8, cancelled ones not counted): at most the daily count, even when asked at once. */
async function expectDailyLimit(w: World, limit: number): Promise<void> {
  const rows = await w.site.app.db.query<{ user_id: number; create_time: Date }>(
    `SELECT user_id, create_time FROM withdrawals WHERE user_id = ANY($1::bigint[]) AND state <> 'cancelled'`,
    [w.sellers.map((s) => s.uid)],
  );
  const perDay = new Map<string, number>();
  for (const r of rows) perDay.set(`${r.user_id} ${dayOf(r.create_time)}`, (perDay.get(`${r.user_id} ${dayOf(r.create_time)}`) ?? 0) + 1);
  expect([...perDay].filter(([, n]) => n > limit)).toEqual([]);
}

describe.each(engines())('coins under random interleavings (%s)', (engine) => {
  const db = useEngine(engine, __filename);
  const clock = tickingClock();
  const stats = new Map<string, number>();
  let site: PaySite;
  let runs = 0;
  let steps = 0;
  const started = Date.now();
  beforeAll(async () => {
    // a short provider timeout: the 'timeout' faults cost this much each
    site = await paySite(db.options(), clock, { providerTimeoutMs: 400 });
  });
  afterAll(async () => {
    await site?.close();
    const kinds = [...stats].map(([k, n]) => `${k} ${n}`).join(', ');
    console.log(`coins-invariants (${engine}): ${runs} runs, ${steps} steps (${kinds}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });

  test('coins are paid out at most once, and paid out + held = earned', async () => {
    await fc.assert(
      fc.asyncProperty(run, async (r) => {
        runs++;
        const w = await newWorld(site, clock, stats, r);
        for (const s of r.steps) {
          steps++;
          await doStep(w, s);
        }
        await settle(w);
        await expectCoinInvariants(site);
        await expectDailyLimit(w, r.dailyCount);
        const states = await site.app.db.query<{ state: string; n: number }>(`SELECT state, count(*)::int AS n FROM withdrawals WHERE id = ANY($1::bigint[]) GROUP BY state`, [w.withdrawals.map((x) => x.id)]);
        for (const { state, n } of states) stats.set(`withdrawal ${state}`, (stats.get(`withdrawal ${state}`) ?? 0) + n);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  }, 180_000);
});
