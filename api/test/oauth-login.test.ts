import { loadQrOAuthConfig } from '../src/auth/oauth/config';
import { accountOptions, Client, newPhone, smsCode, testClock } from './accounts-helpers';
import { engines, expectErrorBody, isChinese, startServer, useEngine, type TestServer } from './helpers';

/** A GET that does not follow redirects, keeping the client's cookies up to date (what a browser does). */
async function visit(client: Client, url: string, accept = 'application/json') {
  const res = await fetch(url.startsWith('http') ? url : client.base + url, {
    redirect: 'manual',
    headers: { cookie: client.cookieHeader(), accept },
  });
  for (const line of res.headers.getSetCookie()) {
    const [pair, ...attributes] = line.split(';').map((p) => p.trim());
    const at = pair.indexOf('=');
    const value = pair.slice(at + 1);
    if (value === '' || attributes.some((a) => /^max-age=0$/i.test(a))) client.cookies.delete(pair.slice(0, at));
    else client.cookies.set(pair.slice(0, at), value);
  }
  const text = await res.text();
  const json = (res.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : undefined;
  return { status: res.status, location: res.headers.get('location'), text, body: json, headers: res.headers };
}

/** The person clicks '同意授权' on the simulator's page: the page's form, submitted as the browser would. */
async function approve(client: Client, authorizeUrl: string, person: string): Promise<string> {
  const page = await visit(client, authorizeUrl, 'text/html');
  expect(page.status).toBe(200);
  expect(page.text).toContain('同意授权');
  const action = /<form method="get" action="([^"]+)"/.exec(page.text)?.[1];
  const fields = [...page.text.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(([, k, v]): [string, string] => [k, v.replace(/&amp;/g, '&')]);
  const query = new URLSearchParams([...fields, ['person', person]]);
  const back = await visit(client, `${action}?${query}`, 'text/html');
  expect(back.status).toBe(302);
  return back.location as string;
}

/** Starts a third-party login in `client`: answers the provider URL. */
async function start(client: Client, provider: string): Promise<URL> {
  const res = await visit(client, `/api/login/${provider}/`);
  expect(res.status).toBe(200);
  return new URL(res.body.url);
}

function userCookie(client: Client) {
  return JSON.parse(Buffer.from(decodeURIComponent(client.cookies.get('userinfo') as string), 'base64').toString('utf8'));
}

