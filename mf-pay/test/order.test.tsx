import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { COOKIES, getCookie } from 'shared-kernel';
import { leave } from '../src/pay/navigation';
import { doc, expectToast, open, order, page, POLICIES, query, usePage, usePlatform, waitForCall } from './support/pay';

// user/pay/order against the contract of contracts/src/pay.ts on the kernel's fake API.
const api = usePage();
beforeEach(() => {
  api.on('GET /price-policy/', page(POLICIES));
  api.on('GET /user-package/', page([]));
  api.on('GET /docs/12/', { body: doc() });
});

test('the packages show prices from fen without floating-point errors, the original price struck through, per download and 推荐', async () => {
  const view = await open('/app/user/pay/order?type=package');
  const cards = await within(view.host).findAllByTestId(/^package-\d$/);
  expect(cards.map((c) => within(c).getByTestId('package-price').textContent)).toEqual(['¥9.90', '¥29.90', '¥199.00']);
  expect(within(cards[0]).getByText('¥15.00').tagName).toBe('S');
  expect(within(cards[2]).queryByText('原价')).toBeNull(); // no original price, nothing struck through
  expect(within(cards[1]).getByTestId('package-unit').textContent).toBe('折合每次 ¥1.00');
  expect(within(cards[1]).getByText('推荐')).toBeTruthy();
  expect(within(cards[2]).getByText('500 次下载 · 有效期 365 天')).toBeTruthy();
  // the recommended package is chosen first; another click chooses another
  expect(within(cards[1]).getByRole('button').getAttribute('aria-pressed')).toBe('true');
  fireEvent.click(within(cards[2]).getByRole('button'));
  expect(await within(view.host).findByRole('button', { name: '立即支付 ¥199.00' })).toBeTruthy();
  expect(api.calls('GET /price-policy/')[0].query.get('ordering')).toBe('sequence');
});

test('my packages and what is left of them', async () => {
  api.on('GET /user-package/', page([{ id: 5, name: '月度包', downloads: 30, downloads_left: 12, max_doc_price: null, create_time: '2026-11-01T00:00:00Z', expire_time: '2026-12-01T00:00:00Z', active: true }]));
  const view = await open('/app/user/pay/order');
  const mine = await within(view.host).findByRole('region', { name: '我的套餐' });
  expect(await within(mine).findByText('剩余 12 / 30 次')).toBeTruthy();
});

test('a document: title and price, 购买此文档 chosen, the packages beside it', async () => {
  const view = await open('/app/user/pay/order?docs=12');
  expect(await within(view.host).findByText('静夜思赏析')).toBeTruthy();
  expect(within(view.host).getByTestId('doc-price').textContent).toBe('¥5.00');
  expect(within(view.host).getByRole('heading', { name: '开通下载套餐更划算' })).toBeTruthy();
  expect(await within(view.host).findByRole('button', { name: '立即支付 ¥5.00' })).toBeTruthy();
});

test('PC + WeChat Pay: a QR with the amount and a countdown, polled until paid, then 支付成功 and on to next', async () => {
  api.on('POST /order-info/', { status: 201, body: order() });
  let asked = 0;
  api.on('GET /wxpay/query/order/P202611240001/', () => {
    asked += 1;
    return { body: query(asked < 3 ? {} : { state: 'paid', paid: true, next: { route: 'articles/docs/detail/12', query: { paid: '1' } } }) };
  });
  const view = await open('/app/user/pay/order?docs=12');
  fireEvent.click(await within(view.host).findByRole('button', { name: '立即支付 ¥5.00' }));
  const created = await waitForCall(api, 'POST /order-info/');
  expect(created.body).toMatchObject({ type: 'docs', docs: 12, pay_method: 'wxpay', channel: 'native' });
  const qr = (await within(view.host).findByRole('img', { name: '微信支付付款二维码' })) as HTMLImageElement;
  expect(qr.dataset.code).toBe('weixin://wxpay/bizpayurl?pr=abc');
  expect(qr.src).toMatch(/^data:image\/svg\+xml/);
  expect(within(view.host).getByText('请使用微信支付扫码支付')).toBeTruthy();
  expect(within(view.host).getByTestId('pay-countdown').textContent).toMatch(/^1[45]:\d\d$/);
  await expectToast('支付成功');
  await waitFor(() => expect(`${location.pathname}${location.search}`).toBe('/app/articles/docs/detail/12?paid=1'));
  const polls = asked;
  await new Promise((r) => setTimeout(r, 200));
  expect(asked).toBe(polls); // paid: no more polls
  expect(polls).toBe(3);
});

