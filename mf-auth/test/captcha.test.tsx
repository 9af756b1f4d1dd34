import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CaptchaCancelledError, cancelCaptcha, http, isCaptchaPending } from 'shared-kernel';
import { mountDialogs, unmountDialogs } from '../src/dialogs';
import { type FakeRequest } from 'shared-kernel/testing';
import { PNG, startAuthApi, type AuthApi } from './support/auth-api';
import { actLikeABrowser, expectToast, field, resetPage, toastTexts, waitForCall } from './support/dom';

let api: AuthApi;
beforeAll(async () => {
  api = await startAuthApi();
});
afterAll(() => api.close());
beforeEach(() => {
  resetPage(api);
  actLikeABrowser();
  act(() => {
    mountDialogs();
  });
});
afterEach(() => {
  cancelCaptcha();
  act(() => unmountDialogs());
});

const CHALLENGES = {
  slide: { originalImageBase64: PNG, jigsawImageBase64: PNG, width: 310, height: 155 },
  click: { image_base64: PNG, thumb_base64: PNG, width: 300, height: 220, count: 3 },
  drag: { image_base64: PNG, thumb_base64: PNG, width: 300, height: 220, tile_x: 10, tile_y: 20, tile_width: 50, tile_height: 50 },
  rotate: { image_base64: PNG, width: 200, height: 200 },
} as const;
type Kind = keyof typeof CHALLENGES;

/** Scripts a rate-limited route that passes with the token 'tok-ok', the challenges, and the check. */
function scriptApi({ first = 'slide' as Kind, right = '' }) {
  let n = 0;
  api.on('POST /limited/', (r: FakeRequest) =>
    r.headers['x-captcha-token'] === 'tok-ok'
      ? { body: { detail: 'done' } }
      : { status: 429, headers: { 'Retry-After': '30' }, body: { message: '请求过于频繁，请稍后再试', code: 'throttled' } },
  );
  api.on('POST /captcha/', (r: FakeRequest) => {
    n += 1;
    const type = (r.body.captchaType as Kind | undefined) ?? first;
    return { body: { repCode: '0000', repMsg: '成功', captchaId: `c${n}`, captchaType: type, expiresIn: 120, data: CHALLENGES[type] } };
  });
  api.on('POST /captcha/check/', (r: FakeRequest) =>
    r.body.verify_value === right
      ? { body: { repCode: '0000', repMsg: '验证成功', token: 'tok-ok', expiresIn: 120 } }
      : { status: 400, body: { repCode: '6111', message: '验证失败，请重试', code: 'captcha_wrong' } },
  );
}

/** A request another app makes; the 429 raises 'captcha:required'. */
function limitedRequest() {
  return http.post('/limited/', { a: 1 }).then(
    (r) => ({ ok: true as const, data: r.data }),
    (e: unknown) => ({ ok: false as const, error: e }),
  );
}

async function openCaptcha(first: Kind, right: string) {
  scriptApi({ first, right });
  const outcome = limitedRequest();
  const dialog = await screen.findByRole('dialog', { name: '请完成安全验证' });
  await waitFor(() => expect(dialog.getAttribute('data-captcha-type')).toBe(first));
  return { dialog, outcome };
}

function press(el: Element, key: string, times = 1, shiftKey = false) {
  for (let i = 0; i < times; i += 1) fireEvent.keyDown(el, { key, shiftKey });
}

