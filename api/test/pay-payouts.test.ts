import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { alipayPayouts } from '../src/infra/payments/alipay/payout';
import { startAlipaySimulator, type AlipaySimulator } from '../src/infra/payments/alipay/simulator';
import { generatePaySimulatorKeys } from '../src/infra/payments/sim-keys';
import {
  NotificationRejected,
  type PaySimulatorKeys,
  type PayoutProvider,
  type PayoutRequest,
  type VerifiedPayoutNotification,
} from '../src/infra/payments/types';
import { wxpayPayouts } from '../src/infra/payments/wxpay/payout';
import { aeadEncrypt, wechatpaySignatureHeaders } from '../src/infra/payments/wxpay/sign';
import { startWxpaySimulator, type WxpaySimulator } from '../src/infra/payments/wxpay/simulator';
import { fetchTransport, ProviderError } from '../src/infra/providers/http-transport';
import { credentialsFor, waitFor } from './pay-wxpay-helpers';

let keys: PaySimulatorKeys;
/** Keys that are not the simulators' (forgeries). */
let strangers: PaySimulatorKeys;
let alipaySim: AlipaySimulator;
let wxSim: WxpaySimulator;
let alipay: PayoutProvider;
let wx: PayoutProvider;
/** The same adapters with a client timeout shorter than the simulators' swallowed answers. */
let alipayHasty: PayoutProvider;
let wxHasty: PayoutProvider;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

interface Received {
  headers: Record<string, string>;
  rawBody: string;
  result: VerifiedPayoutNotification | NotificationRejected;
}

