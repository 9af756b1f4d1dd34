import { appState$, buildErrorReport, clearToasts, http, installErrorReporting, MAX_REPORTS_PER_PAGE, reportError } from '../src';
import { startFakeApi, type FakeApi } from '../testing';
import { waitFor } from './support/wait-for';

type Kernel = typeof import('../src');

let api: FakeApi;

beforeAll(async () => {
  api = await startFakeApi();
});
afterAll(() => api.close());

beforeEach(() => {
  http.defaults.baseURL = `${api.origin}/api`;
  api.reset();
  api.otherwise({ status: 201, body: { id: 1 } });
  window.history.pushState(null, '', '/app/articles/docs/detail/42?from=home#c1');
});
afterEach(() => clearToasts());

/** A kernel of its own, so the per-page report memory starts empty. */
async function freshKernel(): Promise<Kernel> {
  let kernel: Kernel | undefined;
  await jest.isolateModulesAsync(async () => {
    kernel = await import('../src');
  });
  kernel!.http.defaults.baseURL = `${api.origin}/api`;
  return kernel!;
}

describe('client error reporting (SPEC §7, §8)', () => {
  it('builds message, stack and type (full path + error info) within the API caps', () => {
    const error = new TypeError('x is undefined');
    const report = buildErrorReport(error, 'error');
    expect(report.message).toBe('x is undefined');
    expect(report.stack).toContain('TypeError: x is undefined');
    expect(report.type).toBe('TypeError /app/articles/docs/detail/42?from=home#c1'.slice(0, 50));
    expect(report.route).toBe('/app/articles/docs/detail/42?from=home#c1');
    const long = buildErrorReport(new Error('长'.repeat(5000)), 'error');
    expect(long.message).toHaveLength(2000);
    expect(long.type.length).toBeLessThanOrEqual(50);
    expect(buildErrorReport('只是文字', 'unhandledrejection')).toMatchObject({ message: '只是文字', stack: '', type: expect.stringMatching(/^unhandledrejection \/app/) });
    expect(buildErrorReport({ code: 7 }, 'unhandledrejection').message).toBe('{"code":7}');
    expect(buildErrorReport(undefined, 'unhandledrejection').message).toBe('undefined');
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(buildErrorReport(circular, 'unhandledrejection').message).toBe('[object Object]');
    expect(buildErrorReport(new Error(''), 'error').message).toBe('Error');
  });

  it('posts uncaught errors and unhandled rejections to /api/report_error/', async () => {
    const kernel = await freshKernel();
    const stop = kernel.installErrorReporting();
    expect(kernel.installErrorReporting()).toBe(stop); // once per page
    window.dispatchEvent(new ErrorEvent('error', { error: new RangeError('越界'), message: 'Uncaught RangeError: 越界' }));
    const rejection = Object.assign(new Event('unhandledrejection'), { reason: new Error('请求被拒绝') });
    window.dispatchEvent(rejection);
    window.dispatchEvent(new ErrorEvent('error', { message: 'Script error.' }));
    await waitFor(() => api.received.length === 3);
    stop();
    expect(api.received.map((r) => [r.method, r.url])).toEqual([
      ['POST', '/api/report_error/'],
      ['POST', '/api/report_error/'],
      ['POST', '/api/report_error/'],
    ]);
    const [uncaught, rejected, opaque] = api.received.map((r) => r.body as Record<string, string>);
    expect(uncaught).toMatchObject({ message: '越界', type: 'RangeError /app/articles/docs/detail/42?from=home#c1'.slice(0, 50), route: '/app/articles/docs/detail/42?from=home#c1' });
    expect(uncaught.stack).toContain('RangeError: 越界');
    expect(rejected).toMatchObject({ message: '请求被拒绝', type: expect.stringMatching(/^Error \/app\//) });
    expect(opaque).toMatchObject({ message: 'Script error.', stack: '', type: expect.stringMatching(/^error \/app\//) });
    expect(Object.keys(uncaught).sort()).toEqual(['message', 'route', 'stack', 'type']);

    // Jest fails a test on an error event nobody listens to: a page listener stands in for the browser console.
    const pageListener = (event: ErrorEvent) => event.preventDefault();
    window.addEventListener('error', pageListener);
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('停止后') }));
    window.removeEventListener('error', pageListener);
    await new Promise((r) => setTimeout(r, 50));
    expect(api.received).toHaveLength(3);
  });

  it('ignores a failing report: no toast, no loading flag, no report of the failure, no loop', async () => {
    const kernel = await freshKernel();
    api.otherwise({ status: 500, body: { message: '服务器开小差了，请稍后重试', code: 'server_error' } });
    const counts: number[] = [];
    const sub = appState$.subscribe((s) => counts.push(s.loadingCount));
    const stop = kernel.installErrorReporting();
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('第一次') }));
    await waitFor(() => api.received.length === 1);
    await new Promise((r) => setTimeout(r, 100));
    stop();
    sub.unsubscribe();
    expect(api.received).toHaveLength(1);
    expect(document.querySelectorAll('.kt-item')).toHaveLength(0);
    expect(new Set(counts)).toEqual(new Set([0]));
    await expect(kernel.reportError(new Error('直接调用'))).resolves.toBe(false);
  });

  it('reports the same error once, and at most 20 per page', async () => {
    const kernel = await freshKernel();
    expect(MAX_REPORTS_PER_PAGE).toBe(20);
    const same = new Error('循环里的错误');
    const results = [];
    for (let i = 0; i < 3; i += 1) results.push(await kernel.reportError(same));
    expect(results).toEqual([true, false, false]);
    for (let i = 0; i < 30; i += 1) await kernel.reportError(new Error(`错误 ${i}`));
    expect(api.received).toHaveLength(20);
  });

  it('resolves true when the API took the report', async () => {
    await expect(reportError(new Error('一次'))).resolves.toBe(true);
    expect(api.received[0].body).toMatchObject({ message: '一次' });
    expect(typeof installErrorReporting).toBe('function');
  });
});
