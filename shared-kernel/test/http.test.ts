import type { AxiosError } from 'axios';
import {
  API_BASE,
  appState$,
  cancelCaptcha,
  CaptchaCancelledError,
  clearToasts,
  ERROR_DEDUPE_MS,
  errorMessageOf,
  HEADERS,
  http,
  isCaptchaPending,
  on,
  REQUEST_TIMEOUT_MS,
  resolveCaptcha,
  setAnalyticsVisitorId,
  setSdSpeedUp,
  setUser,
  user$,
  type KernelEvents,
} from '../src';
import { startFakeApi, type FakeApi } from '../testing';
import { waitFor } from './support/wait-for';

let api: FakeApi;

beforeAll(async () => {
  api = await startFakeApi();
});
afterAll(() => api.close());

beforeEach(() => {
  http.defaults.baseURL = `${api.origin}/api`;
  api.reset();
  api.otherwise({ body: { ok: true } });
});

afterEach(() => {
  clearToasts();
  cancelCaptcha();
  document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  setAnalyticsVisitorId(null);
  setSdSpeedUp(false);
  localStorage.clear();
  jest.restoreAllMocks();
});

/** Texts of the toasts on screen. */
function toastTexts(): string[] {
  return [...document.querySelectorAll('.kt-item .kt-body')].map((el) => el.textContent ?? '');
}

/** Records the payloads of one kernel event until the returned stop() is called. */
function record<K extends keyof KernelEvents>(type: K): { seen: KernelEvents[K][]; stop: () => void } {
  const seen: KernelEvents[K][] = [];
  const stop = on(type, (p) => seen.push(p));
  return { seen, stop };
}

async function failure(promise: Promise<unknown>): Promise<AxiosError> {
  try {
    await promise;
  } catch (error) {
    return error as AxiosError;
  }
  throw new Error('the request should have failed');
}

describe('HTTP client defaults (SPEC §7)', () => {
  it('uses base /api, sends credentials, and times out after 50000 ms', () => {
    expect(API_BASE).toBe('/api');
    expect(REQUEST_TIMEOUT_MS).toBe(50000);
    expect(http.defaults.timeout).toBe(50000);
    expect(http.defaults.withCredentials).toBe(true);
  });

  it('resolves paths under the API base', async () => {
    const res = await http.get('/docs/', { params: { page: 2 } });
    expect(res.data).toEqual({ ok: true });
    expect(api.received[0].url).toBe('/api/docs/?page=2');
  });

  it('sends the analytics visitor id as the trace-id header when there is one', async () => {
    await http.get('/a/');
    expect(api.received[0].headers['x-trace-id']).toBeUndefined();
    setAnalyticsVisitorId('visitor-42');
    await http.get('/b/');
    expect(HEADERS.traceId).toBe('X-Trace-Id');
    expect(api.received[1].headers['x-trace-id']).toBe('visitor-42');
    setAnalyticsVisitorId('  ');
    await http.get('/c/');
    expect(api.received[2].headers['x-trace-id']).toBeUndefined();
  });

  it('puts the csrftoken cookie into X-CSRFToken on unsafe methods only', async () => {
    document.cookie = 'csrftoken=tok%2Fen1; path=/';
    await http.get('/x/');
    await http.post('/x/', { a: 1 });
    await http.put('/x/', { a: 1 });
    await http.patch('/x/', { a: 1 });
    await http.delete('/x/');
    expect(HEADERS.csrfToken).toBe('X-CSRFToken');
    expect(api.received.map((r) => [r.method, r.headers['x-csrftoken']])).toEqual([
      ['GET', undefined],
      ['POST', 'tok/en1'],
      ['PUT', 'tok/en1'],
      ['PATCH', 'tok/en1'],
      ['DELETE', 'tok/en1'],
    ]);
    expect(appState$.value.csrfToken).toBe('tok/en1');
  });

  it('sends neither the CSRF token nor the trace id to another origin', async () => {
    document.cookie = 'csrftoken=secret; path=/';
    setAnalyticsVisitorId('visitor-42');
    const other = await startFakeApi();
    other.otherwise({ body: { ok: true } });
    try {
      await http.post(`${other.origin.replace('127.0.0.1', 'localhost')}/elsewhere/`, { a: 1 });
      expect(other.received[0].headers['x-csrftoken']).toBeUndefined();
      expect(other.received[0].headers['x-trace-id']).toBeUndefined();
    } finally {
      await other.close();
    }
  });

  it('adds sd_req_common_info to POST bodies of /api/sd/ and /api/sd_extra/ only', async () => {
    await http.post('/sd/', { prompt: '山水' });
    await http.post('/sd_extra/', { image: 'x' });
    await http.post('/docs/', { title: 't' });
    await http.get('/sd/');
    setSdSpeedUp(true);
    await http.post('/sd/', { prompt: '花鸟' });
    const [sd, extra, docs, get, fast] = api.received;
    const info = (sd.body as unknown as { sd_req_common_info: { session_hash: string; is_speed_up: boolean } }).sd_req_common_info;
    expect(info.session_hash).toMatch(/^[0-9a-f]{16}$/);
    expect(info.is_speed_up).toBe(false);
    expect(sd.body).toEqual({ prompt: '山水', sd_req_common_info: info });
    expect(extra.body).toEqual({ image: 'x', sd_req_common_info: info });
    expect(docs.body).toEqual({ title: 't' });
    expect(get.text).toBe('');
    expect(fast.body).toEqual({ prompt: '花鸟', sd_req_common_info: { session_hash: info.session_hash, is_speed_up: true } });
  });

  it('keeps a caller-provided sd_req_common_info', async () => {
    await http.post('/sd/', { sd_req_common_info: { session_hash: 'mine', is_speed_up: true } });
    expect(api.received[0].body).toEqual({ sd_req_common_info: { session_hash: 'mine', is_speed_up: true } });
  });

  it('counts requests under way in the loading flag', async () => {
    let release!: () => void;
    api.otherwise(() => new Promise((answer) => (release = () => answer({ body: {} }))));
    const first = http.get('/slow/');
    await waitFor(() => api.received.length === 1);
    expect(appState$.value).toMatchObject({ loading: true, loadingCount: 1 });
    release();
    await first;
    expect(appState$.value).toMatchObject({ loading: false, loadingCount: 0 });
    api.otherwise({ status: 500, body: { message: '出错了', code: 'x' } });
    await failure(http.get('/broken/'));
    expect(appState$.value).toMatchObject({ loading: false, loadingCount: 0 });
  });
});

