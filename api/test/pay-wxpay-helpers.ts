import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchTransport } from '../src/infra/providers/http-transport';
import { generatePaySimulatorKeys } from '../src/infra/payments/sim-keys';
import {
  NotificationRejected,
  type CreatePayment,
  type PaymentProvider,
  type PaySimulatorKeys,
  type VerifiedNotification,
  type WxpayCredentials,
} from '../src/infra/payments/types';
import { wxpayProvider } from '../src/infra/payments/wxpay/adapter';
import { startWxpaySimulator, type WxpaySimulator } from '../src/infra/payments/wxpay/simulator';

export interface Received {
  headers: Record<string, string | undefined>;
  rawBody: string;
  /** The adapter's verdict. */
  result: VerifiedNotification | NotificationRejected;
  status: number;
}

/** A stand-in for our API's notify route: the adapter verifies, answers as it says (or as `override` says). */
export interface Receiver {
  url: string;
  received: Received[];
  override?: (result: VerifiedNotification | NotificationRejected) => number | undefined;
  close(): Promise<void>;
}

export async function startReceiver(provider: () => PaymentProvider): Promise<Receiver> {
  const receiver: Receiver = { url: '', received: [], close: async () => undefined };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : v]));
      let result: VerifiedNotification | NotificationRejected;
      try {
        result = provider().verifyNotification({ headers, rawBody });
      } catch (e) {
        if (!(e instanceof NotificationRejected)) throw e;
        result = e;
      }
      const forced = receiver.override?.(result);
      const answer = provider().notificationAnswer(!(result instanceof NotificationRejected));
      const status = forced ?? answer.status;
      receiver.received.push({ headers, rawBody, result, status });
      res.writeHead(status, { 'Content-Type': answer.contentType });
      res.end(forced === undefined ? answer.body : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  receiver.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return receiver;
}

export function credentialsFor(keys: PaySimulatorKeys['wxpay'], baseUrl: string): WxpayCredentials {
  return {
    mchId: keys.mchId,
    appId: keys.appId,
    apiV3Key: keys.apiV3Key,
    privateKey: keys.merchantPrivateKey,
    certSerial: keys.certSerial,
    platformPublicKey: keys.platformPublicKey,
    platformPublicKeyId: keys.platformPublicKeyId,
    baseUrl,
  };
}

export interface Rig {
  keys: PaySimulatorKeys['wxpay'];
  sim: WxpaySimulator;
  creds: WxpayCredentials;
  provider: PaymentProvider;
  receiver: Receiver;
  logs: string[];
  close(): Promise<void>;
}

/** A simulator, the adapter over real HTTP to it, and a notification receiver. */
export async function startRig(timeScale = 0.001, keys = generatePaySimulatorKeys().wxpay): Promise<Rig> {
  const logs: string[] = [];
  const sim = await startWxpaySimulator({ keys, timeScale, log: (l) => logs.push(l) });
  const creds = credentialsFor(keys, sim.url);
  const provider = wxpayProvider(creds, fetchTransport(5_000), () => new Date());
  const receiver = await startReceiver(() => provider);
  return {
    keys,
    sim,
    creds,
    provider,
    receiver,
    logs,
    close: async () => {
      await sim.close();
      await receiver.close();
    },
  };
}

export function tradeNo(): string {
  return `T${randomBytes(10).toString('hex')}`;
}

export function payment(rig: Rig, overrides: Partial<CreatePayment> = {}): CreatePayment {
  return {
    outTradeNo: tradeNo(),
    amountFen: 1234,
    subject: '文档下载：高等数学讲义',
    channel: 'native',
    expireAt: new Date(Date.now() + 15 * 60_000),
    notifyUrl: `${rig.receiver.url}/api/pay/notify/wxpay/`,
    returnUrl: 'http://127.0.0.1:9/pay/result?order=1',
    clientIp: '127.0.0.1',
    ...overrides,
  };
}

export async function waitFor<T>(probe: () => T | undefined | false, timeoutMs = 5_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > end) throw new Error('waitFor: timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The notifications the receiver got for one trade, verified ones only. */
export function verifiedFor(rig: Rig, outTradeNo: string): (Received & { result: VerifiedNotification })[] {
  return rig.receiver.received.filter(
    (r): r is Received & { result: VerifiedNotification } => !(r.result instanceof NotificationRejected) && r.result.outTradeNo === outTradeNo,
  );
}
