import { privateKeyOf, signNotificationFields } from '../src/infra/payments/alipay/sign';
import { startAlipaySimulator, type AlipaySimulator } from '../src/infra/payments/alipay/simulator';
import { generatePaySimulatorKeys } from '../src/infra/payments/sim-keys';
import { NotificationRejected, type PaymentProvider, type PaySimulatorKeys } from '../src/infra/payments/types';
import { orderNo, providerFor, sleep, startMerchant, until } from './pay-alipay-helpers';

// 4 minutes × 0.0005 = 120 ms, 10 minutes = 300 ms
const TIME_SCALE = 0.0005;

let keys: PaySimulatorKeys['alipay'];
let sim: AlipaySimulator;
let provider: PaymentProvider;
let merchant: Awaited<ReturnType<typeof startMerchant>>;

beforeAll(async () => {
  keys = generatePaySimulatorKeys().alipay;
  sim = await startAlipaySimulator({ keys, timeScale: TIME_SCALE });
  provider = providerFor(keys, sim.gateway);
  merchant = await startMerchant(() => provider);
});

afterAll(async () => {
  await sim.close();
  await merchant.close();
});

async function paid(outTradeNo = orderNo(), amountFen = 990): Promise<string> {
  await provider.create({
    outTradeNo,
    amountFen,
    subject: '会员',
    channel: 'precreate',
    expireAt: new Date(Date.now() + 600_000),
    notifyUrl: merchant.url,
    returnUrl: 'http://127.0.0.1:1/',
    clientIp: '127.0.0.1',
  });
  await sim.pay(outTradeNo);
  return outTradeNo;
}

const reject = (rawBody: string) => () => provider.verifyNotification({ headers: {}, rawBody });

