import { fireEvent, waitFor, within } from '@testing-library/react';
import { COOKIES, getCookie, on } from 'shared-kernel';
import { leave } from '../src/pay/navigation';
import { doc, expectToast, logIn, open, order, query, usePage, usePlatform, waitForCall } from './support/pay';

// guest/pay/order: a visitor buys one document (once-order-info, query kind 'once'), then downloads it.
const api = usePage(null);
beforeEach(() => {
  api.on('GET /docs/12/', { body: doc() });
});

const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();
const DOWNLOAD = { url: '/api/once-download/abc/', expire_time: inDays(0.01), docs: 12, title: '静夜思赏析', access_until: inDays(7) };

test('a guest pays by QR; once paid, 下载文档 with the link, how long this device keeps it, and the offer to register', async () => {
  api.on('POST /once-order-info/', { status: 201, body: order({ guest: true }) });
  let asked = 0;
  api.on('GET /wxpay/query/once/P202611240001/', () => ({ body: query(++asked < 2 ? {} : { state: 'paid', paid: true }) }));
  api.on('POST /once-docs-url/', { body: DOWNLOAD });
  const view = await open('/app/guest/pay/order?docs=12');
  fireEvent.click(await within(view.host).findByRole('button', { name: '立即支付 ¥5.00' }));
  expect((await waitForCall(api, 'POST /once-order-info/')).body).toEqual({
    docs: 12, pay_method: 'wxpay', channel: 'native', return_path: '/app/guest/pay/order?docs=12&method=wxpay&return=1',
  });
  const link = (await within(view.host).findByRole('link', { name: '下载文档' })) as HTMLAnchorElement;
  expect(link.getAttribute('href')).toBe(`${api.origin}/api/once-download/abc/`);
  expect((await waitForCall(api, 'POST /once-docs-url/')).body).toEqual({ order_no: 'P202611240001' });
  expect(within(view.host).getByText(/^本设备 7 天内可重新下载（至 \d{4}-\d\d-\d\d \d\d:\d\d）$/)).toBeTruthy();
  await expectToast('支付成功');

  const asks: unknown[] = [];
  const stop = on('auth:login-required', (p) => asks.push(p));
  fireEvent.click(within(view.host).getByRole('button', { name: '注册账号，已购文档永久保存' }));
  expect(asks).toEqual([expect.objectContaining({ form: 'reg', redirect: '/app/articles/docs/detail/12' })]);
  stop();
});

test('coming back with ?docs=ID finds the paid order this device remembers and shows the download again', async () => {
  api.on('POST /once-order-info/', { status: 201, body: order({ order_no: 'G1', guest: true }) });
  api.on('GET /wxpay/query/once/G1/', { body: query({ order_no: 'G1' }) });
  let view = await open('/app/guest/pay/order?docs=12');
  fireEvent.click(await within(view.host).findByRole('button', { name: '立即支付 ¥5.00' }));
  await within(view.host).findByRole('img', { name: '微信支付付款二维码' });
  await view.close(); // left before paying; the payment completes on the phone meanwhile
  api.on('GET /wxpay/query/once/G1/', { body: query({ order_no: 'G1', state: 'paid', paid: true }) });
  api.on('POST /once-docs-url/', { body: DOWNLOAD });
  view = await open('/app/guest/pay/order?docs=12');
  expect(await within(view.host).findByRole('link', { name: '下载文档' })).toBeTruthy();
  expect(api.calls('POST /once-order-info/')).toHaveLength(1);
});

test('a guest on a phone leaves for the provider without the docs-pay cookies and comes back to the download', async () => {
  usePlatform('mobile');
  const assign = jest.spyOn(leave, 'assign').mockImplementation(() => undefined);
  api.on('POST /once-order-info/', { status: 201, body: order({ order_no: 'G2', pay_method: 'alipay', channel: 'wap', pay: { kind: 'redirect', url: 'https://pay.test/wap' } }) });
  let view = await open('/app/guest/pay/order?docs=12');
  fireEvent.click(await within(view.host).findByRole('radio', { name: '支付宝' }));
  fireEvent.click(within(view.host).getByRole('button', { name: '立即支付 ¥5.00' }));
  await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.test/wap'));
  expect(api.calls('POST /once-order-info/')[0].body).toMatchObject({ channel: 'wap', pay_method: 'alipay' });
  expect(getCookie(COOKIES.nextPath)).toBeNull(); // the download lives on this page, not on the document's
  await view.close();
  api.on('GET /alipay/query/once/G2/', { body: query({ order_no: 'G2', state: 'paid', paid: true }) });
  api.on('POST /once-docs-url/', { body: DOWNLOAD });
  view = await open('/app/guest/pay/order?docs=12&method=alipay&return=1');
  expect(await within(view.host).findByRole('link', { name: '下载文档' })).toBeTruthy();
  assign.mockRestore();
});

test('a logged-in person is sent to user/pay/order with the document', async () => {
  logIn();
  await open('/app/guest/pay/order?docs=12');
  await waitFor(() => expect(`${location.pathname}${location.search}`).toBe('/app/user/pay/order?docs=12'));
  expect(api.calls('POST /once-order-info/')).toHaveLength(0);
});
