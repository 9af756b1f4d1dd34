import fc from 'fast-check';
import type { NotificationFault, PayMethod } from '../src/infra/payments/types';
import { ledgerProblems } from '../src/modules/ledger';
import { Client, registeredClient, testClock, type TestClock } from './accounts-helpers';
import { seededDocs } from './content-helpers';
import { engines, useEngine } from './helpers';
import { alipayNotification, deliver, wxpayNotification, wxpayResend } from './pay-forge';
import { eventually, paySite, simulatorKeys, type PaySite } from './pay-helpers';

// Random interleavings of everything that moves money (orders, payments with the simulators' faults, forged and
// replayed notifications, status queries, the sweep after expiry, closes, refunds, and the same step several
// times at once), then the money invariants. The runs share one database: the invariants are about all of it.

const RUNS = 15;
const PAID = ['paid', 'refunding', 'refunded'];

type Forgery = 'amount' | 'badsig' | 'tampered';
type Single =
  | { kind: 'create'; who: number; buy: 'docs' | 'package'; method: PayMethod; page: boolean; doc: number; policy: number }
  | { kind: 'pay'; order: number; fault: NotificationFault }
  | { kind: 'forge'; order: number; how: Forgery }
  | { kind: 'query'; order: number }
  | { kind: 'expire' }
  | { kind: 'close'; order: number }
  | { kind: 'refund'; order: number }
  | { kind: 'replay'; order: number; pick: number }
  | { kind: 'download'; who: number; doc: number };
type Step = Single | { kind: 'together'; times: number; step: Single } | { kind: 'race'; steps: Single[] };

const ref = fc.nat(1000);
const single: fc.Arbitrary<Single> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('create' as const), who: fc.nat(3), buy: fc.constantFrom('docs' as const, 'package' as const), method: fc.constantFrom<PayMethod>('alipay', 'wxpay'), page: fc.boolean(), doc: fc.nat(7), policy: fc.integer({ min: 1, max: 4 }) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('pay' as const), order: ref, fault: fc.constantFrom<NotificationFault>('none', 'none', 'duplicate', 'drop', 'delay', 'reorder') }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('forge' as const), order: ref, how: fc.constantFrom<Forgery>('amount', 'badsig', 'tampered') }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('query' as const), order: ref }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'expire' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('close' as const), order: ref }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('refund' as const), order: ref }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('replay' as const), order: ref, pick: fc.nat(10) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('download' as const), who: fc.nat(2), doc: fc.nat(7) }) },
);
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: single },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('together' as const), times: fc.integer({ min: 2, max: 4 }), step: single }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('race' as const), steps: fc.array(single, { minLength: 2, maxLength: 3 }) }) },
);

interface ModelOrder {
  no: string;
  method: PayMethod;
  amount: number;
  owner: Client;
  guest: boolean;
}

interface Run {
  site: PaySite;
  users: Client[];
  guest: Client;
  docs: number[];
  orders: ModelOrder[];
  clock: TestClock;
}

let forged = 0;
const pick = <T>(list: T[], i: number): T | undefined => (list.length ? list[i % list.length] : undefined);

async function create(run: Run, s: Extract<Single, { kind: 'create' }>): Promise<void> {
  const guest = s.who === 3;
  const owner = guest ? run.guest : run.users[s.who];
  const channel = s.method === 'alipay' ? (s.page ? 'page' : 'precreate') : s.page ? 'h5' : 'native';
  const docs = run.docs[s.doc % run.docs.length];
  const res = guest
    ? await owner.post('/api/once-order-info/', { docs, pay_method: s.method, channel })
    : await owner.post('/api/order-info/', s.buy === 'package' ? { type: 'package', price_policy: s.policy, pay_method: s.method, channel } : { type: 'docs', docs, pay_method: s.method, channel });
  if (res.status === 409 && res.body.code === 'already_purchased') return;
  expect({ status: res.status, body: res.status === 201 ? 'ok' : res.body }).toEqual({ status: 201, body: 'ok' });
  // Alipay makes a page/wap trade when the payer's browser arrives at its cashier
  if (res.body.pay.kind === 'redirect' && s.method === 'alipay') expect((await fetch(res.body.pay.url)).status).toBe(200);
  run.orders.push({ no: res.body.order_no, method: s.method, amount: res.body.amount, owner, guest });
}