describe.each(engines())('third-party login on %s', (engine) => {
  const db = useEngine(engine, __filename);
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ ...accountOptions(db.options(), { clock: testClock() }), qrOAuth: loadQrOAuthConfig({ NODE_ENV: 'test' }) });
  });
  afterAll(async () => {
    await server?.close();
  });

  test('weixin: a new person gets an inactive account, a session and the hand-off cookies; binding a phone activates it', async () => {
    const browser = new Client(server.base);
    const url = await start(browser, 'weixin');
    expect(url.origin + url.pathname).toBe(`${server.base}/api/dev/oauth/weixin/connect/qrconnect`);
    expect(url.hash).toBe('#wechat_redirect');
    expect(url.searchParams.get('redirect_uri')).toBe(`${server.base}/api/login/weixin/callback/`);
    expect(url.searchParams.get('scope')).toBe('snsapi_login');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{32}$/);

    const person = `小明${newPhone()}`;
    const callback = await approve(browser, url.href, person);
    expect(new URL(callback).searchParams.get('code')).toBeTruthy();
    const landed = await visit(browser, callback, 'text/html');
    expect(landed.status).toBe(302);
    expect(landed.location).toBe('/');
    expect(browser.cookies.get('nextPath')).toBe('trd-login');
    const info = userCookie(browser);
    expect(info).toMatchObject({ is_active: 0, inactive_reason: 'TRD_LOGIN_NO_MOBILE', nickname: person });
    const me = await browser.get('/api/users/0/');
    expect(me.body).toMatchObject({ uid: info.uid, is_active: 0, mobile: null });
    expect((await browser.get('/api/login-history/')).body.results[0].login_type).toBe(3);
    expectErrorBody(await browser.get('/api/trd-account-bind/'), 403, 'account_inactive');

    // the activation of SPEC §4: bind a phone with a TRD_ACTIVE code
    const mobile = newPhone();
    const code = await smsCode(browser, mobile, 'TRD_ACTIVE');
    const active = await browser.post('/api/users-activate/', { inactive_reason: 'TRD_LOGIN_NO_MOBILE', mobile, code, trd_active: 1 });
    expect(active.status).toBe(200);
    expect(active.body).toMatchObject({ uid: info.uid, is_active: 1 });
    const bound = await browser.get('/api/trd-account-bind/');
    expect(bound.body.results).toEqual([expect.objectContaining({ provider: 'weixin', nickname: person })]);

    // the same person again, in another browser: the same, now active, account
    const again = new Client(server.base);
    const back = await approve(again, (await start(again, 'weixin')).href, person);
    expect((await visit(again, back, 'text/html')).status).toBe(302);
    expect(userCookie(again)).toMatchObject({ uid: info.uid, is_active: 1 });
    expect((await again.get('/api/users/0/')).body.uid).toBe(info.uid);
  });

  test.each(['qq', 'weibo', 'alipay', 'alipayh5', 'weixingzh'])('%s: the round trip through the simulator logs a new person in', async (provider) => {
    const browser = new Client(server.base);
    const url = await start(browser, provider);
    const expected = {
      qq: ['/api/dev/oauth/qq/oauth2.0/authorize', 'client_id'],
      weibo: ['/api/dev/oauth/weibo/oauth2/authorize', 'client_id'],
      alipay: ['/api/dev/oauth/alipay/oauth2/publicAppAuthorize.htm', 'app_id'],
      alipayh5: ['/api/dev/oauth/alipay/oauth2/publicAppAuthorize.htm', 'app_id'],
      weixingzh: ['/api/dev/oauth/weixin/connect/oauth2/authorize', 'appid'],
    }[provider] as [string, string];
    expect(url.pathname).toBe(expected[0]);
    expect(url.searchParams.get(expected[1])).toBeTruthy();
    const person = `${provider}-${newPhone()}`;
    const callback = await approve(browser, url.href, person);
    const landed = await visit(browser, callback);
    expect({ status: landed.status, location: landed.location }).toEqual({ status: 302, location: '/' });
    expect(userCookie(browser)).toMatchObject({ inactive_reason: 'TRD_LOGIN_NO_MOBILE', nickname: person });
    // alipay and alipayh5 are one application: the same person is the same account
    if (provider === 'alipayh5') {
      const other = new Client(server.base);
      await visit(other, await approve(other, (await start(other, 'alipay')).href, person));
      expect(userCookie(other).uid).toBe(userCookie(browser).uid);
    }
  });

  test('the state: replayed, from another browser, of another provider or missing, it is refused in Chinese', async () => {
    const browser = new Client(server.base);
    const callback = await approve(browser, (await start(browser, 'qq')).href, `replay-${newPhone()}`);
    expect((await visit(browser, callback)).status).toBe(302);
    // the same callback again: the state is spent
    const fresh = new Client(server.base);
    fresh.cookies.set('bkey', browser.cookies.get('bkey') as string);
    expectErrorBody(await visit(fresh, callback) as never, 400, 'oauth_state_invalid');

    // a state started in one browser, finished in another (login CSRF)
    const victim = new Client(server.base);
    const attacker = new Client(server.base);
    const stolen = await approve(attacker, (await start(attacker, 'weixin')).href, `attacker-${newPhone()}`);
    await visit(victim, '/api/login/weixin/'); // the victim has a browser key of its own
    const refused = await visit(victim, stolen);
    expectErrorBody(refused as never, 400, 'oauth_state_invalid');
    expect(victim.cookies.get('sessionid')).toBeUndefined();

    // a weixin state on the qq callback
    const mixed = new Client(server.base);
    const state = (await start(mixed, 'weixin')).searchParams.get('state');
    expectErrorBody(await visit(mixed, `/api/login/qq/callback/?code=abc&state=${state}`) as never, 400, 'oauth_state_invalid');
    expectErrorBody(await visit(mixed, '/api/login/qq/callback/?code=abc') as never, 400, 'oauth_state_invalid');

    // the browser gets a page, not JSON
    const page = await visit(mixed, '/api/login/qq/callback/?code=abc&state=nope', 'text/html,application/xhtml+xml');
    expect(page.status).toBe(400);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.text).toContain('登录请求已失效，请返回重新登录');
  });

  test('code exchange errors: a made-up or reused code, a refusal at the provider answer Chinese 4xx', async () => {
    const browser = new Client(server.base);
    let state = (await start(browser, 'weixin')).searchParams.get('state');
    expectErrorBody(await visit(browser, `/api/login/weixin/callback/?code=made-up&state=${state}`) as never, 400, 'trd_code_invalid');

    const callback = new URL(await approve(browser, (await start(browser, 'weibo')).href, `reuse-${newPhone()}`));
    expect((await visit(browser, callback.href)).status).toBe(302);
    // the code again, with a fresh state: the provider refuses it
    state = (await start(browser, 'weibo')).searchParams.get('state');
    callback.searchParams.set('state', state as string);
    const reused = await visit(browser, callback.href);
    expectErrorBody(reused as never, 400, 'trd_code_invalid');

    for (const provider of ['alipay', 'weibo', 'qq']) {
      const url = await start(browser, provider);
      const deny = await visit(browser, (await visit(browser, url.href, 'text/html')).text.match(/href="([^"]*\/deny\?[^"]+)"/)![1].replace(/&amp;/g, '&'));
      expect(deny.status).toBe(302);
      const denied = await visit(browser, deny.location as string);
      expectErrorBody(denied as never, 400, 'oauth_denied');
    }
  });

  test('unknown provider, bad query: Chinese 400; the simulator refuses a foreign redirect_uri', async () => {
    const browser = new Client(server.base);
    expectErrorBody(await visit(browser, '/api/login/github/') as never, 400, 'invalid');
    expectErrorBody(await visit(browser, `/api/login/qq/callback/?state=${'x'.repeat(300)}`) as never, 400, 'invalid');
    const url = await start(browser, 'weixin');
    url.searchParams.set('redirect_uri', 'https://evil.example/steal');
    const page = await visit(browser, url.href, 'text/html');
    expect(page.status).toBe(400);
    expect(isChinese(page.text)).toBe(true);
  });
});

