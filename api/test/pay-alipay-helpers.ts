import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PaymentProvider, PaySimulatorKeys } from '../src/infra/payments/types';
import { alipayProvider } from '../src/infra/payments/alipay/adapter';
import { fetchTransport } from '../src/infra/providers/http-transport';

export interface Received {
  rawBody: string;
  fields: Record<string, string>;
  at: number;
}

/**
 * A merchant's notify_url on a loopback port: records every notification and answers what `answer` says
 * (by default: `success` when the adapter verifies it, else `fail`).
 */
export async function startMerchant(provider: () => PaymentProvider) {
  const received: Received[] = [];
  let answer = (r: Received): string => {
    try {
      provider().verifyNotification({ headers: {}, rawBody: r.rawBody });
      return provider().notificationAnswer(true).body;
    } catch {
      return provider().notificationAnswer(false).body;
    }
  };
  const byTrade = new Map<string, (r: Received, nth: number) => string>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const r = { rawBody, fields: Object.fromEntries(new URLSearchParams(rawBody)), at: Date.now() };
      received.push(r);
      const own = byTrade.get(r.fields.out_trade_no ?? '');
      const nth = received.filter((x) => x.fields.out_trade_no === r.fields.out_trade_no).length;
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(own ? own(r, nth) : answer(r));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/notify/alipay`;
  return {
    url,
    received,
    of: (outTradeNo: string) => received.filter((r) => r.fields.out_trade_no === outTradeNo),
    answerFor(outTradeNo: string, fn: (r: Received, nth: number) => string) {
      byTrade.set(outTradeNo, fn);
    },
    setDefault(fn: (r: Received) => string) {
      answer = fn;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Polls until `check` holds (or fails the test after `ms`). */
export async function until(check: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function providerFor(keys: PaySimulatorKeys['alipay'], gateway: string, overrides: Partial<Parameters<typeof alipayProvider>[0]> = {}) {
  return alipayProvider(
    { appId: keys.appId, privateKey: keys.appPrivateKey, alipayPublicKey: keys.alipayPublicKey, gateway, sellerId: keys.sellerId, ...overrides },
    fetchTransport(5_000),
    () => new Date(),
  );
}

let seq = 0;
/** A fresh out_trade_no per call. */
export function orderNo(prefix = 'T'): string {
  seq += 1;
  return `${prefix}${Date.now()}${String(seq).padStart(4, '0')}`;
}
