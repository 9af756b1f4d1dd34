import { fetchTransport, ProviderError, type HttpTransport } from '../src/infra/providers/http-transport';
import { generatePaySimulatorKeys } from '../src/infra/payments/sim-keys';
import { wxpayProvider, WxpayApiError } from '../src/infra/payments/wxpay/adapter';
import { rsaVerify, verifyJsapiPaySign } from '../src/infra/payments/wxpay/sign';
import { startWxpaySimulator } from '../src/infra/payments/wxpay/simulator';
import { credentialsFor, payment, startRig, verifiedFor, waitFor, type Rig } from './pay-wxpay-helpers';

let rig: Rig;

beforeAll(async () => {
  rig = await startRig();
});
afterAll(async () => {
  await rig.close();
});

async function form(url: string, fields: Record<string, string>): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

/** The hidden inputs of the cashier's confirm form. */
function hiddenFields(html: string): Record<string, string> {
  const first = html.slice(html.indexOf('<form'), html.indexOf('</form>'));
  return Object.fromEntries([...first.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2].replace(/&amp;/g, '&')]));
}

describe('WeChat Pay adapter against the simulator, over HTTP', () => {
  test('native: code_url opens the cashier, 确认支付 pays, the notification verifies and is acknowledged, query says paid', async () => {
    const p = payment(rig);
    const start = await rig.provider.create(p);
    expect(start.kind).toBe('qr');
    const codeUrl = (start as { codeUrl: string }).codeUrl;
    expect(codeUrl.startsWith(`${rig.sim.url}/pay/`)).toBe(true);
    expect(await rig.provider.query(p.outTradeNo)).toEqual({ state: 'paying' });
    const page = await fetch(codeUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('¥</small>12.34');
    expect(html).toContain('文档下载：高等数学讲义');
    expect(html).toContain('确认支付');
    expect(html).toContain('name="viewport"');
    const paid = await form(codeUrl, { action: 'confirm' });
    expect(await paid.text()).toContain('支付成功');
    const [note] = await waitFor(() => verifiedFor(rig, p.outTradeNo).length > 0 && verifiedFor(rig, p.outTradeNo));
    expect(note.status).toBe(204);
    expect(note.result).toMatchObject({ type: 'payment', state: 'paid', amountFen: 1234, currency: 'CNY', outTradeNo: p.outTradeNo });
    const status = await rig.provider.query(p.outTradeNo);
    expect(status).toMatchObject({ state: 'paid', amountFen: 1234, currency: 'CNY' });
    expect(status.tradeNo).toMatch(/^4200\d{24}$/);
    expect(note.result.type === 'payment' && note.result.tradeNo).toBe(status.tradeNo);
    expect(status.paidAt).toBeInstanceOf(Date);
    expect(rig.sim.trade(p.outTradeNo)?.tradeState).toBe('SUCCESS');
  });

  test('cancel at the cashier leaves the trade unpaid', async () => {
    const p = payment(rig);
    const { codeUrl } = (await rig.provider.create(p)) as { codeUrl: string };
    expect(await (await form(codeUrl, { action: 'cancel' })).text()).toContain('已取消支付');
    expect((await rig.provider.query(p.outTradeNo)).state).toBe('paying');
  });

  test('the same out_trade_no: same parameters give the same prepay, different ones OUT_TRADE_NO reuse, a paid one ORDERPAID', async () => {
    const p = payment(rig);
    const first = await rig.provider.create(p);
    expect(await rig.provider.create(p)).toEqual(first);
    const changed = rig.provider.create({ ...p, amountFen: 999 });
    await expect(changed).rejects.toMatchObject({ status: 400, code: 'INVALID_REQUEST' });
    await expect(changed).rejects.toBeInstanceOf(WxpayApiError);
    await rig.sim.pay(p.outTradeNo);
    await expect(rig.provider.create(p)).rejects.toMatchObject({ status: 403, code: 'ORDERPAID', wxMessage: '该订单已支付' });
  });

  test('h5: the h5_url opens the cashier and sends the browser back to redirect_url after paying', async () => {
    const p = payment(rig, { channel: 'h5' });
    const start = await rig.provider.create(p);
    expect(start.kind).toBe('redirect');
    const url = (start as { url: string }).url;
    expect(url).toContain(`${rig.sim.url}/h5/`);
    expect(url).toContain(`&redirect_url=${encodeURIComponent(p.returnUrl)}`);
    const bad = await fetch(url.replace(/prepay_id=[^&]+/, 'prepay_id=wx0'));
    expect(bad.status).toBe(400);
    const page = await fetch(url);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('确认支付');
    const fields = hiddenFields(html);
    expect(fields.redirect_url).toBe(p.returnUrl);
    const back = await form(url.slice(0, url.indexOf('?')), { ...fields, action: 'confirm' });
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe(p.returnUrl);
    expect((await rig.provider.query(p.outTradeNo)).state).toBe('paid');
    const again = await (await fetch(url)).text();
    expect(again).toContain('订单已支付');
    expect(again).not.toContain('确认支付');
  });

  test('jsapi: openid required (Chinese message); the params carry a valid paySign; the bridge stand-in pays', async () => {
    const missing = rig.provider.create(payment(rig, { channel: 'jsapi' }));
    await expect(missing).rejects.toBeInstanceOf(ProviderError);
    await expect(missing).rejects.toThrow(/openid/);
    await expect(missing).rejects.toThrow(/微信/);
    const p = payment(rig, { channel: 'jsapi', openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' });
    const start = await rig.provider.create(p);
    expect(start.kind).toBe('jsapi');
    const params = (start as { params: Record<string, string> }).params;
    expect(params).toMatchObject({ appId: rig.keys.appId, signType: 'RSA' });
    expect(params.package).toMatch(/^prepay_id=wx\d{14}[0-9a-f]{20}$/);
    expect(verifyJsapiPaySign(params, rig.keys.merchantPublicKey)).toBe(true);
    const bridge = (body: unknown) => fetch(`${rig.sim.url}/_sim/jsapi-pay`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const forged = await bridge({ ...params, nonceStr: 'x' });
    expect(forged.status).toBe(400);
    expect((await rig.provider.query(p.outTradeNo)).state).toBe('paying');
    const ok = await bridge(params);
    expect(await ok.json()).toEqual({ err_msg: 'get_brand_wcpay_request:ok' });
    expect((await rig.provider.query(p.outTradeNo)).state).toBe('paid');
    const [note] = await waitFor(() => verifiedFor(rig, p.outTradeNo).length > 0 && verifiedFor(rig, p.outTradeNo));
    expect(note.result).toMatchObject({ type: 'payment', state: 'paid' });
  });

  test('app: the app SDK parameters, signed over appid, timestamp, noncestr, prepayid', async () => {
    const start = await rig.provider.create(payment(rig, { channel: 'app' }));
    const params = (start as { params: Record<string, string> }).params;
    expect(params).toMatchObject({ appid: rig.keys.appId, partnerid: rig.keys.mchId, package: 'Sign=WXPay' });
    const message = `${params.appid}\n${params.timestamp}\n${params.noncestr}\n${params.prepayid}\n`;
    expect(rsaVerify(message, params.sign, rig.keys.merchantPublicKey)).toBe(true);
  });

  test('close: an open trade closes, the cashier refuses it, paying it fails; unknown is fine; a paid one ORDERPAID', async () => {
    const p = payment(rig);
    const { codeUrl } = (await rig.provider.create(p)) as { codeUrl: string };
    await rig.provider.close(p.outTradeNo);
    await rig.provider.close(p.outTradeNo);
    expect(await rig.provider.query(p.outTradeNo)).toMatchObject({ state: 'closed' });
    const page = await fetch(codeUrl);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain('订单已关闭');
    await expect(rig.sim.pay(p.outTradeNo)).rejects.toThrow('订单已关闭');
    await expect(rig.provider.create(p)).rejects.toMatchObject({ code: 'ORDER_CLOSED' });
    await expect(rig.provider.close('NOSUCHTRADE1')).resolves.toBeUndefined();
    expect(await rig.provider.query('NOSUCHTRADE1')).toEqual({ state: 'unknown' });
    const paid = payment(rig);
    await rig.provider.create(paid);
    await rig.sim.pay(paid.outTradeNo);
    await expect(rig.provider.close(paid.outTradeNo)).rejects.toMatchObject({ status: 403, code: 'ORDERPAID' });
  });

  test('an expired trade is closed: query and cashier say so', async () => {
    const p = payment(rig, { expireAt: new Date(Date.now() + 1500) });
    const { codeUrl } = (await rig.provider.create(p)) as { codeUrl: string };
    await new Promise((r) => setTimeout(r, 1600));
    expect((await rig.provider.query(p.outTradeNo)).state).toBe('closed');
    expect((await fetch(codeUrl)).status).toBe(410);
  });

  test('refund: PROCESSING, then a REFUND.SUCCESS notification, trade REFUND; too much is refused', async () => {
    const p = payment(rig);
    await rig.provider.create(p);
    await rig.sim.pay(p.outTradeNo);
    const before = rig.sim.totals();
    const request = { outTradeNo: p.outTradeNo, refundNo: `R${p.outTradeNo}`, amountFen: 1234, totalFen: 1234, reason: '用户申请退款', notifyUrl: p.notifyUrl };
    const result = await rig.provider.refund(request);
    expect(result.state).toBe('processing');
    expect(result.refundId).toMatch(/^50\d{30}$/);
    expect(await rig.provider.refund(request)).toMatchObject({ refundId: result.refundId });
    const refunds = await waitFor(() => {
      const r = verifiedFor(rig, p.outTradeNo).filter((n) => n.result.type === 'refund');
      return r.length > 0 && r;
    });
    expect(refunds[0].result).toMatchObject({ type: 'refund', state: 'success', amountFen: 1234, refundNo: request.refundNo });
    expect(refunds[0].status).toBe(204);
    expect(await rig.provider.query(p.outTradeNo)).toMatchObject({ state: 'refunded' });
    expect(await rig.provider.refund(request)).toEqual({ state: 'success', refundId: result.refundId });
    expect(rig.sim.totals().refundedFen - before.refundedFen).toBe(1234);
    await expect(rig.provider.refund({ ...request, refundNo: 'R2' })).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
    await expect(rig.provider.refund({ ...request, outTradeNo: 'NOSUCHTRADE2', refundNo: 'R3' })).rejects.toMatchObject({ status: 404 });
  });

  test('totals count what the simulator received', async () => {
    const before = rig.sim.totals();
    const p = payment(rig, { amountFen: 500 });
    await rig.provider.create(p);
    await rig.sim.pay(p.outTradeNo);
    await rig.sim.pay(p.outTradeNo);
    expect(rig.sim.totals()).toEqual({ ...before, receivedFen: before.receivedFen + 500, paidTrades: before.paidTrades + 1 });
    const http = (await (await fetch(`${rig.sim.url}/_sim/totals`)).json()) as unknown;
    expect(http).toEqual(rig.sim.totals());
  });
});

describe('signatures on the wire', () => {
  test('an answer whose body or signature was changed on the way is refused (ProviderError)', async () => {
    const tamper: HttpTransport = async (request) => {
      const response = await fetchTransport()(request);
      return { ...response, text: response.text.replace('/pay/', '/pay/x') };
    };
    const provider = wxpayProvider(rig.creds, tamper, () => new Date());
    await expect(provider.create(payment(rig))).rejects.toThrow(/bad Wechatpay-Signature/);
    const unsigned: HttpTransport = async (request) => ({ ...(await fetchTransport()(request)), headers: {} });
    await expect(wxpayProvider(rig.creds, unsigned, () => new Date()).query('NOSUCHTRADE1')).rejects.toThrow(/missing/);
  });

  test('the simulator refuses a request signed with another key, serial or an old timestamp (401 SIGN_ERROR)', async () => {
    const other = generatePaySimulatorKeys().wxpay;
    const wrongKey = wxpayProvider({ ...rig.creds, privateKey: other.merchantPrivateKey }, fetchTransport(), () => new Date());
    await expect(wrongKey.query('NOSUCHTRADE1')).rejects.toMatchObject({ status: 401, code: 'SIGN_ERROR' });
    const wrongSerial = wxpayProvider({ ...rig.creds, certSerial: other.certSerial }, fetchTransport(), () => new Date());
    await expect(wrongSerial.query('NOSUCHTRADE1')).rejects.toMatchObject({ status: 401, code: 'SIGN_ERROR' });
    // our clock 10 minutes behind: our request is stale, and the simulator's answer looks 10 minutes early to us
    const late = wxpayProvider(rig.creds, fetchTransport(), () => new Date(Date.now() - 600_000));
    await expect(late.query('NOSUCHTRADE1')).rejects.toThrow(/window/);
  });

  test('an answer signed by a key that is not WeChat Pay\'s is refused', async () => {
    const other = generatePaySimulatorKeys().wxpay;
    const provider = wxpayProvider({ ...rig.creds, platformPublicKey: other.platformPublicKey }, fetchTransport(), () => new Date());
    await expect(provider.query('NOSUCHTRADE1')).rejects.toThrow(/bad Wechatpay-Signature/);
  });

  test('bad parameters are a 400 PARAM_ERROR with the message kept', async () => {
    await expect(rig.provider.create(payment(rig, { outTradeNo: 'bad no!' }))).rejects.toThrow(/商户订单号/);
    const keys = rig.keys;
    const wrongApp = wxpayProvider({ ...credentialsFor(keys, rig.sim.url), appId: 'wx0000000000000000' }, fetchTransport(), () => new Date());
    await expect(wrongApp.create(payment(rig))).rejects.toMatchObject({ status: 400, code: 'PARAM_ERROR' });
    await expect(rig.provider.create(payment(rig, { channel: 'precreate' }))).rejects.toThrow(/不支持/);
  });

  test('the simulator refuses to listen on a non-loopback address', async () => {
    await expect(startWxpaySimulator({ keys: rig.keys, host: '0.0.0.0' })).rejects.toThrow('只能监听本机地址');
  });
});