describe('third-party login with the real providers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({
      ...accountOptions({}),
      qrOAuth: loadQrOAuthConfig({
        NODE_ENV: 'test',
        OAUTH_PROVIDER: 'real',
        SITE_ORIGIN: 'https://docs.example.com',
        WX_OPEN_APPID: 'wx1234567890abcdef',
        WX_OPEN_SECRET: 's',
        QQ_APPID: '101234567',
        QQ_APPKEY: 'k',
        WEIBO_APPKEY: '123456',
        WEIBO_SECRET: 's',
      }),
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  test('the answers point at the providers\' documented authorize pages; an unconfigured provider is 503', async () => {
    const client = new Client(server.base);
    const weixin = new URL((await client.get('/api/login/weixin/')).body.url);
    expect(`${weixin.origin}${weixin.pathname}`).toBe('https://open.weixin.qq.com/connect/qrconnect');
    expect(Object.fromEntries(weixin.searchParams)).toMatchObject({
      appid: 'wx1234567890abcdef',
      redirect_uri: 'https://docs.example.com/api/login/weixin/callback/',
      response_type: 'code',
      scope: 'snsapi_login',
    });
    const qq = new URL((await client.get('/api/login/qq/')).body.url);
    expect(`${qq.origin}${qq.pathname}`).toBe('https://graph.qq.com/oauth2.0/authorize');
    expect(qq.searchParams.get('client_id')).toBe('101234567');
    const weibo = new URL((await client.get('/api/login/weibo/')).body.url);
    expect(`${weibo.origin}${weibo.pathname}`).toBe('https://api.weibo.com/oauth2/authorize');
    expectErrorBody(await client.get('/api/login/alipay/'), 503, 'provider_unconfigured');
    expect((await fetch(`${server.base}/api/dev/oauth/weixin/connect/qrconnect`)).status).toBe(404);
  });
});
