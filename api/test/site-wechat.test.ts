import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchTransport, type HttpTransport } from '../src/infra/providers/http-transport';
import { loadSiteConfig, WX_MP_SIMULATOR } from '../src/modules/site/config';
import { jsapiSignature, wxJsapiTickets, wxMpSimulator } from '../src/modules/site/services/jsapi-ticket';
import { registeredDomain } from '../src/modules/site/services/wechat';
import { accountOptions, testClock } from './accounts-helpers';
import { engines, expectErrorBody, postJson, startServer, useEngine, type Answer, type TestServer } from './helpers';

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

describe('jsapiSignature', () => {
  test('matches the worked example of the WeChat JS-SDK documentation (appendix 1)', () => {
    expect(
      jsapiSignature({
        ticket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
        nonceStr: 'Wm3WZYTPz0wzccnW',
        timestamp: 1414587457,
        url: 'http://mp.weixin.qq.com?params=value',
      }),
    ).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });

  test('the fragment of the url is not signed', () => {
    const base = { ticket: 't', nonceStr: 'n', timestamp: 1 };
    expect(jsapiSignature({ ...base, url: 'https://a.cn/x?y=1#/z' })).toBe(jsapiSignature({ ...base, url: 'https://a.cn/x?y=1' }));
    expect(jsapiSignature({ ...base, url: 'https://a.cn/x' })).toBe(sha1('jsapi_ticket=t&noncestr=n&timestamp=1&url=https://a.cn/x'));
  });
});

describe('loadSiteConfig', () => {
  test('development and test use the simulator; production needs real credentials', () => {
    expect(loadSiteConfig({}, 'development').wxMp).toMatchObject({ provider: 'simulator', appId: WX_MP_SIMULATOR.appId });
    expect(() => loadSiteConfig({}, 'production')).toThrow('WX_MP_APPID');
    expect(() => loadSiteConfig({ WX_MP_PROVIDER: 'simulator' }, 'production')).toThrow('DEV_OUTBOX=1');
    expect(loadSiteConfig({ WX_MP_APPID: 'wx1', WX_MP_SECRET: 's' }, 'production').wxMp).toMatchObject({ provider: 'real', appId: 'wx1' });
    expect(() => loadSiteConfig({ WX_MP_PROVIDER: 'fake' }, 'test')).toThrow('WX_MP_PROVIDER');
    expect(() => loadSiteConfig({ WX_MINIAPP_WEBVIEW_PAGE: 'pages/x' }, 'test')).toThrow('WX_MINIAPP_WEBVIEW_PAGE');
  });
});

test('registeredDomain keeps the site and drops the sub-site prefix', () => {
  expect(registeredDomain('math.zhiku.com')).toBe('zhiku.com');
  expect(registeredDomain('zhiku.com')).toBe('zhiku.com');
  expect(registeredDomain('algorithm.zhiku.com.cn')).toBe('zhiku.com.cn');
  expect(registeredDomain('127.0.0.1')).toBe('127.0.0.1');
});

describe.each(engines())('WeChat endpoints on %s', (engine) => {
  const db = useEngine(engine, __filename);
  const clock = testClock(Date.parse('2026-03-01T08:00:00Z'));
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(accountOptions(db.options(), { clock }));
  });
  afterAll(async () => {
    await server?.close();
  });

  const storedTicket = async () =>
    (await server.app.db.query<{ value: string }>("SELECT value FROM provider_tokens WHERE name LIKE 'wx-mp:jsapi_ticket:%'"))[0]?.value;

  test('POST /api/wx-jsapi-sign/ signs the page url with the simulator\'s ticket, as wx.config expects', async () => {
    const url = 'http://localhost/app/articles/docs/detail/42?from=share&x=%E4%B8%AD';
    const res = await postJson(server.base, '/api/wx-jsapi-sign/', { url: `${url}#comments` });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      appId: WX_MP_SIMULATOR.appId,
      timestamp: Date.parse('2026-03-01T08:00:00Z') / 1000,
      nonceStr: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/),
      signature: expect.stringMatching(/^[0-9a-f]{40}$/),
    });
    const ticket = await storedTicket();
    expect(ticket).toEqual(expect.any(String));
    expect(res.body.signature).toBe(sha1(`jsapi_ticket=${ticket}&noncestr=${res.body.nonceStr}&timestamp=${res.body.timestamp}&url=${url}`));

    // the ticket is cached: a second signature uses the same one, with a new nonce
    const again = await postJson(server.base, '/api/wx-jsapi-sign/', { url });
    expect(await storedTicket()).toBe(ticket);
    expect(again.body.nonceStr).not.toBe(res.body.nonceStr);
  });

  test('an expired ticket is fetched again', async () => {
    const before = await storedTicket();
    clock.advance(2 * 3600_000);
    const res = await postJson(server.base, '/api/wx-jsapi-sign/', { url: 'https://zhiku.com/' });
    expect(res.status).toBe(200);
    const after = await storedTicket();
    expect(after).not.toBe(before);
    expect(res.body.signature).toBe(sha1(`jsapi_ticket=${after}&noncestr=${res.body.nonceStr}&timestamp=${res.body.timestamp}&url=https://zhiku.com/`));
  });

  test('a url that is not http(s) or not a url is a Chinese 400', async () => {
    for (const url of ['ftp://zhiku.com/a', 'javascript:alert(1)', '/app/x', '', 'x'.repeat(3000)]) {
      const res = await postJson(server.base, '/api/wx-jsapi-sign/', { url });
      expectErrorBody(res, 400, 'invalid');
    }
    expectErrorBody(await postJson(server.base, '/api/wx-jsapi-sign/', {}), 400, 'invalid');
    expectErrorBody(await postJson(server.base, '/api/wx-jsapi-sign/', { url: 42 }), 400, 'invalid');
  });

  test('POST /api/wxmini-share-url/ turns a page of this site into the mini-program web-view path', async () => {
    const page = 'http://math.site.localhost:8080/app/articles/docs/detail/7?from=mini';
    const res = await postWithHost(server.base, '/api/wxmini-share-url/', 'site.localhost:8080', { url: page });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ url: `/pages/webview/index?url=${encodeURIComponent(page)}` });

    const foreign = await postWithHost(server.base, '/api/wxmini-share-url/', 'site.localhost:8080', {
      url: 'https://evil.example.com/phish',
    });
    expectErrorBody(foreign, 400, 'invalid');
    expect(foreign.body.errors.url).toEqual(['只能分享本站的页面']);
    expectErrorBody(await postJson(server.base, '/api/wxmini-share-url/', { url: 'data:text/html,x' }), 400, 'invalid');
  });
});

