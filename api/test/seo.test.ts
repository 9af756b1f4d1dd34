import fc from 'fast-check';
import { SaxesParser } from 'saxes';
import { ROUTES } from '../../shared-kernel/src/routing/route-table';
import { PUBLIC_PAGES, ROBOTS_ALLOW, ROBOTS_DISALLOW } from '../src/modules/seo/services/pages';
import { Sitemaps } from '../src/modules/seo/services/sitemaps';
import { urlset } from '../src/modules/seo/services/xml';
import type { Db } from '../src/core/db';
import { accountOptions, registeredClient } from './accounts-helpers';
import { call, engines, startServer, useEngine, type TestServer } from './helpers';

const ORIGIN = 'https://wendang.example';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const PAGE_SIZE = 50;

interface Entry {
  loc: string;
  lastmod: string | null;
}

/**
 * Parses a sitemap with a strict XML parser (saxes: any error of well-formedness or namespaces throws) and reads
 * its entries, checking the shape: the root in the sitemaps.org namespace, entries of loc and lastmod only.
 */
function entriesOf(text: string, root: 'urlset' | 'sitemapindex'): Entry[] {
  const parser = new SaxesParser({ xmlns: true });
  const tag = root === 'urlset' ? 'url' : 'sitemap';
  const path: string[] = [];
  const entries: Entry[] = [];
  let value = '';
  parser.on('error', (err) => {
    throw err;
  });
  parser.on('opentag', (node) => {
    expect(node.uri).toBe(NS);
    path.push(node.local);
    value = '';
    if (path.length === 2) entries.push({ loc: '', lastmod: null });
  });
  parser.on('text', (t) => (value += t));
  parser.on('closetag', (node) => {
    const where = path.join('/');
    if (path.length === 3) {
      expect([`${root}/${tag}/loc`, `${root}/${tag}/lastmod`]).toContain(where);
      entries[entries.length - 1][node.local as 'loc' | 'lastmod'] = value;
    } else {
      expect([root, `${root}/${tag}`]).toContain(where);
    }
    path.pop();
  });
  parser.write(text).close();
  return entries;
}

/** Google's rule: the longest matching path wins, Allow on a tie; no rule: allowed. */
function robotsAllows(path: string): boolean {
  const rules = [...ROBOTS_ALLOW.map((p) => ({ p, allow: true })), ...ROBOTS_DISALLOW.map((p) => ({ p, allow: false }))];
  const matching = rules.filter((r) => path.startsWith(r.p)).sort((a, b) => b.p.length - a.p.length || Number(b.allow) - Number(a.allow));
  return matching.length === 0 || matching[0].allow;
}

const hourOf = (g: number) => new Date(Date.UTC(2026, 0, 1) + g * 3_600_000).toISOString().slice(0, 19) + 'Z';
const docUrl = (id: number) => `${ORIGIN}/app/articles/docs/detail/${id}`;