describe('Alipay notifications from the simulator', () => {
  test('answered fail, the notification comes again with the same notify_id until success', async () => {
    const no = orderNo();
    merchant.answerFor(no, (_r, nth) => (nth < 3 ? 'fail' : 'success'));
    await paid(no);
    await until(() => merchant.of(no).length === 3);
    const ids = new Set(merchant.of(no).map((r) => r.fields.notify_id));
    expect(ids.size).toBe(1);
    const [a, b, c] = merchant.of(no).map((r) => r.at);
    expect(b - a).toBeGreaterThanOrEqual(100); // 4 min in test time
    expect(c - b).toBeGreaterThanOrEqual(250); // 10 min in test time
    await sleep(500);
    expect(merchant.of(no)).toHaveLength(3);
  });

  test('retries are bounded: 8 sends in all on the 4m,10m,10m,1h,2h,6h,15h schedule, then none', async () => {
    const fast = await startAlipaySimulator({ keys, timeScale: 0.00001 });
    try {
      const p = providerFor(keys, fast.gateway);
      const no = orderNo();
      merchant.answerFor(no, () => 'fail');
      await p.create({ outTradeNo: no, amountFen: 1, subject: 's', channel: 'precreate', expireAt: new Date(Date.now() + 60_000), notifyUrl: merchant.url, returnUrl: '', clientIp: '' });
      await fast.pay(no);
      await until(() => merchant.of(no).length === 8, 10_000);
      await sleep(300);
      expect(merchant.of(no)).toHaveLength(8);
    } finally {
      await fast.close();
    }
  });

  test('duplicate sends each notification twice, at once; drop sends none', async () => {
    const twice = orderNo();
    sim.setFault(twice, 'duplicate');
    await paid(twice);
    await until(() => merchant.of(twice).length === 2);
    const [a, b] = merchant.of(twice);
    expect(a.fields.notify_id).toBe(b.fields.notify_id);
    expect(Math.abs(a.at - b.at)).toBeLessThan(100);
    const none = orderNo();
    sim.setFault(none, 'drop');
    await paid(none);
    await sleep(400);
    expect(merchant.of(none)).toHaveLength(0);
    expect((await provider.query(none)).state).toBe('paid');
  });

  test('reorder holds a notification until a later trade’s went out; delay still delivers', async () => {
    const first = orderNo();
    const second = orderNo();
    sim.setFault(first, 'reorder');
    await paid(first);
    await sleep(30);
    expect(merchant.of(first)).toHaveLength(0);
    await paid(second);
    await until(() => merchant.of(first).length === 1 && merchant.of(second).length === 1);
    expect(merchant.of(second)[0].at).toBeLessThanOrEqual(merchant.of(first)[0].at);
    expect(merchant.received.indexOf(merchant.of(second)[0])).toBeLessThan(merchant.received.indexOf(merchant.of(first)[0]));
    const late = orderNo();
    sim.setFault(late, 'delay');
    await paid(late);
    await until(() => merchant.of(late).length === 1);
  });

  test('the control routes: fault, pay and totals over HTTP', async () => {
    const no = orderNo();
    await provider.create({ outTradeNo: no, amountFen: 250, subject: 's', channel: 'precreate', expireAt: new Date(Date.now() + 60_000), notifyUrl: merchant.url, returnUrl: '', clientIp: '' });
    const before = (await (await fetch(`${sim.url}/_sim/totals`)).json()) as { receivedFen: number; paidTrades: number };
    const fault = await fetch(`${sim.url}/_sim/fault`, { method: 'POST', body: JSON.stringify({ out_trade_no: no, fault: 'duplicate' }) });
    expect(fault.status).toBe(200);
    expect((await fetch(`${sim.url}/_sim/fault`, { method: 'POST', body: JSON.stringify({ out_trade_no: no, fault: 'explode' }) })).status).toBe(400);
    expect((await fetch(`${sim.url}/_sim/pay/${no}`, { method: 'POST' })).status).toBe(200);
    const again = await fetch(`${sim.url}/_sim/pay/${no}`, { method: 'POST' });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toBe('该订单已支付');
    const after = (await (await fetch(`${sim.url}/_sim/totals`)).json()) as { receivedFen: number; paidTrades: number };
    expect(after.receivedFen - before.receivedFen).toBe(250);
    expect(after.paidTrades - before.paidTrades).toBe(1);
    await until(() => merchant.of(no).length === 2);
  });

  test('forged notifications are rejected: changed amount, another app_id, bad sign, sign_type RSA, malformed amount', async () => {
    const no = await paid();
    await until(() => merchant.of(no).length === 1);
    const genuine = merchant.of(no)[0].fields;
    const form = (f: Record<string, string>) => new URLSearchParams(f).toString();
    expect(provider.verifyNotification({ headers: {}, rawBody: form(genuine) }).type).toBe('payment');
    expect(reject(form({ ...genuine, total_amount: '0.01' }))).toThrow(NotificationRejected);
    const alipayKey = privateKeyOf(keys.alipayPrivateKey);
    // correctly signed by Alipay's key, but not for our application / not an amount
    expect(reject(form(signNotificationFields({ ...genuine, app_id: '2021000000000001' }, alipayKey)))).toThrow(/app_id/);
    expect(reject(form(signNotificationFields({ ...genuine, seller_id: '2088000000000001' }, alipayKey)))).toThrow(/seller_id/);
    expect(reject(form(signNotificationFields({ ...genuine, total_amount: '9.901' }, alipayKey)))).toThrow(/total_amount/);
    expect(reject(form({ ...genuine, sign: genuine.sign.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) }))).toThrow('bad signature');
    expect(reject(form({ ...genuine, sign_type: 'RSA' }))).toThrow(/RSA2/);
    // signed by someone else's key
    const forger = privateKeyOf(generatePaySimulatorKeys().alipay.alipayPrivateKey);
    expect(reject(form(signNotificationFields({ ...genuine, total_amount: '0.01' }, forger)))).toThrow('bad signature');
  });

  test('the simulator listens on loopback addresses only', async () => {
    await expect(startAlipaySimulator({ keys, host: '0.0.0.0' })).rejects.toThrow(/本机地址/);
  });
});