describe('error toasts (SPEC §8)', () => {
  it.each([
    [{ message: '文档不存在', code: 'not_found' }, '文档不存在'],
    [{ msg: '参数错误' }, '参数错误'],
    [{ error: '禁止访问' }, '禁止访问'],
    [{ detail: '未找到。' }, '未找到。'],
    [{ code: 'weird', extra: 1 }, '{"code":"weird","extra":1}'],
    [{ message: '商户涉嫌交易纠纷，暂停交易' }, '支付接口暂不可用，换个支付方式试试'],
  ])('shows the message of %j as %s', async (body, text) => {
    api.otherwise({ status: 400, body: body });
    const error = await failure(http.get('/fails/'));
    expect(errorMessageOf(error)).toBe(text);
    expect(toastTexts()).toEqual([text]);
    expect(document.querySelector('.kt-item')?.getAttribute('data-toast-type')).toBe('error');
  });

  it('shows a status text when the body holds no message', async () => {
    api.otherwise({ status: 502, body: '<html><body>Bad gateway</body></html>', headers: { 'Content-Type': 'text/html' } });
    await failure(http.get('/gateway/'));
    expect(toastTexts()).toEqual(['请求失败（502）']);
  });

  it('shows a plain-text body as it is', async () => {
    api.otherwise({ status: 400, body: '参数不完整' });
    await failure(http.get('/plain/'));
    api.otherwise({ status: 404 });
    await failure(http.get('/empty/'));
    expect(toastTexts()).toEqual(['参数不完整', '请求失败（404）']);
  });

  it('gives a text for errors that are not HTTP answers', () => {
    expect(errorMessageOf(new Error('网络异常'))).toBe('网络异常');
    expect(errorMessageOf(new Error('涉嫌交易纠纷'))).toBe('支付接口暂不可用，换个支付方式试试');
    expect(errorMessageOf('oops')).toBe('操作失败，请稍后重试');
    expect(errorMessageOf(new Error(''))).toBe('操作失败，请稍后重试');
  });

  it('shows the same message once within 3000 ms', async () => {
    expect(ERROR_DEDUPE_MS).toBe(3000);
    api.otherwise({ status: 400, body: { message: '重复的错误', code: 'x' } });
    await Promise.all([failure(http.get('/a/')), failure(http.get('/b/')), failure(http.get('/c/'))]);
    expect(toastTexts()).toEqual(['重复的错误']);
  });

  it('leaves the toast to the caller with skipErrorToast', async () => {
    api.otherwise({ status: 400, body: { message: '表单有误', code: 'invalid', errors: { a: ['必填'] } } });
    const error = await failure(http.post('/form/', {}, { skipErrorToast: true }));
    expect(error.response?.data).toEqual({ message: '表单有误', code: 'invalid', errors: { a: ['必填'] } });
    expect(toastTexts()).toEqual([]);
  });

  it("shows '加载失败，请检查网络后重试' when the server cannot be reached", async () => {
    api.otherwise('drop');
    const networkError = jest.spyOn(console, 'error').mockImplementation(() => undefined); // jsdom logs it
    // A short timeout: jsdom leaves an XHR's timeout timer running after a network error.
    const error = await failure(http.get('/docs/', { timeout: 500 }));
    expect(networkError).toHaveBeenCalled();
    expect(error.response).toBeUndefined();
    expect(errorMessageOf(error)).toBe('加载失败，请检查网络后重试');
    expect(toastTexts()).toEqual(['加载失败，请检查网络后重试']);
  });

  it('flags offline when the browser is offline and a request fails without an answer', async () => {
    api.otherwise('drop');
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await failure(http.get('/docs/', { timeout: 500 }));
    expect(appState$.value.online).toBe(false);
    jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect(appState$.value.online).toBe(true);
    window.dispatchEvent(new Event('offline'));
    expect(appState$.value.online).toBe(false);
    window.dispatchEvent(new Event('online'));
  });
});