test('an expired QR says 二维码已过期 and stops polling; 重新下单 makes a new order', async () => {
  // each order is payable for 1.2 s; the query reports the same expiry
  const expiry = new Map<string, string>();
  api.on('POST /order-info/', () => {
    const no = `P20261124000${expiry.size + 1}`;
    expiry.set(no, new Date(Date.now() + 1200).toISOString());
    return { status: 201, body: order({ order_no: no, type: 'package', docs: null, price_policy: 2, amount: 2990, expire_time: expiry.get(no) }) };
  });
  api.otherwise((r) => {
    const no = r.path.match(/^\/wxpay\/query\/order\/(\w+)\/$/)?.[1];
    return no ? { body: query({ order_no: no, expire_time: expiry.get(no) }) } : { status: 404, body: { message: '接口不存在' } };
  });
  const view = await open('/app/user/pay/order?type=package');
  fireEvent.click(await within(view.host).findByRole('button', { name: '立即支付 ¥29.90' }));
  expect(await within(view.host).findByText('二维码已过期', {}, { timeout: 4000 })).toBeTruthy();
  const polls = api.calls('GET /wxpay/query/order/P202611240001/').length;
  await new Promise((r) => setTimeout(r, 200));
  expect(api.calls('GET /wxpay/query/order/P202611240001/').length).toBe(polls);
  fireEvent.click(within(view.host).getByRole('button', { name: '重新下单' }));
  await waitForCall(api, 'POST /order-info/', 2);
  expect(api.calls('POST /order-info/')[1].body).toMatchObject({ type: 'package', price_policy: 2, channel: 'native' });
  expect(await within(view.host).findByRole('img', { name: '微信支付付款二维码' })).toBeTruthy();
});

test('PC + Alipay: precreate QR, and 跳转到支付宝付款 pays on Alipay\'s page (page channel)', async () => {
  const assign = jest.spyOn(leave, 'assign').mockImplementation(() => undefined);
  api.on('POST /order-info/', (r) =>
    r.body.channel === 'page'
      ? { status: 201, body: order({ order_no: 'P2', pay_method: 'alipay', channel: 'page', pay: { kind: 'redirect', url: 'https://openapi.alipay.test/gateway?x=1' } }) }
      : { status: 201, body: order({ pay_method: 'alipay', channel: 'precreate', pay: { kind: 'qr', code_url: 'https://qr.alipay.com/abc' } }) },
  );
  api.on('GET /alipay/query/order/P202611240001/', { body: query() });
  const view = await open('/app/user/pay/order?docs=12');
  fireEvent.click(await within(view.host).findByRole('radio', { name: '支付宝' }));
  fireEvent.click(within(view.host).getByRole('button', { name: '立即支付 ¥5.00' }));
  expect(await within(view.host).findByRole('img', { name: '支付宝付款二维码' })).toBeTruthy();
  expect(api.calls('POST /order-info/')[0].body).toMatchObject({ pay_method: 'alipay', channel: 'precreate' });
  fireEvent.click(within(view.host).getByRole('button', { name: '跳转到支付宝付款' }));
  await waitFor(() => expect(assign).toHaveBeenCalledWith('https://openapi.alipay.test/gateway?x=1'));
  expect(api.calls('POST /order-info/')[1].body).toMatchObject({ pay_method: 'alipay', channel: 'page' });
  assign.mockRestore();
});

test.each([
  ['alipay', '支付宝', 'wap'],
  ['wxpay', '微信支付', 'h5'],
] as const)('a phone browser pays %s through %s\'s page (%s), with the docs-pay cookies set before leaving', async (method, label, channel) => {
  usePlatform('mobile');
  const cookiesAtLeave: Record<string, string | null>[] = [];
  const assign = jest.spyOn(leave, 'assign').mockImplementation(() => {
    cookiesAtLeave.push({ next: getCookie(COOKIES.nextPath), id: getCookie(COOKIES.docsId), url: getCookie(COOKIES.docsUrl) });
  });
  api.on('POST /order-info/', { status: 201, body: order({ pay_method: method, channel, pay: { kind: 'redirect', url: `https://pay.test/${channel}` } }) });
  const view = await open('/app/user/pay/order?docs=12');
  fireEvent.click(await within(view.host).findByRole('radio', { name: label }));
  fireEvent.click(within(view.host).getByRole('button', { name: '立即支付 ¥5.00' }));
  await waitFor(() => expect(assign).toHaveBeenCalledWith(`https://pay.test/${channel}`));
  const body = api.calls('POST /order-info/')[0].body;
  expect(body).toMatchObject({ pay_method: method, channel, return_path: `/app/user/pay/order?docs=12&method=${method}&return=1` });
  expect(cookiesAtLeave).toEqual([{ next: 'docs-pay', id: '12', url: '/app/articles/docs/detail/12' }]);
  assign.mockRestore();
});

