import { call, engines, expectErrorBody, startServer, useEngine, type TestServer } from './helpers';

const PATH = '/api/app-version-detail/';

interface Version {
  id: number;
  platform: string;
  version: string;
  download_url: string;
  notes: string;
  force_update: boolean;
  create_time: string;
}

describe.each(engines())('GET /api/app-version-detail/ on %s', (engine) => {
  const db = useEngine(engine, __filename);
  let server: TestServer;
  const get = (query = '') => call(server.base, PATH + query);

  beforeAll(async () => {
    server = await startServer(db.options());
    // 100 more rows so that pages, the page_size cap and ordering have something to work on (107 in all:
    // android 37, ios 35, pc 35)
    const values = Array.from({ length: 100 }, (_, i) => {
      const platform = ['android', 'ios', 'pc'][i % 3];
      return `('${platform}', '3.${i}.0', '/static/app/t-${i}', '测试版本 ${i}', ${i % 7 === 0}, ` +
        `timestamptz '2026-01-01 00:00:00+08' + interval '${i} hours')`;
    });
    await server.app.db.query(
      `INSERT INTO app_versions (platform, version, download_url, notes, force_update, create_time)
       VALUES ${values.join(', ')}`,
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  test('first page with the defaults: 20 rows, newest first, a next link and no previous', async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.count).toBe(107);
    expect(res.body.results).toHaveLength(20);
    expect(res.body.previous).toBeNull();
    expect(res.body.next).toBe(`${PATH}?page=2`);
    const times = res.body.results.map((r: Version) => Date.parse(r.create_time));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(res.body.results[0]).toEqual({
      id: expect.any(Number),
      platform: 'android',
      version: '3.99.0',
      download_url: '/static/app/t-99',
      notes: '测试版本 99',
      force_update: false,
      create_time: '2026-01-04T19:00:00.000Z', // 2026-01-01 00:00+08 plus 99 hours
    });
  });

  test('seed rows carry Chinese notes', async () => {
    const res = await get('?platform=android&ordering=create_time&page_size=1');
    expect(res.body.results[0]).toMatchObject({ platform: 'android', version: '2.3.0' });
    expect(res.body.results[0].notes).toMatch(/[\u4e00-\u9fff]/);
  });

  test('next and previous keep the other query parameters; page 1 link drops page', async () => {
    const page2 = await get('?platform=android&page_size=5&page=2');
    expect(page2.status).toBe(200);
    expect(page2.body.count).toBe(37);
    expect(page2.body.results).toHaveLength(5);
    expect(page2.body.next).toBe(`${PATH}?platform=android&page_size=5&page=3`);
    expect(page2.body.previous).toBe(`${PATH}?platform=android&page_size=5`);

    const page3 = await call(server.base, page2.body.next);
    expect(page3.status).toBe(200);
    expect(page3.body.previous).toBe(`${PATH}?platform=android&page_size=5&page=2`);

    const last = await get('?platform=android&page_size=5&page=8');
    expect(last.status).toBe(200);
    expect(last.body.results).toHaveLength(2);
    expect(last.body.next).toBeNull();
    expect(last.body.previous).toBe(`${PATH}?platform=android&page_size=5&page=7`);

    // walking the links visits every row exactly once
    const seen: number[] = [];
    let link: string | null = `${PATH}?platform=android&page_size=4`;
    while (link) {
      const page = await call(server.base, link);
      seen.push(...page.body.results.map((r: Version) => r.id));
      link = page.body.next;
    }
    expect(seen).toHaveLength(37);
    expect(new Set(seen).size).toBe(37);
  });

  test("page=last is the last page (DRF)", async () => {
    const res = await get('?page_size=10&page=last');
    expect(res.status).toBe(200);
    expect(res.body.results).toHaveLength(7);
    expect(res.body.next).toBeNull();
    expect(res.body.previous).toBe(`${PATH}?page_size=10&page=10`);
  });

  test.each(['12', '0', '-1', 'abc', '1.5', '99999999999999999999'])(
    'page=%s outside the list answers 404 invalid_page',
    async (page) => {
      const res = await get(`?page_size=10&page=${page}`);
      expectErrorBody(res, 404, 'invalid_page');
      expect(res.body).toEqual({ message: '页码无效', code: 'invalid_page' });
    },
  );

  test('page_size is capped at 100', async () => {
    const res = await get('?page_size=1000');
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(107);
    expect(res.body.results).toHaveLength(100);
    expect(res.body.next).toBe(`${PATH}?page_size=1000&page=2`);
    const rest = await call(server.base, res.body.next);
    expect(rest.body.results).toHaveLength(7);
    const capped = await get('?page_size=101&page=1');
    expect(capped.body.results).toHaveLength(100);
    expect((await get('?page_size=100')).body.results).toHaveLength(100);
  });

  test.each(['abc', '0', '-5', '2.5', ''])('page_size=%p answers 400 with a Chinese field error', async (size) => {
    const res = await get(`?page_size=${size}`);
    expectErrorBody(res, 400, 'invalid');
    expect(Object.keys(res.body.errors)).toEqual(['page_size']);
    expect(res.body.errors.page_size[0]).toMatch(/[\u4e00-\u9fff]/);
  });

  test('platform filter', async () => {
    for (const platform of ['android', 'ios', 'pc']) {
      const res = await get(`?platform=${platform}&page_size=100`);
      expect(res.status).toBe(200);
      expect(res.body.results.length).toBeGreaterThan(0);
      expect(res.body.count).toBe(res.body.results.length);
      expect(res.body.results.every((r: Version) => r.platform === platform)).toBe(true);
    }
    const total = await Promise.all(['android', 'ios', 'pc'].map((p) => get(`?platform=${p}`)));
    expect(total.map((r) => r.body.count)).toEqual([37, 35, 35]);
  });

  test('an unknown platform answers 400 in Chinese without echoing the input', async () => {
    const res = await get('?platform=%3Cimg%20src%3Dx%3E');
    expectErrorBody(res, 400, 'invalid');
    expect(res.body.errors).toEqual({ platform: ['不是合法选项，可选：android、ios、pc。'] });
    expect(JSON.stringify(res.body)).not.toContain('img');
  });

  test('ordering by create_time ascending and descending', async () => {
    const asc = await get('?platform=android&ordering=create_time&page_size=100');
    const desc = await get('?platform=android&ordering=-create_time&page_size=100');
    const ascIds = asc.body.results.map((r: Version) => r.id);
    const descIds = desc.body.results.map((r: Version) => r.id);
    expect(ascIds).toHaveLength(37);
    expect(descIds).toEqual([...ascIds].reverse());
    const times = asc.body.results.map((r: Version) => Date.parse(r.create_time));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  test('ordering by version is numeric, not alphabetical (1.10.0 after 1.8.0)', async () => {
    const res = await get('?platform=pc&ordering=version&page_size=100');
    const versions = res.body.results.map((r: Version) => r.version);
    expect(versions.slice(0, 2)).toEqual(['1.8.0', '1.10.0']);
    expect(versions.indexOf('3.2.0')).toBeLessThan(versions.indexOf('3.11.0'));
  });

  test.each(['id', 'notes', 'create_time;drop table app_versions', '--create_time', 'version,bogus'])(
    'ordering=%p outside the whitelist answers 400 in Chinese',
    async (ordering) => {
      const res = await get(`?ordering=${encodeURIComponent(ordering)}`);
      expectErrorBody(res, 400, 'invalid');
      expect(Object.keys(res.body.errors)).toEqual(['ordering']);
      expect(res.body.errors.ordering[0]).toContain('create_time');
      expect((await get()).body.count).toBe(107);
    },
  );

  test('unknown query parameters are ignored (DRF) and kept in the links', async () => {
    const res = await get('?utm_source=app&page_size=30');
    expect(res.status).toBe(200);
    expect(res.body.next).toBe(`${PATH}?utm_source=app&page_size=30&page=2`);
  });

  test('update query of the client: page 1, page_size 1, one platform', async () => {
    const res = await get('?platform=android&page=1&page_size=1');
    expect(res.status).toBe(200);
    expect(res.body.results).toHaveLength(1);
    expect(res.body.results[0].version).toBe('3.99.0');
    expect(res.body.previous).toBeNull();
    expect(res.body.next).toBe(`${PATH}?platform=android&page=2&page_size=1`);
  });

  // last: it empties one platform
  test('an empty list still has page 1, but no page 2', async () => {
    await server.app.db.query("DELETE FROM app_versions WHERE platform = 'ios'");
    const res = await get('?platform=ios');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: 0, next: null, previous: null, results: [] });
    expectErrorBody(await get('?platform=ios&page=2'), 404, 'invalid_page');
  });
});