describe("403 '未登录' (SPEC §6, §8)", () => {
  const NOT_LOGGED_IN = { error: '未登录', message: '您还未登录或登录已失效', code: 'not_authenticated' };

  it('clears the user, raises login-required and shows 您还未登录或登录已失效', async () => {
    setUser({ uid: 7, nickname: '小明', is_active: 1 });
    expect(localStorage.getItem('userinfo')).not.toBeNull();
    const required = record('auth:login-required');
    window.history.pushState(null, '', '/app/user/coin/list?page=2');
    api.otherwise({ status: 403, body: NOT_LOGGED_IN });
    const error = await failure(http.get('/users/7/'));
    required.stop();
    expect(errorMessageOf(error)).toBe('您还未登录或登录已失效');
    expect(user$.value).toBeNull();
    expect(localStorage.getItem('userinfo')).toBeNull();
    expect(required.seen).toEqual([{ reason: 'expired', redirect: '/app/user/coin/list?page=2' }]);
    expect(toastTexts()).toEqual(['您还未登录或登录已失效']);
  });

  it('treats another 403 as an ordinary error', async () => {
    setUser({ uid: 7, nickname: '小明', is_active: 1 });
    const required = record('auth:login-required');
    api.otherwise({ status: 403, body: { message: '没有权限执行该操作', code: 'permission_denied' } });
    await failure(http.delete('/docs/1/'));
    required.stop();
    expect(user$.value?.uid).toBe(7);
    expect(required.seen).toEqual([]);
    expect(toastTexts()).toEqual(['没有权限执行该操作']);
  });
});