/** Our notify route's stand-in: the adapter verifies each bill notification, 204 when it does, 500 when not. */
async function startReceiver(provider: () => PayoutProvider) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      let result: Received['result'];
      try {
        result = provider().verifyPayoutNotification?.({ headers, rawBody }) ?? new NotificationRejected('no verifier');
      } catch (e) {
        result = e as NotificationRejected;
      }
      received.push({ headers, rawBody, result });
      res.writeHead(result instanceof NotificationRejected ? 500 : 204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/withdrawals/notify/wxpay`,
    received,
    of: (no: string) => received.flatMap((r) => (!(r.result instanceof NotificationRejected) && r.result.outBizNo === no ? [r.result] : [])),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

beforeAll(async () => {
  keys = generatePaySimulatorKeys();
  strangers = generatePaySimulatorKeys();
  alipaySim = await startAlipaySimulator({ keys: keys.alipay, timeScale: 0.001 });
  wxSim = await startWxpaySimulator({ keys: keys.wxpay, timeScale: 0.001 });
  const a = keys.alipay;
  const alipayCreds = { appId: a.appId, privateKey: a.appPrivateKey, alipayPublicKey: a.alipayPublicKey, gateway: alipaySim.gateway };
  alipay = alipayPayouts(alipayCreds, fetchTransport(5_000), () => new Date());
  alipayHasty = alipayPayouts(alipayCreds, fetchTransport(300), () => new Date());
  wx = wxpayPayouts(credentialsFor(keys.wxpay, wxSim.url), fetchTransport(5_000), () => new Date());
  wxHasty = wxpayPayouts(credentialsFor(keys.wxpay, wxSim.url), fetchTransport(300), () => new Date());
  receiver = await startReceiver(() => wx);
});

afterAll(async () => {
  await alipaySim.close();
  await wxSim.close();
  await receiver.close();
});

const billNo = () => `W${randomBytes(10).toString('hex')}`;

function request(overrides: Partial<PayoutRequest> = {}): PayoutRequest {
  return { outBizNo: billNo(), amountFen: 12345, payee: 'payee@example.com', realName: '张三', remark: '文档收益提现', notifyUrl: receiver.url, ...overrides };
}

const wxRequest = (overrides: Partial<PayoutRequest> = {}) => request({ payee: `o${randomBytes(13).toString('hex')}`, realName: undefined, ...overrides });

async function postJson(url: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe('Alipay payouts (uni.transfer against the simulator)', () => {
  test('a transfer succeeds at once, exactly the amount, and the query says the same', async () => {
    const r = request({ amountFen: 12345 });
    const before = alipaySim.totals().paidOutFen;
    const done = await alipay.transfer(r);
    expect(done).toMatchObject({ state: 'success', providerId: expect.stringMatching(/^\d{20,}$/) });
    expect(done.finishedAt).toBeInstanceOf(Date);
    expect(await alipay.query(r.outBizNo)).toMatchObject({ state: 'success', providerId: done.providerId, amountFen: 12345 });
    expect(alipaySim.totals().paidOutFen - before).toBe(12345);
    const kept = alipaySim.payouts().items.find((p) => p.outBizNo === r.outBizNo);
    expect(kept).toMatchObject({ amountFen: 12345, identity: 'payee@example.com', name: '张三', orderTitle: '文档收益提现', status: 'SUCCESS' });
  });

  test('amounts are exact from fen to yuan text and back', async () => {
    for (const fen of [10, 99, 100, 101, 1999, 200000, 123456789]) {
      const r = request({ amountFen: fen });
      await alipay.transfer(r);
      expect((await alipay.query(r.outBizNo)).amountFen).toBe(fen);
      expect(alipaySim.payouts().items.find((p) => p.outBizNo === r.outBizNo)?.amountFen).toBe(fen);
    }
  });

  test('a timeout, then the same number again: the transfer made once, answered again (no double pay-out)', async () => {
    const r = request({ amountFen: 5000 });
    alipaySim.payoutFault(r.outBizNo, 'timeout');
    const before = alipaySim.totals().paidOutFen;
    await expect(alipayHasty.transfer(r)).rejects.toThrow();
    // the transfer was made although no answer came: only a query finds it
    const found = await alipay.query(r.outBizNo);
    expect(found).toMatchObject({ state: 'success', amountFen: 5000 });
    const again = await alipay.transfer(r);
    expect(again).toMatchObject({ state: 'success', providerId: found.providerId });
    expect(alipaySim.totals().paidOutFen - before).toBe(5000);
    expect(alipaySim.payouts().items.filter((p) => p.outBizNo === r.outBizNo)).toHaveLength(1);
  });

  test('the same number with another amount is refused, not paid and not taken for a final failure', async () => {
    const r = request({ amountFen: 700 });
    await alipay.transfer(r);
    await expect(alipay.transfer({ ...r, amountFen: 800 })).rejects.toThrow(/PAYMENT_INFO_INCONSISTENCY/);
    expect(await alipay.query(r.outBizNo)).toMatchObject({ state: 'success', amountFen: 700 });
  });

  test('an account that does not exist: failed with Alipay\'s Chinese reason, nothing paid; the query agrees', async () => {
    const r = request();
    alipaySim.payoutFault(r.outBizNo, 'fail');
    const before = alipaySim.totals().paidOutFen;
    expect(await alipay.transfer(r)).toEqual({ state: 'failed', failReason: '收款账号不存在' });
    expect(await alipay.query(r.outBizNo)).toMatchObject({ state: 'failed', failReason: '收款账号不存在' });
    expect(alipaySim.totals().paidOutFen).toBe(before);
  });

  test('a name that is not the account\'s (payee book, and the name_mismatch fault over HTTP)', async () => {
    alipaySim.setPayee('13800000001', '李四');
    const wrong = await alipay.transfer(request({ payee: '13800000001', realName: '张三' }));
    expect(wrong).toMatchObject({ state: 'failed', failReason: expect.stringContaining('姓名不匹配') });
    expect(await alipay.transfer(request({ payee: '13800000001', realName: '李四' }))).toMatchObject({ state: 'success' });
    const r = request();
    expect((await postJson(`${alipaySim.url}/_sim/payout-fault`, { out_biz_no: r.outBizNo, fault: 'name_mismatch' })).status).toBe(200);
    expect(await alipay.transfer(r)).toMatchObject({ state: 'failed', failReason: expect.stringContaining('姓名不匹配') });
  });

  test('DEALING until the control route finishes it; paid out only then', async () => {
    const r = request({ amountFen: 4321 });
    expect((await postJson(`${alipaySim.url}/_sim/payout-fault`, { out_biz_no: r.outBizNo, fault: 'dealing' })).status).toBe(200);
    const before = alipaySim.totals().paidOutFen;
    expect(await alipay.transfer(r)).toMatchObject({ state: 'processing' });
    expect(await alipay.query(r.outBizNo)).toMatchObject({ state: 'processing' });
    expect(alipaySim.totals().paidOutFen).toBe(before);
    expect((await postJson(`${alipaySim.url}/_sim/payout-finish/${r.outBizNo}`, { result: 'success' })).status).toBe(200);
    expect(await alipay.query(r.outBizNo)).toMatchObject({ state: 'success', amountFen: 4321 });
    expect(alipaySim.totals().paidOutFen - before).toBe(4321);
    const failing = request();
    alipaySim.payoutFault(failing.outBizNo, 'dealing');
    await alipay.transfer(failing);
    await alipaySim.finishPayout(failing.outBizNo, 'fail');
    expect(await alipay.query(failing.outBizNo)).toMatchObject({ state: 'failed', failReason: expect.stringMatching(/[\u4e00-\u9fa5]/) });
    await expect(alipaySim.finishPayout(failing.outBizNo, 'success')).rejects.toThrow('转账已结束');
  });

  test('unknown numbers, no cancel, no notifications; bad control input is a Chinese 400', async () => {
    expect(await alipay.query(billNo())).toEqual({ state: 'unknown' });
    expect(await alipay.cancel(billNo())).toEqual({ state: 'unknown' });
    expect(alipay.verifyPayoutNotification).toBeUndefined();
    expect(await alipay.transfer(request({ realName: undefined }))).toEqual({ state: 'failed', failReason: '支付宝提现需要收款人的真实姓名' });
    expect(await alipay.transfer(request({ amountFen: 9 }))).toEqual({ state: 'failed', failReason: '单笔最低转账金额0.1元' });
    const bad = await postJson(`${alipaySim.url}/_sim/payout-fault`, { out_biz_no: 'x', fault: 'explode' });
    expect(bad.status).toBe(400);
    expect(String(bad.json.error)).toContain('需要');
  });

  test('an answer not signed by Alipay\'s key is a ProviderError (the caller queries again), never a result', async () => {
    const other = strangers.alipay;
    const a = keys.alipay;
    const forged = alipayPayouts({ appId: a.appId, privateKey: a.appPrivateKey, alipayPublicKey: other.alipayPublicKey, gateway: alipaySim.gateway }, fetchTransport(5_000), () => new Date());
    await expect(forged.transfer(request())).rejects.toBeInstanceOf(ProviderError);
  });
});

describe('WeChat Pay payouts (transfer bills against the simulator)', () => {
  test('wait for the payee, the 确认收款 page confirms, the verified notification says success', async () => {
    const r = wxRequest({ amountFen: 888 });
    const before = wxSim.totals().paidOutFen;
    const waiting = await wx.transfer(r);
    expect(waiting).toMatchObject({ state: 'wait_user_confirm', providerId: expect.stringMatching(/^\d+$/), packageInfo: expect.any(String) });
    expect(await wx.query(r.outBizNo)).toMatchObject({ state: 'wait_user_confirm', amountFen: 888 });
    // the simulator's stand-in for wx.requestMerchantTransfer: a page reached through the control route
    const redirect = await fetch(`${wxSim.url}/_sim/transfer-page/${r.outBizNo}`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const pageUrl = new URL(redirect.headers.get('location') ?? '', wxSim.url).toString();
    expect(pageUrl).toBe(wxSim.transferPageUrl(r.outBizNo));
    expect(pageUrl).toContain(encodeURIComponent(waiting.packageInfo ?? ''));
    const page = await (await fetch(pageUrl)).text();
    expect(page).toContain('确认收款');
    expect(page).toContain('8.88');
    const confirmed = await fetch(pageUrl, { method: 'POST', body: new URLSearchParams({ action: 'confirm' }) });
    expect(await confirmed.text()).toContain('收款成功');
    const [note] = await waitFor(() => receiver.of(r.outBizNo).length > 0 && receiver.of(r.outBizNo));
    expect(note.status).toMatchObject({ state: 'success', providerId: waiting.providerId, amountFen: 888 });
    expect(note.status.finishedAt).toBeInstanceOf(Date);
    expect(await wx.query(r.outBizNo)).toMatchObject({ state: 'success', amountFen: 888 });
    expect(wxSim.totals().paidOutFen - before).toBe(888);
  });

  test('a timeout, then the same number again: the same bill, paid out once', async () => {
    const r = wxRequest({ amountFen: 2000 });
    wxSim.payoutFault(r.outBizNo, 'timeout');
    const before = wxSim.totals().paidOutFen;
    await expect(wxHasty.transfer(r)).rejects.toThrow();
    const found = await wx.query(r.outBizNo);
    expect(found).toMatchObject({ state: 'wait_user_confirm', amountFen: 2000 });
    const again = await wx.transfer(r);
    expect(again).toMatchObject({ state: 'wait_user_confirm', providerId: found.providerId });
    expect((await postJson(`${wxSim.url}/_sim/transfer-confirm/${r.outBizNo}`, {})).status).toBe(200);
    expect(await wx.transfer(r)).toMatchObject({ state: 'success', providerId: found.providerId });
    await expect(wxSim.confirmTransfer(r.outBizNo)).rejects.toThrow('已收款');
    expect(wxSim.totals().paidOutFen - before).toBe(2000);
    expect(wxSim.payouts().items.filter((b) => b.outBillNo === r.outBizNo)).toHaveLength(1);
  });

  test('a failing bill: accepted, then FAIL with a Chinese reason in the notification and the query', async () => {
    const r = wxRequest();
    expect((await postJson(`${wxSim.url}/_sim/payout-fault`, { out_bill_no: r.outBizNo, fault: 'fail' })).status).toBe(200);
    expect(await wx.transfer(r)).toMatchObject({ state: 'processing' });
    const [note] = await waitFor(() => receiver.of(r.outBizNo).length > 0 && receiver.of(r.outBizNo));
    expect(note.status).toMatchObject({ state: 'failed', failReason: '该用户账户不存在' });
    expect(await wx.query(r.outBizNo)).toMatchObject({ state: 'failed', failReason: '该用户账户不存在' });
  });

  test('the real name travels encrypted with the WeChat Pay key; from 2000 yuan it is required', async () => {
    const named = wxRequest({ realName: '王小明', amountFen: 200_000 });
    expect(await wx.transfer(named)).toMatchObject({ state: 'wait_user_confirm' });
    expect(wxSim.payouts().items.find((b) => b.outBillNo === named.outBizNo)?.userName).toBe('王小明');
    expect(await wx.transfer(wxRequest({ amountFen: 200_000 }))).toEqual({ state: 'failed', failReason: '转账金额达到 2000 元时 user_name 必填' });
  });

  test('cancel while waiting: 已撤销, the payee can no longer confirm; cancel after success answers success', async () => {
    const r = wxRequest();
    await wx.transfer(r);
    expect(await wx.cancel(r.outBizNo)).toMatchObject({ state: 'failed', failReason: '已撤销' });
    expect(await wx.query(r.outBizNo)).toMatchObject({ state: 'failed', failReason: '已撤销' });
    await expect(wxSim.confirmTransfer(r.outBizNo)).rejects.toThrow('已撤销');
    const [note] = await waitFor(() => receiver.of(r.outBizNo).length > 0 && receiver.of(r.outBizNo));
    expect(note.status.state).toBe('failed');
    const paid = wxRequest();
    await wx.transfer(paid);
    await wxSim.confirmTransfer(paid.outBizNo);
    expect(await wx.cancel(paid.outBizNo)).toMatchObject({ state: 'success' });
    expect(await wx.cancel(billNo())).toEqual({ state: 'unknown' });
    expect(await wx.query(billNo())).toEqual({ state: 'unknown' });
  });

  test('amounts are exact (fen integers both ways)', async () => {
    for (const fen of [10, 99, 101, 199_999]) {
      const r = wxRequest({ amountFen: fen });
      await wx.transfer(r);
      expect((await wx.query(r.outBizNo)).amountFen).toBe(fen);
    }
  });
});

describe('forged payout notifications', () => {
  const k = () => keys.wxpay;
  const verify = (headers: Record<string, string>, rawBody: string) => () => wx.verifyPayoutNotification?.({ headers, rawBody });
  const lower = (h: Record<string, string>) => Object.fromEntries(Object.entries(h).map(([n, v]) => [n.toLowerCase(), v]));

  function envelope(plain: Record<string, unknown>, eventType = 'MCHTRANSFER.BILL.FINISHED', type = 'mch_payment'): string {
    const nonce = 'abcdefghijkl';
    return JSON.stringify({
      id: 'forged-1',
      create_time: '2026-11-24T10:00:00+08:00',
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary: '商家转账单据终态通知',
      resource: { original_type: type, algorithm: 'AEAD_AES_256_GCM', ciphertext: aeadEncrypt(k().apiV3Key, JSON.stringify(plain), nonce, type), associated_data: type, nonce },
    });
  }
  const bill = (mchId: string) => ({ mch_id: mchId, out_bill_no: 'Wforged1', transfer_bill_no: '1330000', state: 'SUCCESS', transfer_amount: 100000, openid: 'o1' });
  const signed = (body: string, privateKey = k().platformPrivateKey) => lower(wechatpaySignatureHeaders(privateKey, k().platformPublicKeyId, body, new Date()));

  test('a well-signed one verifies (the control)', () => {
    const body = envelope(bill(k().mchId));
    expect(verify(signed(body), body)()).toMatchObject({ notifyId: 'forged-1', outBizNo: 'Wforged1', status: { state: 'success', amountFen: 100000 } });
  });

  test('signed by another key, tampered, of another merchant, or a payment notification: rejected', () => {
    const body = envelope(bill(k().mchId));
    expect(verify(signed(body, strangers.wxpay.platformPrivateKey), body)).toThrow(NotificationRejected);
    expect(verify(signed(body), body.replace('forged-1', 'forged-2'))).toThrow('bad Wechatpay-Signature');
    const other = envelope(bill('1900000000'));
    expect(verify(signed(other), other)).toThrow('mch_id is not ours');
    const payment = envelope(bill(k().mchId), 'TRANSACTION.SUCCESS', 'transaction');
    expect(verify(signed(payment), payment)).toThrow(NotificationRejected);
    expect(verify({}, body)).toThrow('missing Wechatpay-* signature headers');
  });

  test('the receiver answers 500 to a forged one posted to it', async () => {
    const body = envelope(bill(k().mchId));
    const response = await fetch(receiver.url, { method: 'POST', headers: signed(body, strangers.wxpay.platformPrivateKey), body });
    expect(response.status).toBe(500);
    expect(receiver.received.at(-1)?.result).toBeInstanceOf(NotificationRejected);
  });
});

describe('an unconfirmed bill closes after 24 hours (on the simulator\'s clock)', () => {
  test('FAIL with OVERDUE_CLOSE, and no more confirming', async () => {
    let offset = 0;
    const now = () => new Date(Date.now() + offset);
    const sim = await startWxpaySimulator({ keys: keys.wxpay, timeScale: 0.001, now });
    try {
      const provider = wxpayPayouts(credentialsFor(keys.wxpay, sim.url), fetchTransport(5_000), now);
      const r = wxRequest();
      expect(await provider.transfer(r)).toMatchObject({ state: 'wait_user_confirm' });
      offset = 24 * 3600_000 - 60_000;
      expect(await provider.query(r.outBizNo)).toMatchObject({ state: 'wait_user_confirm' });
      offset = 24 * 3600_000;
      expect(await provider.query(r.outBizNo)).toMatchObject({ state: 'failed', failReason: '用户超过 24 小时未确认收款，转账已关闭' });
      await expect(sim.confirmTransfer(r.outBizNo)).rejects.toThrow('已关闭');
      expect(sim.totals().paidOutFen).toBe(0);
    } finally {
      await sim.close();
    }
  });
});