async function forge(run: Run, o: ModelOrder, how: Forgery): Promise<void> {
  const keys = simulatorKeys();
  // 'amount': the provider's own signature over a wrong amount; only the amount check stands in the way
  const facts = { outTradeNo: o.no, amountFen: how === 'amount' ? o.amount + 1 : o.amount, tradeNo: `F${Date.now()}${(forged += 1)}`, at: run.clock.now() };
  const how2 = how === 'amount' ? 'signed' : how;
  const wire = o.method === 'alipay' ? alipayNotification(keys.alipay, facts, how2) : wxpayNotification(keys.wxpay, facts, how2);
  const answer = await deliver(run.site.base, o.method, wire);
  // a forgery is refused; a mismatch is acknowledged (nothing to retry) and settles nothing (the invariants)
  expect(answer.ok).toBe(how === 'amount');
}

async function replay(run: Run, o: ModelOrder, i: number): Promise<void> {
  const logged = await run.site.app.db.query<{ raw: string }>(
    `SELECT raw FROM payment_notifications WHERE out_trade_no = $1 AND pay_method = $2 AND verified ORDER BY id`,
    [o.no, o.method],
  );
  const raw = pick(logged, i)?.raw;
  if (!raw) return;
  // Alipay's signature is in the body; WeChat's retry carries fresh headers over the same bytes
  const wire = o.method === 'alipay' ? { headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, body: raw } : wxpayResend(simulatorKeys().wxpay, raw, run.clock.now());
  expect((await deliver(run.site.base, o.method, wire)).ok).toBe(true);
  if (o.method === 'wxpay') {
    // the same bytes without WeChat's signature headers: refused
    expect((await deliver(run.site.base, o.method, { headers: { 'content-type': 'application/json' }, body: raw })).ok).toBe(false);
  }
}

async function act(run: Run, s: Single): Promise<void> {
  if (s.kind === 'create') return create(run, s);
  if (s.kind === 'download') {
    // a bought document, or one taken from a package (a download the ledger counts, and a refund revokes)
    const res = await run.users[s.who].post(`/api/user-download/docs/${run.docs[s.doc % run.docs.length]}/`);
    expect([200, 402]).toContain(res.status);
    return;
  }
  if (s.kind === 'expire') {
    await run.site.app.pay.sweep();
    return;
  }
  const o = pick(run.orders, s.order);
  if (!o) return;
  const sim = o.method === 'alipay' ? run.site.alipay : run.site.wxpay;
  if (s.kind === 'pay') {
    sim.setFault(o.no, s.fault);
    await sim.pay(o.no).catch(() => undefined); // paid, closed or expired there already
  } else if (s.kind === 'forge') await forge(run, o, s.how);
  else if (s.kind === 'query') {
    const res = await o.owner.get(`/api/${o.method}/query/${o.guest ? 'once' : 'order'}/${o.no}/`);
    expect(res.status).toBe(200);
  } else if (s.kind === 'close') {
    // the provider closes a trade (what the sweep does at expiry): a paid one cannot be closed
    await run.site.app.pay.providers[o.method]?.close(o.no).catch(() => undefined);
  } else if (s.kind === 'refund') {
    await run.site.app.pay.refund(o.no, '测试退款', 'invariants').catch((error: { status?: number }) => {
      if (error.status !== 409) throw error;
    });
  } else await replay(run, o, s.pick);
}

