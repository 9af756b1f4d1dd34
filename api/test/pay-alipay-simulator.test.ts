import { AlipayError } from '../src/infra/payments/alipay/adapter';
import { publicKeyOf, verifyNotificationFields, verifyParams } from '../src/infra/payments/alipay/sign';
import { startAlipaySimulator, type AlipaySimulator } from '../src/infra/payments/alipay/simulator';
import { generatePaySimulatorKeys } from '../src/infra/payments/sim-keys';
import type { CreatePayment, PaymentProvider, PaySimulatorKeys } from '../src/infra/payments/types';
import { ProviderError } from '../src/infra/providers/http-transport';
import { orderNo, providerFor, sleep, startMerchant, until } from './pay-alipay-helpers';

// 4 minutes × 0.0005 = 120 ms: the retry schedule in test time
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

function payment(overrides: Partial<CreatePayment> = {}): CreatePayment {
  return {
    outTradeNo: orderNo(),
    amountFen: 990,
    subject: '文档下载 · 高等数学期末复习资料',
    channel: 'precreate',
    expireAt: new Date(Date.now() + 15 * 60_000),
    notifyUrl: merchant.url,
    returnUrl: 'http://127.0.0.1:1/pay/return',
    clientIp: '127.0.0.1',
    ...overrides,
  };
}

/** The cashier's confirm form, submitted as a browser would (no redirect followed). */
async function confirmAt(cashierHtml: string, base: string): Promise<Response> {
  const action = /action="(\/cashier\/[0-9a-f]+\/pay)"/.exec(cashierHtml)?.[1];
  if (!action) throw new Error('no confirm form on the page');
  return fetch(`${base}${action}`, { method: 'POST', redirect: 'manual' });
}

async function precreateAndPay(p: CreatePayment): Promise<void> {
  const start = await provider.create(p);
  if (start.kind !== 'qr') throw new Error('expected a QR');
  await confirmAt(await (await fetch(start.codeUrl)).text(), sim.url);
}