describe('429 captcha flow (SPEC §4, §8)', () => {
  const THROTTLED = { message: '请求过于频繁，请稍后再试', code: 'throttled' };

  /** 429 unless the request carries a captcha token the test accepts. */
  function limitUnless(accepted: (token: string | undefined) => boolean) {
    api.otherwise((req) => {
      const token = req.headers['x-captcha-token'] as string | undefined;
      return accepted(token) ? { body: { path: req.url, token } } : { status: 429, body: THROTTLED };
    });
  }

  it('raises captcha-required, waits, retries once with the token and the retry marker, then reports success', async () => {
    limitUnless((t) => t === 'solved-1');
    const required = record('captcha:required');
    const result = record('captcha:result');
    const pending = http.post('/codes/', { mobile: '13812345678' });
    await waitFor(() => required.seen.length === 1);
    expect(isCaptchaPending()).toBe(true);
    expect(appState$.value.frequencyLimited).toBe(true);
    expect(api.received).toHaveLength(1);
    expect(toastTexts()).toEqual([]); // the dialog speaks, not a toast

    await expect(resolveCaptcha('solved-1')).resolves.toBe(true);
    const res = await pending;
    expect(res.data).toEqual({ path: '/api/codes/', token: 'solved-1' });
    expect(api.received).toHaveLength(2);
    expect(api.received[1].headers['x-captcha-token']).toBe('solved-1');
    expect(api.received[1].headers['x-captcha-retry']).toBe('1');
    expect(api.received[1].body).toEqual({ mobile: '13812345678' });
    expect(result.seen).toEqual([{ ok: true }]);
    expect(isCaptchaPending()).toBe(false);
    expect(appState$.value.frequencyLimited).toBe(false);
    expect(appState$.value.captchaValue).toBe('solved-1');
    required.stop();
    result.stop();
  });

  it('reports failure when the retry gets 429 again, and the next solution retries again', async () => {
    limitUnless((t) => t === 'good');
    const result = record('captcha:result');
    const retriesBefore = appState$.value.captchaRetryCount;
    let settled = false;
    const pending = http.get('/docs/').finally(() => (settled = true));
    await waitFor(() => isCaptchaPending());

    await expect(resolveCaptcha('bad')).resolves.toBe(false);
    expect(result.seen).toEqual([{ ok: false }]);
    expect(isCaptchaPending()).toBe(true);
    expect(settled).toBe(false);
    expect(toastTexts()).toEqual([]);

    await expect(resolveCaptcha('good')).resolves.toBe(true);
    await expect(pending).resolves.toMatchObject({ data: { token: 'good' } });
    expect(result.seen).toEqual([{ ok: false }, { ok: true }]);
    expect(appState$.value.captchaRetryCount).toBe(retriesBefore + 2);
    // original, retry with 'bad', retry with 'good': each solution retried it exactly once
    expect(api.received.map((r) => r.headers['x-captcha-token'])).toEqual([undefined, 'bad', 'good']);
    result.stop();
  });

  it("fails the request with '用户取消输入验证码' when the user cancels", async () => {
    limitUnless(() => false);
    const cancelled = record('captcha:cancelled');
    const pending = http.get('/docs/');
    await waitFor(() => isCaptchaPending());
    cancelCaptcha();
    const error = await failure(pending);
    expect(error).toBeInstanceOf(CaptchaCancelledError);
    expect(error.message).toBe('用户取消输入验证码');
    expect(errorMessageOf(error)).toBe('用户取消输入验证码');
    expect(cancelled.seen).toHaveLength(1);
    expect(isCaptchaPending()).toBe(false);
    expect(appState$.value.frequencyLimited).toBe(false);
    expect(api.received).toHaveLength(1);
    cancelled.stop();
  });

  it('shares one captcha between requests that hit 429 together', async () => {
    limitUnless((t) => t === 'shared');
    const required = record('captcha:required');
    const pending = [http.get('/a/'), http.get('/b/'), http.post('/c/', { n: 1 })];
    await waitFor(() => api.received.length === 3);
    await waitFor(() => isCaptchaPending());
    await new Promise((r) => setTimeout(r, 20));
    expect(required.seen).toHaveLength(1);
    await expect(resolveCaptcha('shared')).resolves.toBe(true);
    const results = await Promise.all(pending);
    expect(results.map((r) => r.data.path).sort()).toEqual(['/api/a/', '/api/b/', '/api/c/']);
    expect(api.received.slice(3).every((r) => r.headers['x-captcha-token'] === 'shared')).toBe(true);
    expect(api.received).toHaveLength(6);
    required.stop();
  });

  it('passes a non-429 failure of the retry to the caller and closes the captcha', async () => {
    api.otherwise((req) =>
      req.headers['x-captcha-token'] ? { status: 400, body: { message: '手机号格式不正确', code: 'invalid' } } : { status: 429, body: THROTTLED },
    );
    const result = record('captcha:result');
    const pending = http.post('/codes/', { mobile: 'x' });
    await waitFor(() => isCaptchaPending());
    await expect(resolveCaptcha('t')).resolves.toBe(true);
    const error = await failure(pending);
    expect(error.response?.status).toBe(400);
    expect(result.seen).toEqual([{ ok: true }]);
    expect(toastTexts()).toEqual(['手机号格式不正确']);
    result.stop();
  });

  it('joins a double submit to the round under way', async () => {
    limitUnless((t) => t === 'once');
    const pending = http.get('/docs/');
    await waitFor(() => isCaptchaPending());
    const [first, second] = await Promise.all([resolveCaptcha('once'), resolveCaptcha('twice')]);
    expect([first, second]).toEqual([true, true]);
    await pending;
    expect(api.received.map((r) => r.headers['x-captcha-token'])).toEqual([undefined, 'once']);
  });

  it('does nothing when solved or cancelled with no request waiting', async () => {
    const cancelled = record('captcha:cancelled');
    await expect(resolveCaptcha('nobody')).resolves.toBe(true);
    cancelCaptcha();
    expect(cancelled.seen).toEqual([]);
    cancelled.stop();
  });
});