async function perform(run: Run, s: Step): Promise<void> {
  if (s.kind === 'race') {
    // different steps at once (a payment against the sweep, a refund against a late notification ...)
    if (s.steps.some((x) => x.kind === 'expire')) run.clock.advance(16 * 60_000);
    const guestFirst = s.steps.filter((x) => x.kind === 'create' && x.who === 3 && !run.guest.cookies.has('pay_device'));
    for (const x of guestFirst) await act(run, x);
    await Promise.all(s.steps.filter((x) => !guestFirst.includes(x)).map((x) => act(run, x)));
    return;
  }
  const inner = s.kind === 'together' ? s.step : s;
  const times = s.kind === 'together' ? s.times : 1;
  // past every open order's time: the sweep's last query, then the close at the provider and here
  if (inner.kind === 'expire') run.clock.advance(16 * 60_000);
  // a visitor's device is its first order's cookie: several first orders at once would be several devices
  const sequential = inner.kind === 'create' && inner.who === 3 && !run.guest.cookies.has('pay_device');
  if (sequential) for (let i = 0; i < times; i++) await act(run, inner);
  else await Promise.all(Array.from({ length: times }, () => act(run, inner)));
}

/** What the simulator holds for an order: whether it was paid, under which trade number. */
function simPaid(site: PaySite, o: ModelOrder): string | undefined {
  if (o.method === 'alipay') {
    const t = site.alipay.trade(o.no);
    return t?.paidAt ? t.tradeNo : undefined;
  }
  return site.wxpay.trade(o.no)?.transactionId;
}

/** Orders on which we and the simulator disagree: paid (under which trade number) or not, or a refund left open. */
async function disagreements(site: PaySite, orders: ModelOrder[]): Promise<string[]> {
  const rows = await site.app.db.query<{ order_no: string; state: string; provider_trade_no: string | null }>(
    'SELECT order_no, state, provider_trade_no FROM orders WHERE order_no = ANY($1)',
    [orders.map((o) => o.no)],
  );
  const byNo = new Map(rows.map((r) => [r.order_no, r]));
  return orders.flatMap((o) => {
    const row = byNo.get(o.no);
    const paidHere = row !== undefined && PAID.includes(row.state) ? row.provider_trade_no : undefined;
    const there = simPaid(site, o);
    return row?.state === 'refunding' || paidHere !== there ? [`${o.no}: ${row?.state} ${paidHere ?? '-'}, simulator ${there ?? 'unpaid'}`] : [];
  });
}

/** Lets notifications in flight land, then what the provider knows reaches us through the sweep's queries. */
async function settle(run: Run): Promise<void> {
  await new Promise((r) => setTimeout(r, 300));
  run.clock.advance(2 * 60_000);
  const agreed = async () => {
    await run.site.app.pay.sweep();
    return (await disagreements(run.site, run.orders)).length === 0;
  };
  await eventually(agreed, 'the simulators and the orders to agree', 5_000).catch(() => undefined);
  expect(await disagreements(run.site, run.orders)).toEqual([]);
}

