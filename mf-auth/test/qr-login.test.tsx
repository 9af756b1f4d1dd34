import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { user$ } from 'shared-kernel';
import * as app from '../src/app';
import { mountDialogs, unmountDialogs } from '../src/dialogs';
import { openOfficialAccountLogin } from '../src/dialogs/store';
import { apiError, loginAnswer, startAuthApi, type AuthApi } from './support/auth-api';
import { expectToast, resetPage, waitForCall } from './support/dom';

// The QR login against the API's contract (api/src/routes/qrcode.ts, api/src/auth/qr-socket.ts): the socket
// says 'scanned', 'ok' or 'expired'; the status call answers a Chinese 400 qrcode_expired for a code that ran out.
let api: AuthApi;
beforeAll(async () => {
  api = await startAuthApi();
});
afterAll(() => api.close());
beforeEach(() => {
  resetPage(api);
  Object.assign(window, { innerWidth: 1280 });
});
afterEach(() => {
  act(() => unmountDialogs());
  Object.assign(window, { innerWidth: 1024 });
});

async function openQrPage(token: string) {
  window.history.pushState(null, '', '/app/user/login/mobile?form_type=login_qrcode');
  const host = document.createElement('div');
  document.body.appendChild(host);
  const props = { name: 'mf-auth', domElementGetter: () => host };
  await app.bootstrap(props);
  await app.mount(props);
  await within(host).findByRole('img', { name: '登录二维码' });
  await waitFor(() => expect(api.socketFor(token)?.messages).toEqual([JSON.stringify({ type: 'LOGIN_QRCODE', token })]));
  return {
    host,
    close: async () => {
      await app.unmount(props);
      host.remove();
    },
  };
}

test("'scanned' on the socket tells the person to confirm in the app", async () => {
  api.on('POST /qrcode/', { body: { status: 'update', token: 'scan-me-token', expire_time: 100 } });
  const page = await openQrPage('scan-me-token');
  expect(within(page.host).getByRole('status').textContent).toBe('请使用知库文档App扫描二维码登录');
  api.push('scanned');
  await waitFor(() => expect(within(page.host).getByRole('status').textContent).toBe('扫码成功，请在App上确认登录'));
  expect(api.calls('POST /qrcode/')).toHaveLength(1); // no status call before 'ok'
  await page.close();
});

test("'expired' from the server shows '二维码已过期，点击刷新' at once; clicking makes a new code", async () => {
  let n = 0;
  api.on('POST /qrcode/', () => ({ body: { status: 'update', token: `expiring-${++n}`, expire_time: 100 } }));
  const page = await openQrPage('expiring-1');
  api.push('expired');
  fireEvent.click(await within(page.host).findByRole('button', { name: '二维码已过期，点击刷新' }));
  const img = (await within(page.host).findByRole('img', { name: '登录二维码' })) as HTMLImageElement;
  expect(img.src).toContain('token=expiring-2');
  await page.close();
});

test("a status call answering qrcode_expired after 'ok' shows the expired cover, not a login", async () => {
  api.on('POST /qrcode/', (r) =>
    r.body.token ? apiError(400, 'qrcode_expired', '二维码已过期，请刷新后重新扫描') : { body: { status: 'update', token: 'late-token', expire_time: 100 } },
  );
  const page = await openQrPage('late-token');
  api.push('ok');
  expect(await within(page.host).findByRole('button', { name: '二维码已过期，点击刷新' })).toBeTruthy();
  expect(user$.value).toBeNull();
  await page.close();
});

test("after 'ok' the status is polled until it answers ok, then the login completes", async () => {
  let statusCalls = 0;
  api.on('POST /qrcode/', (r) => {
    if (!r.body.token) return { body: { status: 'update', token: 'poll-token', expire_time: 100 } };
    statusCalls += 1;
    return statusCalls < 3 ? { body: { status: 'update', token: 'poll-token' } } : { body: { status: 'ok', token: 'poll-token', user: loginAnswer({ uid: 33 }) } };
  });
  const page = await openQrPage('poll-token');
  api.push('ok');
  await waitFor(() => expect(user$.value).toMatchObject({ uid: 33 }), { timeout: 5000 });
  await expectToast('登录成功');
  expect(statusCalls).toBe(3);
  await page.close();
}, 10_000);

test('the official-account dialog runs the same flow with type wxgzh_login and logs the WeChat user in', async () => {
  api.on('POST /qrcode/', (r) =>
    r.body.token
      ? { body: { status: 'ok', token: r.body.token, user: loginAnswer({ uid: 91, is_active: 0, inactive_reason: 'TRD_LOGIN_NO_MOBILE' }) } }
      : { body: { status: 'update', token: 'gzh-token-1', expire_time: 100 } },
  );
  mountDialogs();
  act(() => openOfficialAccountLogin());
  const dialog = await screen.findByRole('dialog', { name: '微信扫码登录' });
  const img = (await within(dialog).findByRole('img', { name: '登录二维码' })) as HTMLImageElement;
  expect(img.src).toBe(`${api.origin}/api/qrcode/?type=wxgzh_login&token=gzh-token-1&action=make`);
  expect(api.calls('POST /qrcode/')[0].body).toEqual({ type: 'wxgzh_login', device: 'PC', platform: 3, login_type: 4 });
  await waitFor(() => expect(api.socketFor('gzh-token-1')?.messages).toEqual([JSON.stringify({ type: 'LOGIN_QRCODE', token: 'gzh-token-1' })]));
  api.push('ok');
  const status = await waitForCall(api, 'POST /qrcode/', 2);
  expect(status.body).toMatchObject({ type: 'wxgzh_login', token: 'gzh-token-1' });
  await expectToast('登录成功');
  expect(user$.value).toMatchObject({ uid: 91, is_active: 0 });
});