/** A JSON POST with a Host header of our choosing (fetch does not let a caller set Host). */
function postWithHost(base: string, path: string, host: string, body: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method: 'POST', headers: { host, 'content-type': 'application/json' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: new Headers(), body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }),
      );
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/** A loopback HTTP server answering with the simulator: the real fetch transport talks to it over HTTP. */
async function fakeWeChat(transport: HttpTransport): Promise<{ endpoint: string; hits: string[]; close: () => Promise<void> }> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    void transport({ method: 'GET', url: `http://wechat.local${req.url}` }).then((answer) => {
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { endpoint: `http://127.0.0.1:${port}`, hits, close: () => new Promise((r) => server.close(() => r())) };
}

describe.each(engines())('the jsapi_ticket adapter over HTTP on %s', (engine) => {
  const db = useEngine(engine, __filename);
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(accountOptions(db.options()));
  });
  afterAll(async () => {
    await server?.close();
  });

  test('token then ticket, both cached; a token invalidated elsewhere is replaced once and the call retried', async () => {
    const now = () => new Date();
    const simulator = wxMpSimulator({ appId: 'wx-http', appSecret: 'secret' }, now);
    const wechat = await fakeWeChat(simulator);
    try {
      const config = { provider: 'real' as const, endpoint: wechat.endpoint, appId: 'wx-http', appSecret: 'secret' };
      const tickets = wxJsapiTickets(config, fetchTransport(), server.app.db, now);
      const [a, b] = await Promise.all([tickets.ticket(), tickets.ticket()]);
      expect(a).toBe(b);
      expect(wechat.hits.map((h) => h.split('?')[0])).toEqual(['/cgi-bin/token', '/cgi-bin/ticket/getticket']);
      expect(wechat.hits[0]).toContain('grant_type=client_credential&appid=wx-http&secret=secret');
      expect(await tickets.ticket()).toBe(a);
      expect(wechat.hits).toHaveLength(2);

      // another client asks WeChat for a token: ours is dead; the ticket row expires
      await simulator({ method: 'GET', url: 'http://wechat.local/cgi-bin/token?grant_type=client_credential&appid=wx-http&secret=secret' });
      await server.app.db.query("UPDATE provider_tokens SET expire_time = now() - interval '1 second' WHERE name LIKE 'wx-mp:jsapi_ticket:wx-http'");
      const renewed = await tickets.ticket();
      expect(renewed).not.toBe(a);
      expect(wechat.hits.slice(2).map((h) => h.split('?')[0])).toEqual(['/cgi-bin/ticket/getticket', '/cgi-bin/token', '/cgi-bin/ticket/getticket']);

      // wrong credentials: a ProviderError, which the route answers with 503
      const wrong = wxJsapiTickets({ ...config, appId: 'wx-other' }, fetchTransport(), server.app.db, now);
      await expect(wrong.ticket()).rejects.toThrow('errcode 40013');
    } finally {
      await wechat.close();
    }
  });

  test('the route answers 503 with a Chinese message when WeChat refuses', async () => {
    const broken = await startServer(accountOptions({ ...db.options() }), (app) => {
      app.jsapiTickets.ticket = async () => {
        const { ProviderError } = await import('../src/infra/providers/http-transport');
        throw new ProviderError('wx-mp', 'errcode -1: system error');
      };
    });
    try {
      expectErrorBody(await postJson(broken.base, '/api/wx-jsapi-sign/', { url: 'https://zhiku.com/' }), 503, 'provider_unavailable');
    } finally {
      await broken.close();
    }
  });
});