async function expectInvariants(site: PaySite): Promise<void> {
  const db = site.app.db;
  expect(await ledgerProblems(db)).toEqual([]);
  expect(await db.query(`SELECT code, balance FROM ledger_accounts WHERE NOT may_go_negative AND balance < 0`)).toEqual([]);
  expect(await db.query(`SELECT pay_method, provider_trade_no FROM orders WHERE provider_trade_no IS NOT NULL GROUP BY 1, 2 HAVING count(*) > 1`)).toEqual([]);
  // one payment entry per paid order (none for the others), one refund entry per refunded one
  const wrong = await db.query(
    `SELECT o.order_no, o.state,
            count(*) FILTER (WHERE e.kind = 'payment_received')::int AS payments,
            count(*) FILTER (WHERE e.kind = 'refund')::int AS refunds
       FROM orders o LEFT JOIN ledger_entries e ON e.order_id = o.id
      GROUP BY o.id
     HAVING count(*) FILTER (WHERE e.kind = 'payment_received') <> (CASE WHEN o.state IN ('paid', 'refunding', 'refunded') THEN 1 ELSE 0 END)
         OR count(*) FILTER (WHERE e.kind = 'refund') <> (CASE WHEN o.state = 'refunded' THEN 1 ELSE 0 END)`,
  );
  expect(wrong).toEqual([]);
  const [row] = await db.query<{ paid: string; refunded: string }>(
    `SELECT coalesce(sum(amount) FILTER (WHERE state IN ('paid', 'refunding', 'refunded')), 0)::bigint AS paid,
            coalesce(sum(amount) FILTER (WHERE state = 'refunded'), 0)::bigint AS refunded FROM orders`,
  );
  const received = site.alipay.totals().receivedFen + site.wxpay.totals().receivedFen;
  const refunded = site.alipay.totals().refundedFen + site.wxpay.totals().refundedFen;
  expect({ paid: Number(row.paid), refunded: Number(row.refunded) }).toEqual({ paid: received, refunded });
  const [sales] = await db.query<{ sum: string }>(`SELECT coalesce(sum(balance), 0)::bigint AS sum FROM ledger_accounts WHERE code LIKE 'sales:%'`);
  expect(Number(sales.sum)).toBe(received - refunded);
}

describe.each(engines())('payment invariants under random interleavings (%s)', (engine) => {
  const db = useEngine(engine, __filename);
  const clock = testClock();
  let site: PaySite;
  let docs: number[];
  const counted = { runs: 0, steps: 0, orders: 0, paid: 0 };
  beforeAll(async () => {
    site = await paySite(db.options(), clock);
    docs = (await seededDocs(site.app, 'd.status = 1 AND d.price > 0 AND d.price <= 2000 AND NOT d.free_quota_ok', 8)).map((d) => d.id);
  });
  afterAll(async () => {
    await site?.close();
  });

  test('the ledger balances, each trade settles once, and what was paid is what the providers received', async () => {
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 10, maxLength: 20 }), async (steps) => {
        const users = await Promise.all([0, 1, 2].map(async () => (await registeredClient(site.base)).client));
        const run: Run = { site, users, guest: new Client(site.base), docs, orders: [], clock };
        for (const s of steps) await perform(run, s);
        await settle(run);
        await expectInvariants(site);
        counted.runs += 1;
        counted.steps += steps.length;
        counted.orders += run.orders.length;
      }),
      // the runs share the database and the simulators' totals: a failure stays, so shrinking would not help
      { numRuns: RUNS, endOnFailure: true },
    );
    const [paid] = await site.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE state IN ('paid', 'refunding', 'refunded')`);
    counted.paid = paid.n;
    expect(counted.runs).toBe(RUNS);
    const states = await site.app.db.query<{ state: string; n: number }>('SELECT state, count(*)::int AS n FROM orders GROUP BY 1 ORDER BY 1');
    const outcomes = await site.app.db.query<{ outcome: string; n: number }>('SELECT outcome, count(*)::int AS n FROM payment_notifications GROUP BY 1 ORDER BY 1');
    const entries = await site.app.db.query<{ kind: string; n: number }>('SELECT kind, count(*)::int AS n FROM ledger_entries GROUP BY 1 ORDER BY 1');
    const list = (rows: { n: number }[], key: 'state' | 'outcome' | 'kind') => rows.map((r) => `${(r as Record<string, unknown>)[key]} ${r.n}`).join(', ');
    console.log(
      `pay-invariants (${engine}): ${counted.runs} runs, ${counted.steps} steps, ${counted.orders} orders (${counted.paid} paid), ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s\norders: ${list(states, 'state')}\nnotifications: ${list(outcomes, 'outcome')}\nledger entries: ${list(entries, 'kind')}`,
    );
  });
});
