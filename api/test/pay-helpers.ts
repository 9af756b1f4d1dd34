import type { FastifyInstance } from 'fastify';
import { generatePaySimulatorKeys } from '../src/infra/payments/sim-keys';
import { startAlipaySimulator } from '../src/infra/payments/alipay/simulator';
import { startWxpaySimulator } from '../src/infra/payments/wxpay/simulator';
import type { PaySimulatorKeys } from '../src/infra/payments/types';
import { simulatorCredentials, type PayConfig } from '../src/modules/pay/config';
import { ledgerProblems } from '../src/modules/ledger';
import type { ServerOptions } from '../src/server';
import type { TestClock } from './accounts-helpers';
import { contentServer } from './content-helpers';
import type { TestServer } from './helpers';

let keys: PaySimulatorKeys | undefined;

/** One set of simulator keys per test file (RSA key generation takes a moment); tests sign notifications with them. */
export function simulatorKeys(): PaySimulatorKeys {
  keys ??= generatePaySimulatorKeys();
  return keys;
}

export type AlipaySim = Awaited<ReturnType<typeof startAlipaySimulator>>;
export type WxpaySim = Awaited<ReturnType<typeof startWxpaySimulator>>;

export interface PaySite {
  server: TestServer;
  app: FastifyInstance;
  base: string;
  alipay: AlipaySim;
  wxpay: WxpaySim;
  close: () => Promise<void>;
}

/**
 * The demo site with both providers' simulators (their own servers on loopback, retries compressed 1000 times)
 * and the API pointed at them; notifications come back to the API's own address. No background sweep: tests
 * call app.pay.sweep() when they mean it.
 */
export async function paySite(base: ServerOptions, clock?: TestClock, config: Partial<PayConfig> = {}): Promise<PaySite> {
  const k = simulatorKeys();
  const now = clock?.now ?? (() => new Date());
  const alipay = await startAlipaySimulator({ keys: k.alipay, timeScale: 0.001, now });
  const wxpay = await startWxpaySimulator({ keys: k.wxpay, timeScale: 0.001, now });
  const payConfig: PayConfig = {
    provider: 'simulator',
    siteOrigin: 'http://127.0.0.1:1',
    notifyOrigin: 'http://127.0.0.1:1',
    ...simulatorCredentials(k, { alipay: alipay.url, wxpay: wxpay.url }),
    sweepIntervalMs: 0,
    queryMinIntervalMs: 0,
    providerTimeoutMs: 2_000,
    ...config,
  };
  let server: TestServer;
  try {
    server = await contentServer({ ...base, pay: { config: payConfig } }, clock);
  } catch (error) {
    await alipay.close();
    await wxpay.close();
    throw error;
  }
  // the API's address is known once it listens
  payConfig.siteOrigin = server.base;
  payConfig.notifyOrigin = server.base;
  return {
    server,
    app: server.app,
    base: server.base,
    alipay,
    wxpay,
    close: async () => {
      await alipay.close();
      await wxpay.close();
      await server.close();
    },
  };
}

/** Waits (bounded) until `check` holds; the notifications travel over real sockets. */
export async function eventually<T>(check: () => Promise<T | undefined | false>, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export async function orderState(app: FastifyInstance, orderNo: string): Promise<string | undefined> {
  const [row] = await app.db.query<{ state: string }>('SELECT state FROM orders WHERE order_no = $1', [orderNo]);
  return row?.state;
}

/** The money invariants: the ledger balances, and what the site counts as paid is what the simulators received. */
export async function expectConsistent(site: PaySite): Promise<void> {
  expect(await ledgerProblems(site.app.db)).toEqual([]);
  const [row] = await site.app.db.query<{ paid: number; refunded: number }>(
    `SELECT coalesce(sum(amount) FILTER (WHERE state IN ('paid', 'refunding', 'refunded')), 0)::bigint AS paid,
            coalesce(sum(amount) FILTER (WHERE state = 'refunded'), 0)::bigint AS refunded FROM orders`,
  );
  const received = site.alipay.totals().receivedFen + site.wxpay.totals().receivedFen;
  const refunded = site.alipay.totals().refundedFen + site.wxpay.totals().refundedFen;
  expect({ paid: Number(row.paid), refunded: Number(row.refunded) }).toEqual({ paid: received, refunded });
  const [ledger] = await site.app.db.query<{ sales: number }>(
    `SELECT coalesce(sum(balance), 0)::bigint AS sales FROM ledger_accounts WHERE code LIKE 'sales:%'`,
  );
  expect(Number(ledger.sales)).toBe(received - refunded);
}
