import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startAlipaySimulator } from '../src/infra/payments/alipay/simulator';
import { startWxpaySimulator } from '../src/infra/payments/wxpay/simulator';
import type { PayMethod } from '../src/infra/payments/types';
import { openDb, type Db } from '../src/core/db';
import { ledgerProblems } from '../src/modules/ledger';
import { Client } from './accounts-helpers';
import { freePort, healthy, killApi, payApiEnv, startApi, type Api } from './api-process';
import { engines, useEngine } from './helpers';
import { eventually, simulatorKeys, type AlipaySim, type WxpaySim } from './pay-helpers';

// kill -9 of the API while the simulators' notifications are being settled, a restart on the same data, and the
// money invariants on what it left: every order paid once, under its trade number, with one ledger entry.

const ORDERS = 40;

interface Order {
  no: string;
  method: PayMethod;
  amount: number;
}

/** A visitor's orders (one device: the first order sets its cookie), alternately Alipay and WeChat Pay. */
async function guestOrders(visitor: Client, docs: number[]): Promise<Order[]> {
  const one = async (i: number): Promise<Order> => {
    const method: PayMethod = i % 2 ? 'wxpay' : 'alipay';
    const res = await visitor.post('/api/once-order-info/', { docs: docs[i % docs.length], pay_method: method, channel: method === 'alipay' ? 'precreate' : 'native' });
    if (res.status !== 201) throw new Error(`order ${i}: ${res.status} ${JSON.stringify(res.body)}`);
    return { no: res.body.order_no, method, amount: res.body.amount };
  };
  const first = await one(0);
  return [first, ...(await Promise.all(Array.from({ length: ORDERS - 1 }, (_, i) => one(i + 1))))];
}

async function expectSettledOnce(db: Db, orders: Order[], sims: { alipay: AlipaySim; wxpay: WxpaySim }): Promise<void> {
  expect(await ledgerProblems(db)).toEqual([]);
  const rows = await db.query<{ order_no: string; state: string; provider_trade_no: string; payments: number }>(
    `SELECT o.order_no, o.state, o.provider_trade_no, (SELECT count(*)::int FROM ledger_entries e WHERE e.order_id = o.id AND e.kind = 'payment_received') AS payments
       FROM orders o WHERE o.order_no = ANY($1) ORDER BY o.order_no`,
    [orders.map((o) => o.no)],
  );
  const expected = orders
    .map((o) => ({
      order_no: o.no,
      state: 'paid',
      provider_trade_no: o.method === 'alipay' ? sims.alipay.trade(o.no)?.tradeNo : sims.wxpay.trade(o.no)?.transactionId,
      payments: 1,
    }))
    .sort((a, b) => a.order_no.localeCompare(b.order_no));
  expect(rows).toEqual(expected);
  expect(await db.query(`SELECT pay_method, provider_trade_no FROM orders WHERE provider_trade_no IS NOT NULL GROUP BY 1, 2 HAVING count(*) > 1`)).toEqual([]);
  const [sum] = await db.query<{ paid: string; sales: string }>(
    `SELECT (SELECT coalesce(sum(amount), 0) FROM orders WHERE state = 'paid')::bigint AS paid,
            (SELECT coalesce(sum(balance), 0) FROM ledger_accounts WHERE code LIKE 'sales:%')::bigint AS sales`,
  );
  const received = sims.alipay.totals().receivedFen + sims.wxpay.totals().receivedFen;
  expect({ paid: Number(sum.paid), sales: Number(sum.sales) }).toEqual({ paid: received, sales: received });
}

describe.each(engines())('a kill -9 of the API while it settles payments (%s)', (engine) => {
  const db = useEngine(engine, __filename);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pay-crash-'));
  let alipay: AlipaySim | undefined;
  let wxpay: WxpaySim | undefined;
  let api: Api | undefined;
  afterAll(async () => {
    await killApi(api);
    await alipay?.close();
    await wxpay?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('after the restart every paid order is settled exactly once', async () => {
    const keys = simulatorKeys();
    const acked: string[] = [];
    // the kill, at once when the third Alipay notification was acknowledged: the others are in flight
    const onLog = (line: string) => {
      if (/ #\d+: success$/.test(line) && acked.push(line) === 3) api?.child.kill('SIGKILL');
    };
    // retries compressed: WeChat's first ones after 45 ms, Alipay's after 0.7 s, 1.8 s, 1.8 s, 10.8 s
    alipay = await startAlipaySimulator({ keys: keys.alipay, timeScale: 0.003, log: onLog });
    wxpay = await startWxpaySimulator({ keys: keys.wxpay, timeScale: 0.003 });
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = payApiEnv({ port, dataDir, databaseUrl: db.options().databaseUrl, keys, alipay, wxpay });
    api = startApi(env);
    await healthy(base, api);
    const visitor = new Client(base);
    const list = await visitor.get('/api/docs/?page_size=50');
    const docs = (list.body.results as { id: number; price: number }[]).filter((d) => d.price > 0).map((d) => d.id);
    expect(docs.length).toBeGreaterThan(0);
    const orders = await guestOrders(visitor, docs);
    // every other one twice, as the providers do now and then
    for (const o of orders.filter((_, i) => i % 4 < 2)) (o.method === 'alipay' ? alipay : wxpay).setFault(o.no, 'duplicate');
    for (const o of orders) await (o.method === 'alipay' ? alipay : wxpay).pay(o.no);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('no notification was acknowledged')), 10_000)));
    await Promise.race([api.exited, late]).finally(() => clearTimeout(timer));
    const settledBeforeKill = acked.length;
    expect(settledBeforeKill).toBeLessThan(ORDERS / 2);

    api = startApi(env);
    await healthy(base, api);
    // the paying page's polling, as the visitor's browser would (it asks the provider when a notification is late)
    const restarted = Date.now();
    await eventually(async () => {
      await new Promise((r) => setTimeout(r, 1000)); // the page polls every 2 s; the retries come first
      const states = await Promise.all(orders.map(async (o) => (await visitor.get(`/api/${o.method}/query/once/${o.no}/`)).body.state));
      return states.every((s) => s === 'paid');
    }, 'every order to be paid', 30_000);
    const caughtUpMs = Date.now() - restarted;
    await new Promise((r) => setTimeout(r, 500)); // the duplicates still on their way
    api.child.kill('SIGTERM');
    expect(await api.exited).toBe(0);

    const opened = await openDb(db.options().databaseUrl ? { databaseUrl: db.options().databaseUrl } : { dataDir });
    try {
      await expectSettledOnce(opened, orders, { alipay, wxpay });
      const [notes] = await opened.query<{ settled: number; duplicate: number }>(
        `SELECT count(*) FILTER (WHERE outcome = 'settled')::int AS settled, count(*) FILTER (WHERE outcome = 'duplicate')::int AS duplicate FROM payment_notifications`,
      );
      console.log(
        `pay-crash (${engine}): ${ORDERS} orders paid at once, the API killed after ${settledBeforeKill} Alipay notifications were acknowledged; ` +
          `all paid ${(caughtUpMs / 1000).toFixed(1)} s after the restart; ${notes.settled} settled by a notification (the rest by a status query), ${notes.duplicate} duplicates`,
      );
    } finally {
      await opened.close();
    }
  });
});