describe('adapter ↔ simulator over HTTP', () => {
  test('precreate → cashier → notification verified and acknowledged → query says paid', async () => {
    const p = payment();
    expect(await provider.query(p.outTradeNo)).toEqual({ state: 'unknown' });
    const start = await provider.create(p);
    expect(start.kind).toBe('qr');
    if (start.kind !== 'qr') return;
    expect(start.codeUrl.startsWith(`${sim.url}/qr/`)).toBe(true);
    const page = await (await fetch(start.codeUrl)).text();
    expect(page).toContain('¥9.90');
    expect(page).toContain('确认付款');
    expect(page).toContain('高等数学期末复习资料');
    expect((await provider.query(p.outTradeNo)).state).toBe('paying');
    const confirmed = await confirmAt(page, sim.url);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain('支付成功');
    await until(() => merchant.of(p.outTradeNo).length === 1);
    const n = provider.verifyNotification({ headers: {}, rawBody: merchant.of(p.outTradeNo)[0].rawBody });
    expect(n).toMatchObject({ type: 'payment', outTradeNo: p.outTradeNo, state: 'paid', amountFen: 990, currency: 'CNY' });
    if (n.type !== 'payment') return;
    expect(n.tradeNo).toMatch(/^20\d{26}$/);
    const fields = merchant.of(p.outTradeNo)[0].fields;
    for (const f of ['notify_time', 'notify_type', 'notify_id', 'app_id', 'charset', 'version', 'sign_type', 'sign', 'trade_no', 'seller_id', 'buyer_logon_id', 'total_amount', 'receipt_amount', 'trade_status', 'gmt_create', 'gmt_payment', 'subject']) {
      expect(fields[f]).toBeTruthy();
    }
    expect(fields.buyer_logon_id).toContain('****');
    const status = await provider.query(p.outTradeNo);
    expect(status).toMatchObject({ state: 'paid', tradeNo: n.tradeNo, amountFen: 990, currency: 'CNY' });
    expect(status.paidAt).toBeInstanceOf(Date);
    await sleep(200); // acknowledged: no retry comes
    expect(merchant.of(p.outTradeNo)).toHaveLength(1);
  });

  test('page and wap: a signed GET URL of the gateway that opens the cashier; paying returns with signed parameters', async () => {
    for (const channel of ['page', 'wap'] as const) {
      const p = payment({ channel, amountFen: 1 });
      const start = await provider.create(p);
      if (start.kind !== 'redirect') throw new Error('expected a redirect');
      const url = new URL(start.url);
      expect(`${url.origin}${url.pathname}`).toBe(sim.gateway);
      const params = Object.fromEntries(url.searchParams);
      expect(params.method).toBe(channel === 'page' ? 'alipay.trade.page.pay' : 'alipay.trade.wap.pay');
      expect(JSON.parse(params.biz_content)).toMatchObject({ total_amount: '0.01', product_code: channel === 'page' ? 'FAST_INSTANT_TRADE_PAY' : 'QUICK_WAP_WAY' });
      expect(params.timestamp).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      expect(verifyParams(params, publicKeyOf(keys.appPublicKey))).toBe(true);
      const page = await (await fetch(start.url)).text();
      expect(page).toContain('¥0.01');
      const back = await confirmAt(page, sim.url);
      expect(back.status).toBe(302);
      const location = new URL(back.headers.get('location') ?? '');
      expect(`${location.origin}${location.pathname}`).toBe(p.returnUrl);
      expect(location.searchParams.get('out_trade_no')).toBe(p.outTradeNo);
      expect(verifyNotificationFields(location.search.slice(1), publicKeyOf(keys.alipayPublicKey))).toBeDefined();
      await until(() => merchant.of(p.outTradeNo).length === 1);
      expect((await provider.query(p.outTradeNo)).state).toBe('paid');
    }
  });

  test('a page URL whose amount was changed is refused by the gateway; subject and time_expire arrive as sent', async () => {
    const expireAt = new Date(Math.floor(Date.now() / 1000) * 1000 + 10 * 60_000);
    const p = payment({ channel: 'page', subject: '长'.repeat(200), expireAt });
    const start = await provider.create(p);
    if (start.kind !== 'redirect') throw new Error('expected a redirect');
    const url = new URL(start.url);
    const biz = JSON.parse(url.searchParams.get('biz_content') ?? '{}') as Record<string, string>;
    expect([...biz.subject]).toHaveLength(127);
    url.searchParams.set('biz_content', JSON.stringify({ ...biz, total_amount: '0.01' }));
    const refused = await (await fetch(url)).text();
    expect(refused).toContain('isv.invalid-signature');
    expect(refused).not.toContain('确认付款');
    expect(sim.trade(p.outTradeNo)).toBeUndefined();
    expect(await (await fetch(start.url)).text()).toContain('¥9.90');
    expect(sim.trade(p.outTradeNo)).toMatchObject({ subject: '长'.repeat(127), expireAt, amountFen: 990, status: 'WAIT_BUYER_PAY' });
  });

  test('app: a signed order string for the app', async () => {
    const start = await provider.create(payment({ channel: 'app' }));
    if (start.kind !== 'jsapi') throw new Error('expected bridge parameters');
    const params = Object.fromEntries(new URLSearchParams(start.params.orderString));
    expect(params.method).toBe('alipay.trade.app.pay');
    expect(verifyParams(params, publicKeyOf(keys.appPublicKey))).toBe(true);
  });

  test('amounts of 1 fen, 990 fen and 100000000 fen arrive exactly', async () => {
    for (const amountFen of [1, 990, 100_000_000]) {
      const p = payment({ amountFen });
      await precreateAndPay(p);
      expect(sim.trade(p.outTradeNo)?.amountFen).toBe(amountFen);
      await until(() => merchant.of(p.outTradeNo).length === 1);
      const n = provider.verifyNotification({ headers: {}, rawBody: merchant.of(p.outTradeNo)[0].rawBody });
      expect(n.amountFen).toBe(amountFen);
      expect((await provider.query(p.outTradeNo)).amountFen).toBe(amountFen);
    }
  });

  test('precreate is idempotent for the same amount; another amount is refused with its sub_code', async () => {
    const p = payment();
    const a = await provider.create(p);
    expect(await provider.create(p)).toEqual(a);
    const error = await provider.create({ ...p, amountFen: 991 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AlipayError);
    expect(error).toMatchObject({ code: '40004', subCode: 'ACQ.CONTEXT_INCONSISTENT', subMsg: '交易信息被篡改' });
  });

  test('close: the cashier refuses a closed trade; closing a trade Alipay never saw is no error', async () => {
    const p = payment();
    const start = await provider.create(p);
    if (start.kind !== 'qr') throw new Error('expected a QR');
    const page = await (await fetch(start.codeUrl)).text();
    await provider.close(p.outTradeNo);
    expect((await provider.query(p.outTradeNo)).state).toBe('closed');
    const refused = await confirmAt(page, sim.url);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain('交易已关闭');
    await expect(sim.pay(p.outTradeNo)).rejects.toThrow('交易已关闭');
    await expect(provider.close(orderNo('NONE'))).resolves.toBeUndefined();
    expect(sim.trade(p.outTradeNo)?.status).toBe('TRADE_CLOSED');
  });

  test('an expired trade cannot be paid', async () => {
    const p = payment({ expireAt: new Date(Date.now() - 1000) });
    const start = await provider.create(p);
    if (start.kind !== 'qr') throw new Error('expected a QR');
    expect(await (await fetch(start.codeUrl)).text()).toContain('交易已关闭');
    await expect(sim.pay(p.outTradeNo)).rejects.toThrow(/关闭|超时/);
    expect((await provider.query(p.outTradeNo)).state).toBe('closed');
  });

  test('refund: full refund → success, query says refunded, a retry of it succeeds, the refund notification maps', async () => {
    const p = payment();
    await precreateAndPay(p);
    await until(() => merchant.of(p.outTradeNo).length === 1);
    const before = sim.totals();
    const request = { outTradeNo: p.outTradeNo, refundNo: `R${p.outTradeNo}`, amountFen: 990, totalFen: 990, reason: '文档无法打开', notifyUrl: merchant.url };
    expect(await provider.refund(request)).toEqual({ state: 'success' });
    expect(sim.totals().refundedFen - before.refundedFen).toBe(990);
    expect((await provider.query(p.outTradeNo)).state).toBe('refunded');
    expect(await provider.refund(request)).toEqual({ state: 'success' });
    expect(sim.totals().refundedFen - before.refundedFen).toBe(990);
    await until(() => merchant.of(p.outTradeNo).length === 2);
    const n = provider.verifyNotification({ headers: {}, rawBody: merchant.of(p.outTradeNo)[1].rawBody });
    expect(n).toMatchObject({ type: 'refund', outTradeNo: p.outTradeNo, refundNo: request.refundNo, state: 'success', amountFen: 990 });
  });

  test('refund of an unpaid trade or more than was paid is an AlipayError', async () => {
    const p = payment();
    await provider.create(p);
    const unpaid = await provider.refund({ outTradeNo: p.outTradeNo, refundNo: 'R1', amountFen: 1, totalFen: 990, reason: 'x', notifyUrl: '' }).catch((e: unknown) => e);
    expect(unpaid).toBeInstanceOf(AlipayError);
    await sim.pay(p.outTradeNo);
    const tooMuch = await provider.refund({ outTradeNo: p.outTradeNo, refundNo: 'R2', amountFen: 991, totalFen: 990, reason: 'x', notifyUrl: '' }).catch((e: unknown) => e);
    expect(tooMuch).toMatchObject({ subCode: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL' });
    expect(await provider.refund({ outTradeNo: p.outTradeNo, refundNo: 'R3', amountFen: 100, totalFen: 990, reason: 'x', notifyUrl: '' })).toEqual({ state: 'success' });
    expect((await provider.query(p.outTradeNo)).state).toBe('paid');
  });

  test('the gateway refuses a request signed with another key; an answer signed by another key is refused', async () => {
    const other = generatePaySimulatorKeys().alipay;
    const badRequest = providerFor(keys, sim.gateway, { privateKey: other.appPrivateKey });
    await expect(badRequest.query('X1')).rejects.toMatchObject({ code: '40002', subCode: 'isv.invalid-signature' });
    const badAnswer = providerFor(keys, sim.gateway, { alipayPublicKey: other.alipayPublicKey });
    const error = await badAnswer.query('X1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).not.toBeInstanceOf(AlipayError);
    expect((error as Error).message).toMatch(/signature/);
  });
});