test('back from the provider (?return=1): the remembered order is polled at once and paid goes on to next', async () => {
  usePlatform('mobile');
  const assign = jest.spyOn(leave, 'assign').mockImplementation(() => undefined);
  api.on('POST /order-info/', { status: 201, body: order({ type: 'package', docs: null, price_policy: 2, pay_method: 'alipay', channel: 'wap', pay: { kind: 'redirect', url: 'https://pay.test/wap' } }) });
  let view = await open('/app/user/pay/order?type=package');
  fireEvent.click(await within(view.host).findByRole('radio', { name: '支付宝' }));
  fireEvent.click(within(view.host).getByRole('button', { name: '立即支付 ¥29.90' }));
  await waitFor(() => expect(assign).toHaveBeenCalled());
  expect(getCookie(COOKIES.nextPath)).toBeNull(); // a package: no document to go to
  await view.close();
  api.on('GET /alipay/query/order/P202611240001/', { body: query({ state: 'paid', paid: true, next: { route: 'user/pay/order', query: { type: 'package' } } }) });
  view = await open('/app/user/pay/order?type=package&method=alipay&return=1');
  await expectToast('支付成功');
  await waitFor(() => expect(`${location.pathname}${location.search}`).toBe('/app/user/pay/order?type=package'));
  assign.mockRestore();
});

test('back from Alipay\'s page, whose return sets its own method (alipay.trade.wap.pay.return): the order is found, and once paid my packages are asked again', async () => {
  const bought = { id: 7, name: '体验包', downloads: 5, downloads_left: 5, max_doc_price: 2000, create_time: '2026-11-24T00:00:00Z', expire_time: '2026-12-01T00:00:00Z', active: true };
  let mine: (typeof bought)[] = [];
  api.on('GET /user-package/', () => page(mine));
  api.on('GET /alipay/query/order/P202611240001/', () => {
    mine = [bought]; // the notification settled it meanwhile
    return { body: query({ state: 'paid', paid: true, next: { route: 'user/pay/order', query: { type: 'package' } } }) };
  });
  // nothing remembered before leaving (another tab, or storage cleared): the URL alone says which order
  const view = await open('/app/user/pay/order?type=package&method=alipay.trade.wap.pay.return&return=1&order_no=P202611240001&out_trade_no=P202611240001&trade_no=2026112422001');
  await expectToast('支付成功');
  await waitFor(() => expect(`${location.pathname}${location.search}`).toBe('/app/user/pay/order?type=package'));
  const region = await within(view.host).findByRole('region', { name: '我的套餐' });
  expect(await within(region).findByText('剩余 5 / 5 次')).toBeTruthy();
  expect(within(view.host).queryByText('正在确认支付结果…')).toBeNull();
});

test('inside WeChat only WeChat Pay (jsapi) is offered, Alipay hidden with a hint, and the bridge is called', async () => {
  usePlatform('weixin');
  const invoke = jest.fn((_n: string, _p: unknown, cb: (r: { err_msg: string }) => void) => cb({ err_msg: 'get_brand_wcpay_request:ok' }));
  (window as unknown as { WeixinJSBridge: unknown }).WeixinJSBridge = { invoke };
  const params = { appId: 'wx1', timeStamp: '1', nonceStr: 'n', package: 'prepay_id=p', signType: 'RSA', paySign: 's' };
  api.on('POST /order-info/', { status: 201, body: order({ channel: 'jsapi', pay: { kind: 'jsapi', params } }) });
  api.on('GET /wxpay/query/order/P202611240001/', { body: query({ state: 'paid', paid: true, next: { route: 'articles/docs/detail/12' } }) });
  const view = await open('/app/user/pay/order?docs=12');
  await within(view.host).findByRole('button', { name: '立即支付 ¥5.00' });
  expect(within(view.host).getAllByRole('radio').map((r) => (r.closest('label') as HTMLElement).textContent)).toEqual(['微微信支付']);
  expect(within(view.host).getByText('微信内无法使用支付宝，请在浏览器中打开本页或选择微信支付')).toBeTruthy();
  fireEvent.click(within(view.host).getByRole('button', { name: '立即支付 ¥5.00' }));
  await waitFor(() => expect(invoke).toHaveBeenCalledWith('getBrandWCPayRequest', params, expect.any(Function)));
  expect(api.calls('POST /order-info/')[0].body).toMatchObject({ pay_method: 'wxpay', channel: 'jsapi' });
  expect(api.calls('POST /order-info/')[0].body).not.toHaveProperty('openid');
  await expectToast('支付成功');
  await waitFor(() => expect(location.pathname).toBe('/app/articles/docs/detail/12'));
});

