import { http, setWxShareCard } from '../src';
import { startFakeApi, type FakeApi } from '../testing';

// The WeChat share card: the JS-SDK configured with the API's signature in a WeChat page, the mini-program told
// the path in a mini-program web view, nothing elsewhere.
let api: FakeApi;
const win = window as unknown as { wx?: unknown; __wxjs_environment?: string };
const ua = Object.getOwnPropertyDescriptor(window.navigator, 'userAgent');

beforeAll(async () => {
  api = await startFakeApi();
});
afterAll(() => api.close());
beforeEach(() => {
  http.defaults.baseURL = `${api.origin}/api`;
  api.reset();
  window.history.pushState(null, '', '/app/user/collect/folder/5#top');
});
afterEach(() => {
  delete win.wx;
  delete win.__wxjs_environment;
  if (ua) Object.defineProperty(window.navigator, 'userAgent', ua);
  else delete (window.navigator as { userAgent?: string }).userAgent;
});

function userAgent(value: string): void {
  Object.defineProperty(window.navigator, 'userAgent', { value, configurable: true });
}

const card = { title: '唐诗精选', link: 'https://example.test/api/s/abcdefghijkl/' };

test('outside WeChat: nothing is asked and nothing is set', async () => {
  userAgent('Mozilla/5.0 Chrome/120');
  expect(await setWxShareCard(card)).toBe('unavailable');
  expect(api.calls('POST /wx-jsapi-sign/')).toHaveLength(0);
});

test('a WeChat page: the SDK is configured with the signature of the page (no fragment), then both cards are set', async () => {
  userAgent('Mozilla/5.0 MicroMessenger/8.0');
  api.on('POST /wx-jsapi-sign/', { body: { appId: 'wx1', timestamp: 1, nonceStr: 'n', signature: 's' } });
  const calls: [string, unknown][] = [];
  win.wx = {
    config: (o: unknown) => calls.push(['config', o]),
    ready: (f: () => void) => f(),
    error: () => undefined,
    updateAppMessageShareData: (o: unknown) => calls.push(['friend', o]),
    updateTimelineShareData: (o: unknown) => calls.push(['moments', o]),
  };
  expect(await setWxShareCard(card)).toBe('set');
  expect(api.calls('POST /wx-jsapi-sign/')[0].body).toEqual({ url: `${window.location.origin}/app/user/collect/folder/5` });
  expect(calls[0]).toEqual(['config', expect.objectContaining({ appId: 'wx1', signature: 's', jsApiList: ['updateAppMessageShareData', 'updateTimelineShareData'] })]);
  expect(calls.slice(1).map(([k, o]) => [k, (o as { link: string }).link])).toEqual([['friend', card.link], ['moments', card.link]]);
});

test('a mini-program web view: the mini-program is told the title and the path of the link', async () => {
  userAgent('Mozilla/5.0 MicroMessenger/8.0 miniProgram');
  api.on('POST /wxmini-share-url/', { body: { url: '/pages/webview/index?url=x' } });
  const messages: unknown[] = [];
  win.wx = { config: () => undefined, miniProgram: { postMessage: (m: unknown) => messages.push(m) } };
  expect(await setWxShareCard(card)).toBe('set');
  expect(api.calls('POST /wxmini-share-url/')[0].body).toEqual({ url: card.link });
  expect(messages).toEqual([{ data: { type: 'share', title: '唐诗精选', path: '/pages/webview/index?url=x' } }]);
});

test('a failed signature is unavailable, not an error', async () => {
  userAgent('Mozilla/5.0 MicroMessenger/8.0');
  api.on('POST /wx-jsapi-sign/', { status: 503, body: { message: '微信接口暂不可用' } });
  win.wx = { config: () => undefined, ready: () => undefined, error: () => undefined, updateAppMessageShareData: () => undefined, updateTimelineShareData: () => undefined };
  expect(await setWxShareCard(card)).toBe('unavailable');
});