describe('robots.txt rules against the front end route table', () => {
  const concrete = (path: string) => path.replace(/:[a-z]+/g, '1');

  test('every page that needs login or staff is disallowed; the reading pages are allowed', () => {
    for (const route of ROUTES) {
      if (route.needLog || route.staff) expect({ route: route.name, allowed: robotsAllows(concrete(route.path)) }).toEqual({ route: route.name, allowed: false });
      if (route.remote === 'mf-articles') expect({ route: route.name, allowed: robotsAllows(concrete(route.path)) }).toEqual({ route: route.name, allowed: true });
    }
    // the public pages robots.txt keeps out on purpose (docs/seo.md): account forms, one person's pages, tools
    const closedPublic = ROUTES.filter((r) => !r.needLog && !r.staff && !robotsAllows(concrete(r.path))).map((r) => r.name).sort();
    expect(closedPublic).toEqual(
      ['activity.redPackets', 'blank.blank', 'guest.pay.order', 'site.feedback', 'site.qrcode', 'test', 'user.docs.upload',
        'user.findpwd.mobile', 'user.login.code', 'user.login.mobile', 'user.myreport.list', 'user.reg.mobile',
        'user.setting.account.bindMobile'].sort(),
    );
    expect(robotsAllows('/api/docs/1/')).toBe(false);
    expect(robotsAllows('/app/user/collect/folder/7')).toBe(true);
  });

  test("the sitemap's page paths are the route table's public pages", () => {
    const byPath = new Map(ROUTES.map((r) => [r.path, r]));
    const pages: [string, string][] = [
      [PUBLIC_PAGES.home(), '/'],
      [PUBLIC_PAGES.categoryList(), '/app/articles/cate/list'],
      [PUBLIC_PAGES.categoryDetail(7), '/app/articles/cate/detail/:id'],
      [PUBLIC_PAGES.docList(7), '/app/articles/docs/list/:id'],
      [PUBLIC_PAGES.blogList(7), '/app/articles/blogs/list/:id'],
      [PUBLIC_PAGES.docDetail(7), '/app/articles/docs/detail/:id'],
      [PUBLIC_PAGES.blogDetail(7), '/app/articles/blogs/detail/:id'],
    ];
    for (const [path, pattern] of pages) {
      expect(path).toBe(pattern.replace(':id', '7'));
      expect(byPath.get(pattern)).toMatchObject({ needLog: false, staff: false });
      expect(robotsAllows(path)).toBe(true);
    }
  });

  test('values are escaped: a location with &, <, >, quotes reads back the same through an XML parser', () => {
    const loc = `${ORIGIN}/a?b=1&c=<2>"'3'`;
    expect(entriesOf(urlset([{ loc, lastmod: '2026-01-01T00:00:00Z' }]), 'urlset')).toEqual([{ loc, lastmod: '2026-01-01T00:00:00Z' }]);
    // the check itself: an unescaped value, or another namespace, does not pass
    expect(() => entriesOf(`<urlset xmlns="${NS}"><url><loc>${loc}</loc></url></urlset>`, 'urlset')).toThrow();
    expect(() => entriesOf('<urlset><url><loc>x</loc></url></urlset>', 'urlset')).toThrow();
  });
});

describe('the cut of the pages is kept for cacheMs', () => {
  test('concurrent callers share one query; a fresh one after cacheMs; a failed one is not kept', async () => {
    let queries = 0;
    let fail = false;
    const db = {
      query: async () => {
        queries += 1;
        if (fail) throw new Error('down');
        return [{ first_id: 1, n: 3, lastmod: '2026-01-01T00:00:00Z' }];
      },
    } as unknown as Db;
    let now = 0;
    const sitemaps = new Sitemaps(db, () => new Date(now), { pageSize: 50, cacheMs: 1000, batchSize: 10 });
    const [a, b] = await Promise.all([sitemaps.pages('docs'), sitemaps.pages('docs')]);
    expect(a).toBe(b);
    expect(queries).toBe(1);
    now = 999;
    await sitemaps.pages('docs');
    expect(queries).toBe(1);
    now = 1000;
    fail = true;
    await expect(sitemaps.pages('docs')).rejects.toThrow('down');
    fail = false;
    expect(await sitemaps.pages('docs')).toHaveLength(1);
    expect(queries).toBe(3);
  });
});

describe('without SITE_ORIGIN (test mode)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(accountOptions({}));
  });
  afterAll(async () => {
    await server?.close();
  });

  test("the links use the API's own address, never the request's Host", async () => {
    const headers = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };
    expect((await call(server.base, '/robots.txt', { headers })).body).toContain(`Sitemap: ${server.base}/sitemap.xml`);
    const index = entriesOf((await call(server.base, '/sitemap.xml', { headers })).body, 'sitemapindex');
    // no content yet: the static and categories children only
    expect(index.map((e) => e.loc)).toEqual([`${server.base}/sitemaps/static.xml`, `${server.base}/sitemaps/categories.xml`]);
    expect((await call(server.base, '/sitemaps/docs-1.xml')).status).toBe(404);
  });
});