describe("time-outs: '请求失败，请重试' with a retry (SPEC §8)", () => {
  /** Answers slowly (longer than the test's timeout) until `fast()` is called. */
  function slowUntilFast(): { fast: () => void } {
    let slow = true;
    api.otherwise((req) => {
      const answer = { body: { path: req.url } };
      return slow ? new Promise((resolve) => setTimeout(() => resolve(answer), 300)) : answer;
    });
    return { fast: () => (slow = false) };
  }

  it('offers a retry that replays every request that timed out', async () => {
    const server = slowUntilFast();
    const first = http.get('/one/', { timeout: 80 });
    const second = http.get('/two/', { timeout: 80 });
    await waitFor(() => document.querySelectorAll('.kt-item').length === 1 && api.received.length === 2);
    await new Promise((r) => setTimeout(r, 150)); // both have timed out by now
    expect(toastTexts()).toEqual(['请求失败，请重试']);
    const retry = document.querySelector<HTMLButtonElement>('.kt-action')!;
    expect(retry.textContent).toBe('重试');
    server.fast();
    retry.click();
    const [a, b] = await Promise.all([first, second]);
    expect(a.data).toEqual({ path: '/api/one/' });
    expect(b.data).toEqual({ path: '/api/two/' });
    expect(api.received.map((r) => r.url)).toEqual(['/api/one/', '/api/two/', '/api/one/', '/api/two/']);
    expect(toastTexts()).toEqual([]);
  });

  it('fails the requests with their time-out when the snackbar closes without a retry', async () => {
    slowUntilFast();
    const pending = http.get('/one/', { timeout: 80 });
    await waitFor(() => document.querySelectorAll('.kt-action').length === 1);
    document.querySelector<HTMLButtonElement>('.kt-close')!.click();
    const error = await failure(pending);
    expect(error.code).toBe('ECONNABORTED');
    expect(errorMessageOf(error)).toBe('请求失败，请重试');
    expect(api.received).toHaveLength(1);
  });
});

describe('background requests', () => {
  it('get no toast, captcha or loading flag: the caller handles everything', async () => {
    api.otherwise({ status: 429, body: { message: '请求过于频繁，请稍后再试', code: 'throttled' } });
    const counts: number[] = [];
    const sub = appState$.subscribe((s) => counts.push(s.loadingCount));
    const error = await failure(http.post('/report_error/', { message: 'x' }, { background: true }));
    sub.unsubscribe();
    expect(error.response?.status).toBe(429);
    expect(isCaptchaPending()).toBe(false);
    expect(toastTexts()).toEqual([]);
    expect(new Set(counts)).toEqual(new Set([0]));
  });

  it('are cancelled without a toast', async () => {
    api.otherwise(() => new Promise(() => undefined)); // never answers
    const controller = new AbortController();
    const pending = http.get('/hang/', { signal: controller.signal });
    await waitFor(() => api.received.length === 1);
    controller.abort();
    const error = await failure(pending);
    expect(error.code).toBe('ERR_CANCELED');
    expect(toastTexts()).toEqual([]);
  });
});
