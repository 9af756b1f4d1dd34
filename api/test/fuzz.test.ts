import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { TEST_DEV_ROUTES_TOKEN } from '../src/core/config';
import { Client, registeredClient, useAccountServer } from './accounts-helpers';
import { engines, isChinese } from './helpers';

/** The accounts half of issue 4, with the ids its paths take (own, other, none, absurd). */
const ACCOUNT_ROUTES = [
  '/api/public-key/', '/api/codes/', '/api/token/', '/api/login-code/', '/api/wxminiapp-login/', '/api/logout/',
  '/api/users/', '/api/users/0/', '/api/users/1/', '/api/users/-1/', '/api/users/99999999999999999999/',
  '/api/users/1.5/', '/api/users-activate/', '/api/users-delete/', '/api/mobile/check/', '/api/change-mobile/',
  '/api/email-verify/', '/api/email-change/', '/api/pwd_protection_question/', '/api/pwd_protection_answer/',
  '/api/pwd_protection_answer/0/', '/api/trd-account-bind/', '/api/login-history/', '/api/login-devices/',
  '/api/login-devices/1/', '/api/login-devices/0/', '/api/login-devices/abc/', '/api/dev/outbox/', '/api/openapi.json',
  '/api/account-proof/', '/api/login-devices/sign-out-others/',
  '/api/qrcode/', '/api/qrcode/scan/', '/api/qrcode/confirm/', '/api/login/weixin/', '/api/login/alipay/', '/api/login/nope/',
  '/api/dev/wxgzh/scan/', '/api/dev/oauth/weixin/connect/qrconnect', '/api/dev/oauth/approve', '/api/dev/oauth/deny',
  '/api/login/qq/callback/', '/api/login/alipay/callback/', '/api/login/nope/callback/', '/api/trd-account-bind/qq/',
  '/api/trd-account-bind/alipayh5/', '/api/trd-account-bind/nope/', '/api/trd-account-bind/weibo/authorize/',
  '/api/trd-account-bind/weixin_miniapp/authorize/', '/api/dev/staff-role/', '/api/dev/assign-doc/', '/api/staff/settings/coins/',
  '/api/notifications/', '/api/notifications/unread_count/', '/api/notifications/1/', '/api/notifications/1/read/',
  '/api/notifications/read_all/', '/api/notifications/settings/', '/api/staff/announcements/',
  '/api/staff/settings/pay/', '/api/staff/price-policy/', '/api/staff/price-policy/1/', '/api/staff/price-policy/abc/',
  '/api/activity-info/', '/api/activity-info/1/', '/api/activity-info/abc/', '/api/activity-parti/', '/api/activity-parti/1/',
  '/api/theme-parti/', '/api/invite-code-valid/12345/', '/api/invite-code-valid/1a/', '/api/invite-code/', '/api/invite-code/invitees/',
  '/api/red-packets/', '/api/red-packets/1/', '/api/red-packets/1/open/', '/api/staff/activities/', '/api/staff/activities/1/',
  '/api/staff/red-packets/',
  '/api/upload-setting/', '/api/upload-sessions/', '/api/upload-sessions/00000000-0000-4000-8000-000000000000/',
  '/api/upload-sessions/abc/', '/api/docs/', '/api/docs/1/', '/api/docs/abc/', '/api/docs/1/retry/', '/api/my-docs/',
  '/api/my-docs/1/', '/api/my-docs/progress/', '/api/staff/docs/', '/api/staff/docs/1/approve/', '/api/staff/docs/1/reject/',
  '/api/staff/settings/uploads/', '/api/img-storage/', '/api/img-storage/1/', '/api/docs-cover/1/',
  '/api/blogs/', '/api/blogs/1/', '/api/blogs/abc/', '/api/blogs/1/submit/', '/api/my-blogs/', '/api/my-blogs/1/',
  '/api/staff/blogs/', '/api/staff/blogs/1/approve/', '/api/staff/blogs/1/reject/',
  '/api/staff/comments/', '/api/staff/comments/1/hide/', '/api/staff/comments/1/show/', '/api/staff/comments/abc/hide/',
];
/** The account routes with their methods, for requests that reach a handler. */
const ACCOUNT_ENDPOINTS: [string, string][] = [
  ['GET', '/api/public-key/'], ['POST', '/api/codes/'], ['POST', '/api/token/'], ['POST', '/api/login-code/'],
  ['POST', '/api/wxminiapp-login/'], ['POST', '/api/logout/'], ['POST', '/api/users/'], ['GET', '/api/users/0/'],
  ['GET', '/api/users/1/'], ['GET', '/api/users/99999999999999999999/'], ['PATCH', '/api/users/0/'],
  ['PATCH', '/api/users/1/'], ['PATCH', '/api/users/-1/'], ['POST', '/api/users-activate/'],
  ['POST', '/api/users-delete/'], ['POST', '/api/mobile/check/'], ['POST', '/api/change-mobile/'],
  ['POST', '/api/email-verify/'], ['POST', '/api/email-change/'], ['GET', '/api/pwd_protection_question/'],
  ['POST', '/api/pwd_protection_answer/'], ['PUT', '/api/pwd_protection_answer/0/'], ['GET', '/api/trd-account-bind/'],
  ['POST', '/api/trd-account-bind/'], ['GET', '/api/login-history/'], ['GET', '/api/login-devices/'],
  ['DELETE', '/api/login-devices/1/'], ['DELETE', '/api/login-devices/abc/'], ['GET', '/api/dev/outbox/'],
  ['POST', '/api/account-proof/'], ['POST', '/api/login-devices/sign-out-others/'],
  ['POST', '/api/qrcode/'], ['GET', '/api/qrcode/'], ['POST', '/api/qrcode/scan/'], ['POST', '/api/qrcode/confirm/'],
  ['GET', '/api/login/qq/'], ['POST', '/api/dev/wxgzh/scan/'], ['GET', '/api/dev/oauth/approve'],
  ['GET', '/api/login/qq/callback/'], ['GET', '/api/login/alipayh5/callback/'], ['GET', '/api/login/nope/callback/'],
  ['POST', '/api/trd-account-bind/weibo/authorize/'], ['POST', '/api/trd-account-bind/nope/authorize/'],
  ['DELETE', '/api/trd-account-bind/qq/'], ['DELETE', '/api/trd-account-bind/weixin_miniapp/'],
  ['DELETE', '/api/trd-account-bind/nope/'], ['POST', '/api/dev/staff-role/'], ['POST', '/api/dev/assign-doc/'],
  ['GET', '/api/staff/settings/coins/'], ['PATCH', '/api/staff/settings/coins/'], ['PATCH', '/api/staff/settings/pay/'],
  ['POST', '/api/staff/price-policy/'], ['PATCH', '/api/staff/price-policy/1/'],
  ['GET', '/api/activity-info/'], ['GET', '/api/activity-info/1/'], ['GET', '/api/activity-parti/'], ['POST', '/api/activity-parti/'],
  ['POST', '/api/theme-parti/'], ['GET', '/api/invite-code-valid/12345/'], ['GET', '/api/invite-code/'], ['GET', '/api/red-packets/'],
  ['POST', '/api/red-packets/'], ['POST', '/api/red-packets/1/open/'], ['POST', '/api/staff/activities/'], ['PATCH', '/api/staff/activities/1/'],
  ['POST', '/api/staff/red-packets/'],
  ['GET', '/api/upload-setting/'], ['POST', '/api/upload-sessions/'], ['PUT', '/api/upload-sessions/00000000-0000-4000-8000-000000000000/'],
  ['DELETE', '/api/upload-sessions/00000000-0000-4000-8000-000000000000/'], ['POST', '/api/docs/'], ['PATCH', '/api/docs/1/'],
  ['DELETE', '/api/docs/1/'], ['POST', '/api/docs/1/retry/'], ['GET', '/api/my-docs/'], ['GET', '/api/my-docs/1/'],
  ['GET', '/api/my-docs/progress/'], ['GET', '/api/staff/docs/'], ['POST', '/api/staff/docs/1/reject/'],
  ['PATCH', '/api/staff/settings/uploads/'], ['POST', '/api/img-storage/'], ['GET', '/api/img-storage/1/'],
  ['POST', '/api/blogs/'], ['PATCH', '/api/blogs/1/'], ['DELETE', '/api/blogs/1/'], ['POST', '/api/blogs/1/submit/'],
  ['GET', '/api/my-blogs/'], ['GET', '/api/my-blogs/1/'], ['GET', '/api/staff/blogs/'], ['POST', '/api/staff/blogs/1/approve/'],
  ['POST', '/api/staff/blogs/1/reject/'],
  ['GET', '/api/staff/comments/'], ['POST', '/api/staff/comments/1/hide/'], ['POST', '/api/staff/comments/1/show/'],
  ['GET', '/api/notifications/'], ['GET', '/api/notifications/unread_count/'], ['GET', '/api/notifications/1/'],
  ['POST', '/api/notifications/1/read/'], ['POST', '/api/notifications/read_all/'], ['DELETE', '/api/notifications/1/'],
  ['GET', '/api/notifications/settings/'], ['PUT', '/api/notifications/settings/'], ['POST', '/api/staff/announcements/'],
];
/** Every route of the server, plus paths that are almost routes. */
const ROUTES = ['/api/health/', '/api/app-version-detail/', '/api/report_error/', '/api/feedback/', ...ACCOUNT_ROUTES];
const PATHS = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...ROUTES) },
  fc.constantFrom('/api/health', '/api/', '/api/app-version-detail/1/', '/', '/api/report_error/x/', '/api//health/'),
  fc.stringMatching(/^\/api\/[a-z_%0-9.-]{0,20}\/?$/),
);
const METHODS = fc.constantFrom('GET', 'GET', 'GET', 'POST', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD');

const anyText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom('', '0', '-1', '1', '2', '100', '101', '1e3', 'last', 'null', 'NaN', '１', '一', ' 1', '1 ',
    'android', 'ios', 'pc', 'create_time', '-create_time', 'version', '-version', '\u0000', "'; --"),
);
const QUERY_KEYS = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('page', 'page_size', 'ordering', 'platform', 'mobile', 'country_code', 'email', 'limit',
    'type', 'token', 'action', 'state', 'code', 'auth_code', 'family', 'redirect_uri') },
  fc.string({ maxLength: 10 }),
  fc.constantFrom('__proto__', 'constructor', 'page[]', 'page.0'),
);
const QUERY = fc
  .tuple(
    fc.array(fc.tuple(QUERY_KEYS, anyText), { maxLength: 5 }),
    fc.constantFrom('', '', '', '&', '%', '%zz', '%00', '%ff', '=', '&&=&', '+', 'page=%E4'),
  )
  .map(([pairs, raw]) => {
    const params = new URLSearchParams();
    for (const [k, v] of pairs) params.append(k, v);
    const text = [params.toString(), raw].filter(Boolean).join('&');
    return text ? `?${text}` : '';
  });