test('inside the mini-program the jsapi order is handed to its native pay page and polled until paid', async () => {
  usePlatform('miniprogram');
  const navigateTo = jest.fn((o: { url: string; success?: () => void }) => o.success?.());
  (window as unknown as { wx: unknown }).wx = { miniProgram: { navigateTo } };
  const params = { appId: 'wx1', timeStamp: '1', nonceStr: 'n', package: 'prepay_id=p', signType: 'RSA', paySign: 's' };
  api.on('POST /order-info/', { status: 201, body: order({ channel: 'jsapi', pay: { kind: 'jsapi', params } }) });
  let asked = 0;
  api.on('GET /wxpay/query/order/P202611240001/', () => ({ body: query(++asked < 2 ? {} : { state: 'paid', paid: true, next: { route: 'articles/docs/detail/12' } }) }));
  const view = await open('/app/user/pay/order?docs=12');
  fireEvent.click(await within(view.host).findByRole('button', { name: '立即支付 ¥5.00' }));
  await waitFor(() => expect(navigateTo).toHaveBeenCalledTimes(1));
  const url = new URL(navigateTo.mock.calls[0][0].url, 'https://mp.invalid');
  expect(url.pathname).toBe('/pages/pay/index');
  expect(JSON.parse(url.searchParams.get('params') ?? '')).toEqual(params);
  expect(within(view.host).queryByRole('radio', { name: '支付宝' })).toBeNull();
  await expectToast('支付成功');
  await waitFor(() => expect(location.pathname).toBe('/app/articles/docs/detail/12'));
});

test('packages that cannot be loaded show the message in their place with 重试', async () => {
  let n = 0;
  api.on('GET /price-policy/', () => (++n === 1 ? { status: 500, body: { message: '服务器开小差了' } } : page(POLICIES)));
  const view = await open('/app/user/pay/order?type=package');
  expect(await within(view.host).findByText('服务器开小差了')).toBeTruthy();
  fireEvent.click(within(view.host).getByRole('button', { name: '重试' }));
  expect(await within(view.host).findAllByTestId(/^package-\d$/)).toHaveLength(3);
});

test("an API error toasts the server's Chinese message; '涉嫌交易纠纷' becomes the kernel's replacement", async () => {
  api.on('POST /order-info/', { status: 400, body: { message: '该文档已下架，无法购买', code: 'docs_unavailable' } });
  const view = await open('/app/user/pay/order?docs=12');
  const pay = await within(view.host).findByRole('button', { name: '立即支付 ¥5.00' });
  fireEvent.click(pay);
  await expectToast('该文档已下架，无法购买');
  api.on('POST /order-info/', { status: 400, body: { message: '该账户涉嫌交易纠纷，暂停支付', code: 'risk' } });
  fireEvent.click(await within(view.host).findByRole('button', { name: '立即支付 ¥5.00' }));
  await expectToast('支付接口暂不可用，换个支付方式试试');
  expect(screen.queryByText(/涉嫌交易纠纷/)).toBeNull();
});

test("a 403 '未登录' goes through the kernel's login flow", async () => {
  const { on } = await import('shared-kernel');
  const asked: unknown[] = [];
  const stop = on('auth:login-required', (p) => asked.push(p));
  api.on('POST /order-info/', { status: 403, body: { error: '未登录' } });
  const view = await open('/app/user/pay/order?docs=12');
  fireEvent.click(await within(view.host).findByRole('button', { name: '立即支付 ¥5.00' }));
  await expectToast('您还未登录或登录已失效');
  expect(asked).toEqual([expect.objectContaining({ reason: 'expired' })]);
  stop();
});
