import { fireEvent, waitFor, within } from '@testing-library/react';
import { coinBalance } from './support/coins';
import { doc, expectToast, open, page, POLICIES, usePage } from './support/pay';

// The coin option of user/pay/order?docs=ID: GET /api/coin-balance/, then POST /api/coin-pay/docs/{id}/.
const api = usePage();
beforeEach(() => {
  api.on('GET /price-policy/', page(POLICIES));
  api.on('GET /user-package/', page([]));
  api.on('GET /docs/12/', { body: doc() });
});

const PAGE = '/app/user/pay/order?docs=12';
const BUTTON = '用金币购买（500 金币，可用 800）';

test('enough coins: 用金币购买 with the price in coins and what I have; it buys, says the answer and goes to the document', async () => {
  api.on('GET /coin-balance/', { body: coinBalance() });
  api.on('POST /coin-pay/docs/12/', { body: { docs: 12, coins: 500, available: 300, message: '已用 500 金币购买，剩余 300 金币' } });
  const view = await open(PAGE);
  fireEvent.click(await within(view.host).findByRole('button', { name: BUTTON }));
  await expectToast('已用 500 金币购买，剩余 300 金币');
  await waitFor(() => expect(location.pathname).toBe('/app/articles/docs/detail/12'));
  expect(api.calls('POST /coin-pay/docs/12/')).toHaveLength(1);
});

test('too few coins, or a balance that cannot be had: no coin option, the other ways to pay stay', async () => {
  api.on('GET /coin-balance/', { body: coinBalance({ available: 499 }) });
  const view = await open(PAGE);
  expect(await within(view.host).findByRole('button', { name: '立即支付 ¥5.00' })).toBeTruthy();
  await waitFor(() => expect(api.calls('GET /coin-balance/')).toHaveLength(1));
  await new Promise((r) => setTimeout(r, 50));
  expect(within(view.host).queryByRole('button', { name: /用金币购买/ })).toBeNull();
  await view.close();
  api.on('GET /coin-balance/', { status: 500, body: { message: '服务器开小差了' } });
  const again = await open(PAGE);
  expect(await within(again.host).findByRole('button', { name: '立即支付 ¥5.00' })).toBeTruthy();
  await waitFor(() => expect(api.calls('GET /coin-balance/')).toHaveLength(2));
  await new Promise((r) => setTimeout(r, 50));
  expect(within(again.host).queryByRole('button', { name: /用金币购买/ })).toBeNull();
});

test("a refusal: the API's message, and the page stays", async () => {
  api.on('GET /coin-balance/', { body: coinBalance() });
  api.on('POST /coin-pay/docs/12/', { status: 400, body: { message: '可用金币不足' } });
  const view = await open(PAGE);
  fireEvent.click(await within(view.host).findByRole('button', { name: BUTTON }));
  await expectToast('可用金币不足');
  expect(location.pathname).toBe('/app/user/pay/order');
  await waitFor(() => expect((within(view.host).getByRole('button', { name: BUTTON }) as HTMLButtonElement).disabled).toBe(false));
});