const HEADER_TEXT = fc.string({ unit: fc.integer({ min: 0x20, max: 0xfe }).map((c) => String.fromCharCode(c === 0x7f ? 0xff : c)), maxLength: 40 })
  .map((s) => s.trim());
const HEADERS = fc.record(
  {
    'content-type': fc.oneof(
      fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'application/xml',
        'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded', 'application/json; charset=latin1',
        'APPLICATION/JSON', 'application/jsonx', '*/*'),
      HEADER_TEXT,
    ),
    accept: fc.oneof(fc.constantFrom('application/json', 'text/html', '*/*'), HEADER_TEXT),
    'accept-language': fc.oneof(fc.constantFrom('zh-CN,zh;q=0.9', 'en'), HEADER_TEXT),
    'user-agent': HEADER_TEXT,
    cookie: HEADER_TEXT,
    'x-forwarded-for': HEADER_TEXT,
    'x-requested-with': HEADER_TEXT,
  },
  { requiredKeys: [] },
);
/** Values for the account fields: plausible ones (mostly), wrong types, edge cases. */
const accountValue = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom('13800138000', '+86 138 0013 8000', '8613800138000', '+1 2025550123', '123456', '000000',
      'REGISTER', 'LOGIN', 'FIND_PWD', 'TRD_ACTIVE', 1, 2, 3, 4, 86, '86', 'male', 'female', 'bind', 'unbind',
      'weixin_miniapp', 'qq', 'wx.1', 'TRD_LOGIN_NO_MOBILE', 'CODE_LOGIN_NO_PASSWORD', 'POST_SPAM_COMMENTS', 'a@b.cn',
      'A'.repeat(344), 'login', 'wxgzh_login', 'PC', 'A'.repeat(32), '昵称', '/avatar.png', 'https://x.cn/a.png',
      [{ question_id: 1, answer: 'a' }, { question_id: 2, answer: 'b' }, { question_id: 3, answer: 'c' }],
      [{ question_id: 1, answer: 'a' }, { question_id: 1, answer: ' ' }, { question_id: 999, answer: 'c' }], true),
  },
  anyText,
  fc.jsonValue({ maxDepth: 2 }),
  fc.integer(),
  fc.constantFrom('x'.repeat(2000), null, -1, 1e308, '\u0000', [], {}),
);
const ACCOUNT_FIELDS = ['username', 'mobile', 'password', 'old_password', 'code', 'login_type', 'platform', 'country_code',
  'reason', 'nickname', 'gender', 'intro', 'avatar', 'modify_type', 'inactive_reason', 'email', 'action', 'answers',
  'old_answers', 'provider', 'share_app_key', 'trd_active', 'type', 'token', 'device', 'person', 'captcha_key', 'captcha_value'];