describe.each(engines())('robots.txt and sitemaps on %s', (engine) => {
  const db = useEngine(engine, __filename);
  let server: TestServer;
  let publicDocs: { id: number; g: number }[];
  let hiddenDocs: number[];
  let blogIds: number[];
  let cats: { docs: number; blogs: number; empty: number };
  const get = (path: string, headers: Record<string, string> = {}) => call(server.base, path, { headers });

  beforeAll(async () => {
    server = await startServer({
      ...accountOptions(db.options()),
      // batches of 7: a child of 50 is read in several ranges
      seo: { siteOrigin: ORIGIN, sitemap: { pageSize: PAGE_SIZE, cacheMs: 0, batchSize: 7 } },
    });
    const { uid } = await registeredClient(server.base);
    const q = server.app.db.query.bind(server.app.db);
    const cat = async (name: string) => (await q<{ id: number }>('INSERT INTO content_categories (name) VALUES ($1) RETURNING id', [name]))[0].id;
    cats = { docs: await cat('文档 & <合同>'), blogs: await cat('博客'), empty: await cat('空分类') };
    const [file] = await q<{ id: number }>(
      `INSERT INTO content_files (storage_key, original_name, ext, mime, size, sha256) VALUES ('seo-test', 'a.txt', 'txt', 'text/plain', 1, $1) RETURNING id`,
      ['0'.repeat(64)],
    );
    // 130 documents: every 13th not public (pending, taken down, deleted, rejected, converting), the rest published or restored
    await q(
      `INSERT INTO documents (title, category_id, uploader_id, file_id, file_type, ext_cate, size, status, create_time, update_time, delete_time)
       SELECT '文档 ' || g, $1, $2, $3, 'txt', 'other', 1,
              CASE WHEN g % 13 <> 0 THEN (CASE WHEN g % 2 = 0 THEN 1 ELSE 5 END) ELSE (ARRAY[0, 4, 4, 2, 6])[(g / 13) % 5 + 1] END,
              t, t, CASE WHEN g % 13 = 0 AND (g / 13) % 5 = 2 THEN t END
         FROM generate_series(1, 130) g, LATERAL (SELECT timestamptz '2026-01-01 00:00:00+00' + g * interval '1 hour' AS t) x`,
      [cats.docs, uid, file.id],
    );
    const all = await q<{ id: number; title: string; status: number }>('SELECT id, title, status FROM documents ORDER BY id');
    publicDocs = all.filter((d) => d.status === 1 || d.status === 5).map((d) => ({ id: d.id, g: Number(d.title.split(' ')[1]) }));
    hiddenDocs = all.filter((d) => d.status !== 1 && d.status !== 5).map((d) => d.id);
    // 7 blogs: 5 published, a draft and one waiting for review
    blogIds = (
      await q<{ id: number; status: number }>(
        `INSERT INTO blogs (title, category_id, author_id, status, create_time, update_time)
         SELECT '博客 ' || g, $1, $2, CASE WHEN g = 6 THEN 0 WHEN g = 7 THEN 4 ELSE 1 END, now(), now() FROM generate_series(1, 7) g
         RETURNING id, status`,
        [cats.blogs, uid],
      )
    ).filter((b) => b.status === 1).map((b) => b.id).sort((a, b) => a - b);
  });
  afterAll(async () => {
    await server?.close();
  });

  test('robots.txt: plain text, the closed areas, the sitemap at the site origin', async () => {
    const res = await get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    const lines = (res.body as string).split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/api/', '/app/user/', '/app/admin', '/app/guest/']) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain('Allow: /app/user/collect/folder/');
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  test('the index: static, categories, and ceil(count / page size) children of documents and of blogs', async () => {
    expect(publicDocs).toHaveLength(120);
    const res = await get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    const entries = entriesOf(res.body, 'sitemapindex');
    expect(entries.map((e) => e.loc)).toEqual(
      ['static', 'categories', 'docs-1', 'docs-2', 'docs-3', 'blogs-1'].map((n) => `${ORIGIN}/sitemaps/${n}.xml`),
    );
    // a child's lastmod is its newest document's change
    expect(entries[2].lastmod).toBe(hourOf(publicDocs[PAGE_SIZE - 1].g));
    expect(entries[4].lastmod).toBe(hourOf(publicDocs[119].g));
    for (const e of entries) expect(e.lastmod).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  test('each document child holds exactly the public documents of its range, with their detail page and lastmod', async () => {
    const seen: number[] = [];
    for (let page = 1; page <= 3; page += 1) {
      const res = await get(`/sitemaps/docs-${page}.xml`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      const expected = publicDocs.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
      expect(entriesOf(res.body, 'urlset')).toEqual(expected.map((d) => ({ loc: docUrl(d.id), lastmod: hourOf(d.g) })));
      seen.push(...expected.map((d) => d.id));
    }
    expect(seen).toEqual(publicDocs.map((d) => d.id));
    expect(hiddenDocs).toHaveLength(10);
    for (const id of hiddenDocs) expect(seen).not.toContain(id);
  });

  test('blogs, static pages and categories: only published blogs; a category lists what it holds', async () => {
    const blogs = entriesOf((await get('/sitemaps/blogs-1.xml')).body, 'urlset');
    expect(blogs.map((e) => e.loc)).toEqual(blogIds.map((id) => `${ORIGIN}/app/articles/blogs/detail/${id}`));
    const statics = entriesOf((await get('/sitemaps/static.xml')).body, 'urlset');
    expect(statics.map((e) => e.loc)).toEqual([`${ORIGIN}/`, `${ORIGIN}/app/articles/cate/list`]);
    const categories = entriesOf((await get('/sitemaps/categories.xml')).body, 'urlset').map((e) => e.loc);
    expect(categories).toEqual([
      `${ORIGIN}/app/articles/cate/detail/${cats.docs}`,
      `${ORIGIN}/app/articles/docs/list/${cats.docs}`,
      `${ORIGIN}/app/articles/cate/detail/${cats.blogs}`,
      `${ORIGIN}/app/articles/blogs/list/${cats.blogs}`,
      `${ORIGIN}/app/articles/cate/detail/${cats.empty}`,
    ]);
  });

  test('a document taken down leaves its child at once (no cache here); restored, it is back', async () => {
    const victim = publicDocs[10].id;
    await server.app.db.query('UPDATE documents SET status = 4 WHERE id = $1', [victim]);
    try {
      const locs = entriesOf((await get('/sitemaps/docs-1.xml')).body, 'urlset').map((e) => e.loc);
      expect(locs).not.toContain(docUrl(victim));
      expect(locs).toHaveLength(PAGE_SIZE);
      expect(locs).toContain(docUrl(publicDocs[PAGE_SIZE].id));
    } finally {
      await server.app.db.query('UPDATE documents SET status = 1 WHERE id = $1', [victim]);
    }
    expect(entriesOf((await get('/sitemaps/docs-1.xml')).body, 'urlset').map((e) => e.loc)).toContain(docUrl(victim));
  });

  test('validators: the same version answers 304 to If-None-Match; Last-Modified is the newest change', async () => {
    for (const path of ['/sitemap.xml', '/sitemaps/docs-2.xml', '/sitemaps/categories.xml']) {
      const first = await get(path);
      const etag = first.headers.get('etag');
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      expect((await get(path)).headers.get('etag')).toBe(etag);
      expect((await get(path, { 'if-none-match': etag as string })).status).toBe(304);
      expect((await get(path, { 'if-none-match': '"other"' })).status).toBe(200);
    }
    const last = (await get('/sitemaps/docs-3.xml')).headers.get('last-modified');
    expect(last).toBe(new Date(hourOf(publicDocs[119].g)).toUTCString());
  });

  test('an unknown child or a page past the last: 404 in plain text', async () => {
    for (const name of ['docs-4.xml', 'docs-0.xml', 'docs-01.xml', 'blogs-2.xml', 'nope.xml', 'docs-1.xml.gz', 'DOCS-1.xml',
      'docs-1', 'docs-99999999999999999999.xml', 'static', '%E4%B8%AD.xml', 'docs-1.xml%00', '', 'docs-1.xml/x', 'a/docs-1.xml']) {
      const res = await get(`/sitemaps/${name}`);
      expect({ name, status: res.status, type: res.headers.get('content-type') }).toEqual({ name, status: 404, type: 'text/plain; charset=utf-8' });
    }
  });

  test('HEAD: the headers of the GET, no body', async () => {
    for (const path of ['/robots.txt', '/sitemap.xml', '/sitemaps/docs-1.xml']) {
      const res = await call(server.base, path, { method: 'HEAD' });
      expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 200, body: '' });
      expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    }
  });

  test('any child name: 200 or 404, never a server error', async () => {
    const name = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.tuple(fc.constantFrom('docs', 'blogs', 'x'), fc.oneof(fc.integer(), fc.constantFrom('1e2', '', '１', '1.5'))).map(([k, n]) => `${k}-${n}.xml`),
    );
    await fc.assert(
      fc.asyncProperty(name, async (n) => {
        const res = await get(`/sitemaps/${encodeURIComponent(n)}`);
        expect([200, 404]).toContain(res.status);
      }),
      { numRuns: 60 },
    );
  });
});
