import fc from 'fast-check';
import { accountOptions, Client, useAccountServer } from './accounts-helpers';
import { call, engines, expectErrorBody, isChinese, postJson, startServer, useEngine, type TestServer } from './helpers';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';

describe.each(engines())('site endpoints on %s', (engine) => {
  const server = useAccountServer(engine, __filename);
  const get = (path: string, headers: Record<string, string> = {}) => call(server.base, path, { headers });

  describe('GET /api/app-update/ and /api/pc-update/', () => {
    test('the update check (page 1, page_size 1) answers the newest version of the phone\'s platform', async () => {
      const android = await get('/api/app-update/?page=1&page_size=1', { 'user-agent': ANDROID });
      expect(android.status).toBe(200);
      expect(android.body).toMatchObject({ count: 3, previous: null, next: '/api/app-update/?page=2&page_size=1' });
      expect(android.body.results).toEqual([
        {
          id: expect.any(Number),
          platform: 'android',
          version: '2.4.1',
          download_url: '/static/app/wendang-2.4.1.apk',
          notes: expect.stringContaining('登录'),
          force_update: true,
          create_time: '2025-05-06T08:00:00.000Z',
        },
      ]);
      const ios = await get('/api/app-update/?page=1&page_size=1', { 'user-agent': IPHONE });
      expect(ios.body.count).toBe(2);
      expect(ios.body.results[0]).toMatchObject({ platform: 'ios', version: '2.4.0', force_update: false });
    });

    test('an explicit platform wins over the User-Agent; versions are in numeric order, newest first', async () => {
      const res = await get('/api/app-update/?platform=ios', { 'user-agent': ANDROID });
      expect(res.body.results.map((r: { version: string }) => r.version)).toEqual(['2.4.0', '2.3.0']);
      const pc = await get('/api/pc-update/?page=1&page_size=1');
      // 1.10.0 is newer than 1.8.0 although it sorts before it as text
      expect(pc.body).toMatchObject({ count: 2, results: [{ platform: 'pc', version: '1.10.0' }] });
      const all = await get('/api/pc-update/');
      expect(all.body.results.map((r: { version: string }) => r.version)).toEqual(['1.10.0', '1.8.0']);
    });

    test('bad parameters answer Chinese 400/404, never 5xx', async () => {
      expectErrorBody(await get('/api/app-update/?platform=pc'), 400, 'invalid');
      expectErrorBody(await get('/api/app-update/?page_size=0'), 400, 'invalid');
      expectErrorBody(await get('/api/pc-update/?page=9'), 404, 'invalid_page');
      expectErrorBody(await get('/api/pc-update/?page=abc'), 404, 'invalid_page');
    });
  });

  describe('POST /api/app-down-click/', () => {
    test('records the click with the visitor\'s platform and answers the download address', async () => {
      const before = await server.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM app_download_clicks');
      const res = await call(server.base, '/api/app-down-click/', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': IPHONE },
        body: JSON.stringify({ source: '/app/site/app_down', version: '2.4.0' }),
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ detail: '已记录', platform: 'ios', download_url: 'https://apps.apple.com/cn/app/id0000000000' });
      const desktop = await call(server.base, '/api/app-down-click/', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': DESKTOP },
        body: JSON.stringify({}),
      });
      expect(desktop.body).toMatchObject({ platform: 'pc', download_url: '/static/app/wendang-setup-1.10.0.exe' });
      const rows = await server.app.db.query<{ platform: string; source: string; version: string; user_id: number | null }>(
        'SELECT platform, source, version, user_id FROM app_download_clicks ORDER BY id DESC LIMIT 2',
      );
      expect(rows).toEqual([
        { platform: 'pc', source: '', version: '', user_id: null },
        { platform: 'ios', source: '/app/site/app_down', version: '2.4.0', user_id: null },
      ]);
      const after = await server.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM app_download_clicks');
      expect(after[0].n).toBe(before[0].n + 2);
    });

    test('a wrong field is a Chinese 400 and nothing is stored', async () => {
      const count = async () => (await server.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM app_download_clicks'))[0].n;
      const before = await count();
      const wrongPlatform = await postJson(server.base, '/api/app-down-click/', { platform: 'symbian' });
      expectErrorBody(wrongPlatform, 400, 'invalid');
      expect(wrongPlatform.body.errors.platform).toEqual(['平台参数不正确']);
      expectErrorBody(await postJson(server.base, '/api/app-down-click/', { source: 'x'.repeat(201) }), 400, 'invalid');
      expectErrorBody(await postJson(server.base, '/api/app-down-click/', { version: '2.4;drop' }), 400, 'invalid');
      expectErrorBody(await postJson(server.base, '/api/app-down-click/', { source: 'a\u0000b' }), 400, 'invalid');
      expectErrorBody(await postJson(server.base, '/api/app-down-click/', [1, 2]), 400, 'invalid');
      const notJson = await call(server.base, '/api/app-down-click/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
      expectErrorBody(notJson, 400, 'parse_error');
      expect(await count()).toBe(before);
    });
  });

  describe('site texts', () => {
    test.each([
      ['/api/user-agreement/', '知库文档用户服务协议', '账号注册与使用'],
      ['/api/user-privacy/', '知库文档隐私政策', '我们如何收集和使用您的个人信息'],
    ])('%s answers the seeded text', async (path, title, heading) => {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        title,
        version: '2025.06',
        effective_date: '2025-06-01',
        content: expect.stringContaining(heading),
        update_time: '2025-05-25T02:00:00.000Z',
      });
      expect(res.body.content.length).toBeGreaterThan(1500);
    });

    test('operators change a text in the database and the API answers the new one', async () => {
      await server.app.db.query("UPDATE site_documents SET version = '2025.07' WHERE kind = 'user_privacy'");
      expect((await get('/api/user-privacy/')).body.version).toBe('2025.07');
      expect((await get('/api/user-agreement/')).body.version).toBe('2025.06');
    });

    test('GET /api/sdk-list/ lists the SDKs in order, filtered by platform, paginated', async () => {
      const res = await get('/api/sdk-list/');
      expect(res.status).toBe(200);
      expect(res.body.count).toBe(9);
      expect(res.body.results[0]).toEqual({
        id: expect.any(Number),
        name: '微信开放平台 SDK',
        company: '深圳市腾讯计算机系统有限公司',
        purpose: expect.stringContaining('微信登录'),
        data_collected: expect.any(String),
        platforms: ['android', 'ios'],
        privacy_url: 'https://privacy.qq.com/',
      });
      for (const sdk of res.body.results) {
        expect(isChinese(sdk.purpose)).toBe(true);
        expect(sdk.privacy_url).toMatch(/^https:\/\//);
      }
      const ios = await get('/api/sdk-list/?platform=ios');
      expect(ios.body.count).toBe(7);
      expect(ios.body.results.every((s: { platforms: string[] }) => s.platforms.includes('ios'))).toBe(true);
      const page = await get('/api/sdk-list/?page_size=4&page=3');
      expect(page.body).toMatchObject({ count: 9, next: null, previous: '/api/sdk-list/?page_size=4&page=2' });
      expect(page.body.results).toHaveLength(1);
      expectErrorBody(await get('/api/sdk-list/?platform=windows'), 400, 'invalid');
    });

    test('a disabled SDK is no longer listed', async () => {
      await server.app.db.query("UPDATE sdk_list SET enabled = false WHERE name = '腾讯 Bugly'");
      const res = await get('/api/sdk-list/?page_size=100');
      expect(res.body.count).toBe(8);
      expect(res.body.results.map((s: { name: string }) => s.name)).not.toContain('腾讯 Bugly');
      await server.app.db.query("UPDATE sdk_list SET enabled = true WHERE name = '腾讯 Bugly'");
    });

    test('GET /api/site-icp/ answers the record numbers of the footer', async () => {
      const res = await get('/api/site-icp/');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        icp: '京ICP备00000000号-1',
        icp_url: 'https://beian.miit.gov.cn/',
        police: '',
        police_url: 'https://beian.mps.gov.cn/',
        copyright: '© 2025 知库文档 版权所有',
      });
      await server.app.db.query("UPDATE site_settings SET value = '京公网安备11000000000000号' WHERE key = 'police_number'");
      expect((await get('/api/site-icp/')).body.police).toBe('京公网安备11000000000000号');
    });
  });

  test('random bodies to the site POST routes never answer 5xx', async () => {
    const client = new Client(server.base);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/api/app-down-click/', '/api/wx-jsapi-sign/', '/api/wxmini-share-url/', '/api/report_error/'),
        fc.oneof(fc.jsonValue(), fc.record({ url: fc.string(), platform: fc.string(), source: fc.string(), message: fc.string() }, { requiredKeys: [] })),
        async (path, body) => {
          const res = await client.post(path, body);
          expect(res.status).toBeLessThan(500);
          if (res.status >= 400) expect(isChinese(res.body.message)).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe.each(engines())('POST /api/report_error/ limits on %s', (engine) => {
  const db = useEngine(engine, __filename);
  let server: TestServer;

  beforeAll(async () => {
    const options = accountOptions(db.options());
    server = await startServer({ ...options, rateLimits: { ...options.rateLimits, 'client-report': [{ max: 3, windowMs: 60_000 }] } });
  });
  afterAll(async () => {
    await server?.close();
  });

  test('size caps: a body over 64 KiB is 413, a field over its cap is 400; nothing is stored', async () => {
    const big = await postJson(server.base, '/api/report_error/', { message: 'x', stack: 'y'.repeat(70 * 1024) });
    expectErrorBody(big, 413, 'payload_too_large');
    const long = await postJson(server.base, '/api/report_error/', { message: 'x'.repeat(2001) });
    expectErrorBody(long, 400, 'invalid');
    const rows = await server.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM client_error_reports');
    expect(rows[0].n).toBe(0);
  });

  test('one address is limited per minute: the request over the limit is 429 with Retry-After, and not stored', async () => {
    // the two refused requests above counted too (the limiter counts before the body is read): one left
    const ok = await postJson(server.base, '/api/report_error/', { message: 'TypeError: x is undefined', type: 'TypeError /' });
    expect(ok.status).toBe(201);
    const over = await postJson(server.base, '/api/report_error/', { message: 'again' });
    expectErrorBody(over, 429, 'throttled');
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    const rows = await server.app.db.query<{ message: string }>('SELECT message FROM client_error_reports');
    expect(rows).toEqual([{ message: 'TypeError: x is undefined' }]);
  });
});