describe('captcha dialog (SPEC §4, §9)', () => {
  test('a 429 opens it over the page; the challenge asks with clientUid and ts', async () => {
    const { dialog } = await openCaptcha('slide', '100,5');
    expect(within(dialog).getByRole('heading', { name: '请完成安全验证' })).toBeTruthy();
    const issue = api.calls('POST /captcha/')[0];
    expect(issue.body.clientUid).toMatch(/^web-/);
    expect(typeof issue.body.ts).toBe('number');
    expect(isCaptchaPending()).toBe(true);
  });

  test('slide by keyboard: the answer is "x,5" at the 310 px reference; success shows the seconds and closes after 1 s; the request succeeds', async () => {
    const { dialog, outcome } = await openCaptcha('slide', '100,5');
    const handle = within(dialog).getByRole('slider');
    press(handle, 'ArrowRight', 10, true);
    expect(handle.getAttribute('aria-valuenow')).toBe('100');
    press(handle, 'Enter');
    const check = await waitForCall(api, 'POST /captcha/check/');
    expect(check.body).toEqual({ captchaType: 'slide', verify_value: '100,5', id: 'c1' });
    await waitFor(() => expect(dialog.querySelector('.ma-result-success')?.textContent).toMatch(/^\d+\.\d{2}s验证成功$/));
    const retried = api.calls('POST /limited/')[1];
    expect(retried.headers['x-captcha-token']).toBe('tok-ok');
    expect(retried.headers['x-captcha-retry']).toBe('1');
    expect(await outcome).toEqual({ ok: true, data: { detail: 'done' } });
    expect(screen.getByRole('dialog', { name: '请完成安全验证' })).toBeTruthy(); // still showing success
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '请完成安全验证' })).toBeNull(), { timeout: 1500 });
  });

  test("slide wrong: red '验证失败', a new picture after 1 s", async () => {
    const { dialog } = await openCaptcha('slide', '100,5');
    const handle = within(dialog).getByRole('slider');
    press(handle, 'ArrowRight', 3, true);
    press(handle, 'Enter');
    await waitFor(() => expect(dialog.querySelector('.ma-result-failure')?.textContent).toBe('验证失败'));
    expect(api.calls('POST /captcha/')).toHaveLength(1);
    await waitFor(() => expect(api.calls('POST /captcha/')).toHaveLength(2), { timeout: 1600 });
    await waitFor(() => expect(dialog.querySelector('.ma-result-failure')).toBeNull());
  });

  test("the retry limited again: '验证失败' and a refresh; the request still waits", async () => {
    const { dialog, outcome } = await openCaptcha('slide', '100,5');
    api.on('POST /limited/', { status: 429, body: { message: '请求过于频繁，请稍后再试', code: 'throttled' } });
    const handle = within(dialog).getByRole('slider');
    press(handle, 'ArrowRight', 10, true);
    press(handle, 'Enter');
    await waitFor(() => expect(dialog.querySelector('.ma-result-failure')?.textContent).toBe('验证失败'));
    await waitFor(() => expect(api.calls('POST /captcha/')).toHaveLength(2), { timeout: 1600 });
    expect(isCaptchaPending()).toBe(true);
    act(() => cancelCaptcha());
    const result = await outcome;
    expect(result.ok).toBe(false);
  });

  test('click in order: confirm disabled until the picture loads; keyboard marks; the answer lists the points', async () => {
    const { dialog } = await openCaptcha('click', '150,110,170,110,170,130');
    const confirm = within(dialog).getByRole('button', { name: '确认' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.load(dialog.querySelector('.ma-captcha-bg')!);
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    expect(await within(dialog).findByText('请按顺序点击 3 个字')).toBeTruthy();
    const area = within(dialog).getByRole('application');
    fireEvent.focus(area);
    press(area, ' '); // the centre: 150,110
    press(area, 'ArrowRight', 2, true); // +40... no: Shift steps are 20 px
    press(area, ' ');
    press(area, 'ArrowDown', 1, true);
    press(area, ' ');
    expect(dialog.querySelectorAll('.ma-click-mark')).toHaveLength(3);
    fireEvent.click(confirm);
    const check = await waitForCall(api, 'POST /captcha/check/');
    expect(check.body.verify_value).toBe('150,110,190,110,190,130');
  });

  test("click wrong: the toast '验证失败，请重试' and a new picture at once", async () => {
    const { dialog } = await openCaptcha('click', 'never');
    fireEvent.load(dialog.querySelector('.ma-captcha-bg')!);
    const area = within(dialog).getByRole('application');
    fireEvent.focus(area);
    press(area, ' ', 3);
    fireEvent.click(within(dialog).getByRole('button', { name: '确认' }));
    await expectToast('验证失败，请重试');
    await waitFor(() => expect(api.calls('POST /captcha/')).toHaveLength(2));
    expect(dialog.querySelector('.ma-result-failure')).toBeNull();
  });

  test('click marks can be undone with Backspace and cleared with 重选', async () => {
    const { dialog } = await openCaptcha('click', 'x');
    const area = within(dialog).getByRole('application');
    fireEvent.focus(area);
    press(area, ' ', 2);
    press(area, 'Backspace');
    expect(dialog.querySelectorAll('.ma-click-mark')).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: '重选' }));
    expect(dialog.querySelectorAll('.ma-click-mark')).toHaveLength(0);
  });

  test('drag tile by keyboard answers its top-left corner "x,y"', async () => {
    const { dialog } = await openCaptcha('drag', '40,25');
    const tile = within(dialog).getByRole('button', { name: /拼图块/ });
    press(tile, 'ArrowRight', 3, true);
    press(tile, 'ArrowDown', 5);
    press(tile, 'Enter');
    const check = await waitForCall(api, 'POST /captcha/check/');
    expect(check.body).toMatchObject({ captchaType: 'drag', verify_value: '40,25' });
    await waitFor(() => expect(dialog.querySelector('.ma-result-success')).toBeTruthy());
  });

  test('rotate spans 0 to 360 degrees and answers the angle', async () => {
    const { dialog } = await openCaptcha('rotate', '90');
    const slider = within(dialog).getByRole('slider');
    expect(slider.getAttribute('aria-valuemax')).toBe('360');
    press(slider, 'ArrowRight', 40, true);
    expect(slider.getAttribute('aria-valuenow')).toBe('360');
    press(slider, 'Home');
    press(slider, 'ArrowLeft', 40, true);
    press(slider, 'ArrowRight', 9, true);
    expect(slider.getAttribute('aria-valuenow')).toBe('90');
    expect((dialog.querySelector('.ma-rotate-img') as HTMLElement).style.transform).toBe('rotate(90deg)');
    press(slider, 'Enter');
    expect((await waitForCall(api, 'POST /captcha/check/')).body).toMatchObject({ captchaType: 'rotate', verify_value: '90' });
  });

  test('"换一种验证方式" walks through the four variants', async () => {
    const { dialog } = await openCaptcha('slide', 'x');
    const seen = ['slide'];
    for (let i = 0; i < 4; i += 1) {
      fireEvent.click(within(dialog).getByRole('button', { name: /换一种验证方式/ }));
      await waitFor(() => {
        const type = dialog.getAttribute('data-captcha-type');
        expect(type).not.toBe('');
        expect(type).not.toBe(seen[seen.length - 1]);
      });
      seen.push(dialog.getAttribute('data-captcha-type')!);
    }
    expect(seen).toEqual(['slide', 'click', 'drag', 'rotate', 'slide']);
  });

  test("closing it cancels: the request fails with '用户取消输入验证码', which is shown", async () => {
    const { dialog, outcome } = await openCaptcha('slide', 'x');
    fireEvent.click(within(dialog).getByRole('button', { name: '关闭' }));
    const result = await outcome;
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toBeInstanceOf(CaptchaCancelledError);
    expect(toastTexts()).toContain('用户取消输入验证码');
    expect(screen.queryByRole('dialog', { name: '请完成安全验证' })).toBeNull();
    expect(isCaptchaPending()).toBe(false);
  });

  test('Escape cancels too', async () => {
    const { dialog, outcome } = await openCaptcha('slide', 'x');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect((await outcome).ok).toBe(false);
  });

  test("too many pictures (repCode 6201): the message and a retry", async () => {
    scriptApi({});
    api.on('POST /captcha/', { body: { repCode: '6201', repMsg: '获取验证码过于频繁，请稍后再试' } });
    void limitedRequest();
    const retry = await screen.findByRole('button', { name: /获取验证码过于频繁，请稍后再试/ });
    api.on('POST /captcha/', { body: { repCode: '0000', repMsg: '成功', captchaId: 'c9', captchaType: 'slide', data: CHALLENGES.slide } });
    fireEvent.click(retry);
    await waitFor(() => expect(screen.getByRole('dialog', { name: '请完成安全验证' }).getAttribute('data-captcha-type')).toBe('slide'));
  });

  test('the send-code button of a form goes through the captcha and the code is sent', async () => {
    const { render } = await import('@testing-library/react');
    const { AuthPanel } = await import('../src/forms/AuthPanel');
    scriptApi({ first: 'slide', right: '100,5' });
    api.on('POST /codes/', (r: FakeRequest) =>
      r.headers['x-captcha-token'] === 'tok-ok'
        ? { body: { detail: '验证码已发送', resend_after: 60, expire_in: 300 } }
        : { status: 429, body: { message: '请求过于频繁，请稍后再试', code: 'throttled' } },
    );
    render(<AuthPanel form="login_code" surface="inline" onSwitch={jest.fn()} />);
    fireEvent.change(field('手机号'), { target: { value: '13812345678' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    const dialog = await screen.findByRole('dialog', { name: '请完成安全验证' });
    await waitFor(() => expect(dialog.getAttribute('data-captcha-type')).toBe('slide'));
    const handle = within(dialog).getByRole('slider');
    press(handle, 'ArrowRight', 10, true);
    press(handle, 'Enter');
    await expectToast('验证码已发送');
    expect(await screen.findByRole('button', { name: '60秒后重新获取' })).toBeTruthy();
  });

  test("a form's request whose captcha is cancelled shows '用户取消输入验证码' once", async () => {
    const { render } = await import('@testing-library/react');
    const { AuthPanel } = await import('../src/forms/AuthPanel');
    scriptApi({});
    api.on('POST /codes/', { status: 429, body: { message: '请求过于频繁，请稍后再试', code: 'throttled' } });
    render(<AuthPanel form="login_code" surface="inline" onSwitch={jest.fn()} />);
    fireEvent.change(field('手机号'), { target: { value: '13812345678' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    const dialog = await screen.findByRole('dialog', { name: '请完成安全验证' });
    fireEvent.click(within(dialog).getByRole('button', { name: '关闭' }));
    await expectToast('用户取消输入验证码');
    // the form's own failure handling (it toasts the same text) lands after the dialog's: still one toast
    await waitFor(() => expect((screen.getByRole('button', { name: '获取验证码' }) as HTMLButtonElement).disabled).toBe(false));
    expect(toastTexts().filter((t) => t === '用户取消输入验证码')).toHaveLength(1);
  });
});