/** A JSON object of up to five account fields (few enough that some bodies pass validation and reach a handler). */
const ACCOUNT_BODY = fc
  .uniqueArray(fc.tuple(fc.constantFrom(...ACCOUNT_FIELDS), accountValue), { maxLength: 5, selector: ([k]) => k })
  .map((pairs) => JSON.stringify(Object.fromEntries(pairs)));

const BODY = fc.oneof(
  { weight: 3, arbitrary: ACCOUNT_BODY },
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc
    .record(
      { message: anyText, stack: anyText, type: anyText, route: anyText, extra: fc.jsonValue({ maxDepth: 2 }) },
      { requiredKeys: [] },
    )
    .map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 60 }),
  fc.constantFrom('{', '{"message":', '[', 'null', '""', '{"__proto__":{"x":1}}', '{"message":"\\ud800"}'),
  fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
);

/**
 * node:http rather than fetch: fetch (undici) refuses some header values a real client may still send
 * (empty values, Latin-1 text), and those are exactly the ones to try.
 */
function rawRequest(
  base: string,
  method: string,
  pathAndQuery: string,
  headers: Record<string, string>,
  body?: string | Buffer,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  return new Promise((resolve, reject) => {
    const allHeaders = body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) };
    // a connection per request: one broken exchange must not poison the next
    const { hostname, port } = new URL(base);
    // `path` as given: a URL object would normalise '/api/..' before sending it
    const options = { hostname, port, path: pathAndQuery, method, headers: allHeaders, agent: false };
    const req = httpRequest(options, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * A 4xx answer: JSON `{message (Chinese), code}`, or, from the OAuth callback to a browser that asked for HTML, a
 * Chinese page that names the code.
 */
function expectErrorAnswer(res: { headers: Record<string, string | string[] | undefined>; text: string }): void {
  if (String(res.headers['content-type']).startsWith('text/html')) {
    expect(isChinese(res.text)).toBe(true);
    expect(res.text).toMatch(/data-code="[a-z_]+"/);
    return;
  }
  const parsed = JSON.parse(res.text) as { message?: unknown; code?: unknown };
  expect(isChinese(parsed.message)).toBe(true);
  expect(typeof parsed.code).toBe('string');
}

const REQUEST = fc.record({
  method: METHODS,
  path: PATHS,
  query: QUERY,
  headers: HEADERS,
  body: fc.option(BODY, { nil: undefined }),
  // the dev-only routes answer 404 without their token (dev-routes-access.test.ts): mostly send it, so that their
  // input checks are fuzzed too
  devToken: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, fc.constant(false)),
});

describe.each(engines())('random requests on %s', (engine) => {
  // limits high enough that the routes are reached (429s are checked in rate-limit.test.ts)
  const server = useAccountServer(engine, __filename);

  test('never a 5xx; every 4xx carries a Chinese message and a code', async () => {
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(REQUEST, async ({ method, path, query, headers, body, devToken }) => {
        const hasBody = body !== undefined && method !== 'GET' && method !== 'HEAD';
        const sent = devToken && path.startsWith('/api/dev/') ? { ...headers, 'x-dev-token': TEST_DEV_ROUTES_TOKEN } : headers;
        const res = await rawRequest(server.base, method, path + query, sent, hasBody ? body : undefined);
        answered += 1;
        expect(res.status).toBeLessThan(500);
        if (res.status >= 400 && method !== 'HEAD') {
          expectErrorAnswer(res);
          if (path.startsWith('/api/')) expect(res.headers['cache-control']).toBe('no-store');
        }
      }),
      { numRuns: 300 },
    );
    expect(answered).toBeGreaterThanOrEqual(300);
  });

  test('account routes with a logged-in session: never a 5xx; every 4xx carries a Chinese message and a code', async () => {
    let user = await registeredClient(server.base);
    let renewed = 0;
    const LOGGED_IN = fc.record({
      endpoint: fc.constantFrom(...ACCOUNT_ENDPOINTS),
      query: QUERY,
      body: fc.oneof({ weight: 8, arbitrary: ACCOUNT_BODY }, { weight: 2, arbitrary: BODY }),
      csrf: fc.oneof({ weight: 9, arbitrary: fc.constant<string | null>(null) }, HEADER_TEXT),
    });
    await fc.assert(
      fc.asyncProperty(LOGGED_IN, async ({ endpoint: [method, path], query, body, csrf }) => {
        const sendsBody = method !== 'GET' && method !== 'DELETE';
        const headers: Record<string, string> = {
          cookie: user.client.cookieHeader(),
          'x-csrftoken': csrf ?? user.client.cookies.get('csrftoken') ?? '',
          ...(sendsBody ? { 'content-type': 'application/json' } : {}),
          ...(path.startsWith('/api/dev/') ? { 'x-dev-token': TEST_DEV_ROUTES_TOKEN } : {}),
        };
        const res = await rawRequest(server.base, method, path + query, headers, sendsBody ? body : undefined);
        expect(res.status).toBeLessThan(500);
        if (res.status >= 400) {
          const parsed = JSON.parse(res.text) as { message?: unknown; code?: unknown };
          expect(isChinese(parsed.message)).toBe(true);
          expect(typeof parsed.code).toBe('string');
          // logged out, revoked or deleted by a random request that happened to be valid: a new account
          if (parsed.code === 'not_authenticated') {
            user = await registeredClient(server.base);
            renewed += 1;
          }
        }
      }),
      { numRuns: 400 },
    );
    expect(renewed).toBeLessThan(400);
    expect((await new Client(server.base).get('/api/health/')).status).toBe(200);
  });

  test('the OAuth callback with a live state (login or bind) and random codes: a 302 or a Chinese 4xx, never a 5xx', async () => {
    const user = await registeredClient(server.base);
    const CALLBACK = fc.record({
      provider: fc.constantFrom('weixin', 'weixingzh', 'qq', 'weibo', 'alipay', 'alipayh5'),
      bind: fc.boolean(),
      // mostly a code where the provider puts it, so that the exchange with the provider is reached
      code: fc.option(anyText, { freq: 5, nil: undefined }),
      params: fc.array(fc.tuple(fc.constantFrom('code', 'auth_code', 'state', 'error', 'x'), anyText), { maxLength: 2 }),
      accept: fc.constantFrom('application/json', 'text/html', '*/*'),
    });
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(CALLBACK, async ({ provider, bind, code, params, accept }) => {
        // a fresh state of this browser: the callback gets past the state check to the code exchange
        const started = bind
          ? await user.client.post(`/api/trd-account-bind/${provider}/authorize/`)
          : await user.client.get(`/api/login/${provider}/`);
        expect(started.status).toBe(200);
        const query = new URLSearchParams([['state', new URL(started.body.url).searchParams.get('state') as string], ...params]);
        if (code !== undefined) query.append(provider.startsWith('alipay') ? 'auth_code' : 'code', code);
        const res = await rawRequest(server.base, 'GET', `/api/login/${provider}/callback/?${query}`, {
          cookie: user.client.cookieHeader(),
          accept,
        });
        statuses.add(res.status);
        expect(res.status).toBeLessThan(500);
        if (res.status >= 400) expectErrorAnswer(res);
        else expect(res.status).toBe(302);
      }),
      { numRuns: 60 },
    );
    expect([...statuses].some((s) => s >= 400)).toBe(true);
  });

  test('the list route under random query strings: a page or a Chinese 400/404', async () => {
    await fc.assert(
      fc.asyncProperty(QUERY, async (query) => {
        const res = await fetch(`${server.base}/api/app-version-detail/${query}`);
        const body = (await res.json()) as Record<string, unknown>;
        expect([200, 400, 404]).toContain(res.status);
        if (res.status === 200) {
          expect(Object.keys(body)).toEqual(['count', 'next', 'previous', 'results']);
          expect(Array.isArray(body.results)).toBe(true);
          expect((body.results as unknown[]).length).toBeLessThanOrEqual(100);
        } else {
          expect(isChinese(body.message)).toBe(true);
          expect(['invalid', 'invalid_page']).toContain(body.code);
        }
      }),
      { numRuns: 300 },
    );
  });
});
