/** @jest-environment node */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PAGE_KEEP_MAX_S, PageCache } from '../server/page-cache';
import { composePage, DEFERRED_START_SCRIPT, type RenderedPage } from '../server/page-render';
import { createStaticServer, inlineScriptHashes, listen } from '../server/static-server';

// Pages as HTML: the shell's server asks the owning remote's server part (named by its deployment line) for the
// page and composes it into index.html; without one, or when it fails, it sends index.html as it is.

const TEMPLATE =
  '<!doctype html><html><head><meta name="description" content="站点简介" /><title>知库文档</title><script>var theme=1</script></head>' +
  '<body><main id="app-slot"></main><script defer src="/main.js"></script></body></html>';

const OWNERS = [
  { name: 'articles.docs.detail', path: '/app/articles/docs/detail/:id', remote: 'mf-articles', needLog: false },
  { name: 'user.coin.list', path: '/app/user/coin/list', remote: 'mf-articles', needLog: true },
];

const PAGE: RenderedPage = {
  status: 200,
  head: '<title>春晓 - 知库文档</title><meta name="description" content="春眠不觉晓" /><script type="application/ld+json">{"@type":"DigitalDocument"}</script>',
  html: '<main class="dt-page"><h1>春晓</h1><a href="/">首页</a></main>',
  state: '{"data":{"doc:1":{"data":{"title":"春晓 \\u003c/script\\u003e"}}},"hints":{"wide":true}}',
  version: '1.2.3',
};

function get(port: number, urlPath: string, headers: http.OutgoingHttpHeaders = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: urlPath, agent: false, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

let tmp: string;
let shell: http.Server;
let shellPort: number;
let renderer: http.Server;
let rendererPort: number;
let rendered: string[] = [];
let answer: (url: string) => { status: number; body: string } = () => ({ status: 200, body: JSON.stringify(PAGE) });
let deploymentFile: string;

function deploy(ssr: string | undefined): void {
  fs.writeFileSync(deploymentFile, JSON.stringify({ remotes: { 'mf-articles': { manifest: 'http://127.0.0.1:1/mf-manifest.json', version: '1.2.3', ...(ssr && { ssr }) } } }));
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'static-render-'));
  const root = path.join(tmp, 'dist');
  fs.mkdirSync(root);
  fs.writeFileSync(path.join(root, 'index.html'), TEMPLATE);
  fs.writeFileSync(path.join(root, 'route-owners.json'), JSON.stringify(OWNERS));
  deploymentFile = path.join(tmp, 'deployment.json');
  renderer = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x').searchParams.get('url') ?? '';
    rendered.push(`${url}|${req.headers['x-site-origin']}|${req.headers['user-agent']}`);
    const { status, body } = answer(url);
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body);
  });
  rendererPort = await listen(renderer, 0);
  shell = createStaticServer({ root, spaFallback: true, deploymentFile, remoteHints: false, siteOrigin: 'https://www.example.cn' });
  shellPort = await listen(shell, 0);
});

afterAll(async () => {
  await new Promise((r) => shell.close(r));
  await new Promise((r) => renderer.close(r));
  fs.rmSync(tmp, { recursive: true, force: true });
});

beforeEach(() => {
  rendered = [];
  answer = () => ({ status: 200, body: JSON.stringify(PAGE) });
  deploy(`http://127.0.0.1:${rendererPort}/__ssr`);
});

test('a public page of a remote with a server part arrives with its HTML, head and data', async () => {
  const res = await get(shellPort, '/app/articles/docs/detail/1?from=x', { 'accept-encoding': 'gzip', 'user-agent': 'Mobile Test' });
  expect(res.status).toBe(200);
  expect(res.headers['x-page-render']).toBe('server; remote=mf-articles; version=1.2.3');
  expect(res.headers['content-encoding']).toBe('gzip');
  const html = gunzipSync(res.body).toString('utf8');
  expect(html).toContain('<title>春晓 - 知库文档</title>');
  expect(html).not.toContain('<title>知库文档</title>');
  expect(html).not.toContain('站点简介');
  expect(html).toContain('<main id="app-slot"><div id="slot-mf-articles" data-ssr-path="/app/articles/docs/detail/1?from=x"><main class="dt-page"><h1>春晓</h1>');
  expect(html).toContain(`<script type="application/json" id="ssr-data-mf-articles">${PAGE.state}</script>`);
  // the policy of index.html: its own inline script by hash; the data blocks are never run, so they need none
  expect(res.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
  expect(rendered).toEqual(['/app/articles/docs/detail/1?from=x|https://www.example.cn|Mobile Test']);
});

test("the remote's status goes out (a missing document is a 404 page)", async () => {
  answer = () => ({ status: 200, body: JSON.stringify({ ...PAGE, status: 404 }) });
  const res = await get(shellPort, '/app/articles/docs/detail/999');
  expect(res.status).toBe(404);
  expect(res.body.toString('utf8')).toContain('<h1>春晓</h1>');
});

test.each([
  ['a 500', () => ({ status: 500, body: '{"message":"x"}' })],
  ['JSON that is not a page', () => ({ status: 200, body: '{"status":200}' })],
  ['not JSON', () => ({ status: 200, body: '<html>' })],
])('a server part answering %s leaves the page to the browser', async (_name, broken) => {
  answer = broken;
  const res = await get(shellPort, '/app/articles/docs/detail/1');
  expect(res.status).toBe(200);
  expect(res.body.toString('utf8')).toBe(TEMPLATE);
});

test('no server part in the deployment line, a dead one, or a login-required page: index.html as it is', async () => {
  deploy(undefined);
  expect((await get(shellPort, '/app/articles/docs/detail/1')).body.toString('utf8')).toBe(TEMPLATE);
  deploy('http://127.0.0.1:1/__ssr');
  expect((await get(shellPort, '/app/articles/docs/detail/1')).body.toString('utf8')).toBe(TEMPLATE);
  deploy(`http://127.0.0.1:${rendererPort}/__ssr`);
  expect((await get(shellPort, '/app/user/coin/list')).body.toString('utf8')).toBe(TEMPLATE);
  expect(rendered).toEqual([]);
});

test('a deploy of the remote (a new line in the manifest) changes the HTML without a restart', async () => {
  const next = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ ...PAGE, html: '<p>新版本</p>', version: '2.0.0' }));
  });
  const nextPort = await listen(next, 0);
  try {
    deploy(`http://127.0.0.1:${nextPort}/__ssr`);
    const res = await get(shellPort, '/app/articles/docs/detail/1');
    expect(res.headers['x-page-render']).toBe('server; remote=mf-articles; version=2.0.0');
    expect(res.body.toString('utf8')).toContain('<p>新版本</p>');
  } finally {
    await new Promise((r) => next.close(r));
  }
});

test('composePage works on the minified index.html the build writes (no attribute quotes)', () => {
  const minified = '<html><head><meta name=description content=站点简介><title>知库文档</title></head><body><main id=app-slot></main></body></html>';
  const html = composePage(minified, 'mf-articles', '/x', { ...PAGE, html: '<p>$& $1</p>' });
  expect(html).toContain('<main id="app-slot"><div id="slot-mf-articles" data-ssr-path="/x"><p>$& $1</p></div></main><script type="application/json"');
  expect(html).not.toContain('站点简介');
  expect(html).not.toContain('<title>知库文档</title>');
});

test('composePage escapes the path it marks the slot with', () => {
  const html = composePage(TEMPLATE, 'mf-articles', '/a?q="><script>', PAGE);
  expect(html).toContain('data-ssr-path="/a?q=&#34;&#62;&#60;script&#62;"');
});

describe('the edge keeps a page for the seconds its remote allows', () => {
  const kept = (url: string) => ({ status: 200, body: JSON.stringify({ ...PAGE, html: `<p>${url} 第 ${rendered.length} 次</p>`, maxAge: 60 }) });

  test('readers share one rendering, signed in or not; one who just wrote gets a page made after it, as the others do then', async () => {
    answer = kept;
    const first = await get(shellPort, '/app/articles/docs/detail/31');
    const signedIn = await get(shellPort, '/app/articles/docs/detail/31', { cookie: 'csrftoken=a; sessionid=abc' });
    expect(signedIn.body.toString('utf8')).toBe(first.body.toString('utf8'));
    expect(rendered).toHaveLength(1);
    // a write a while before the page was made: the kept page shows it
    const longAgo = `sessionid=abc; wrote_at=${Date.now() - 30_000}`;
    expect((await get(shellPort, '/app/articles/docs/detail/31', { cookie: longAgo })).body.toString('utf8')).toContain('第 1 次');
    expect(rendered).toHaveLength(1);
    // a write after it (the proxy's cookie): made anew for them
    const justWrote = `sessionid=abc; wrote_at=${Date.now()}`;
    expect((await get(shellPort, '/app/articles/docs/detail/31', { cookie: justWrote })).body.toString('utf8')).toContain('第 2 次');
    expect(rendered).toHaveLength(2);
    // the visitor after them gets the newer page
    expect((await get(shellPort, '/app/articles/docs/detail/31')).body.toString('utf8')).toContain('第 2 次');
    expect(rendered).toHaveLength(2);
    // a time ahead of the server's clock counts as now: that reader's loads are made anew, nobody else's
    const ahead = `wrote_at=${Date.now() + 3_600_000}`;
    await get(shellPort, '/app/articles/docs/detail/31', { cookie: ahead });
    expect(rendered).toHaveLength(3);
    expect((await get(shellPort, '/app/articles/docs/detail/31', { cookie: 'sessionid=abc' })).body.toString('utf8')).toContain('第 3 次');
    expect(rendered).toHaveLength(3);
  });

  test('requests that miss together share one rendering, and each encoding is served from it', async () => {
    answer = kept;
    const answers = await Promise.all(
      ['gzip', 'br', 'identity', 'gzip'].map((encoding) => get(shellPort, '/app/articles/docs/detail/32', { 'accept-encoding': encoding })),
    );
    expect(rendered).toHaveLength(1);
    expect(answers.map((a) => a.headers['content-encoding'])).toEqual(['gzip', 'br', undefined, 'gzip']);
    expect(gunzipSync(answers[0].body).toString('utf8')).toBe(answers[2].body.toString('utf8'));
  });

  test('a page without maxAge, and every other layout, address or deployment, is rendered for its own', async () => {
    answer = () => ({ status: 200, body: JSON.stringify(PAGE) });
    await get(shellPort, '/app/articles/docs/detail/33');
    await get(shellPort, '/app/articles/docs/detail/33');
    expect(rendered).toHaveLength(2);
    answer = kept;
    rendered = [];
    await get(shellPort, '/app/articles/docs/detail/34', { 'user-agent': 'Mozilla/5.0 (iPhone) Mobile' });
    await get(shellPort, '/app/articles/docs/detail/34', { 'user-agent': 'Mozilla/5.0 (iPhone) Mobile' });
    await get(shellPort, '/app/articles/docs/detail/34', { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)' });
    await get(shellPort, '/app/articles/docs/detail/34?page=2');
    expect(rendered).toHaveLength(3);
    deploy(`http://127.0.0.1:${rendererPort}/__ssr?v=2`);
    await get(shellPort, '/app/articles/docs/detail/34', { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)' });
    expect(rendered).toHaveLength(4);
  });

  test('the remote is told the layout the edge chose', async () => {
    const viewports: string[] = [];
    const seen = http.createServer((req, res) => {
      viewports.push(String(req.headers['x-site-viewport']));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(PAGE));
    });
    const port = await listen(seen, 0);
    try {
      deploy(`http://127.0.0.1:${port}/__ssr`);
      await get(shellPort, '/app/articles/docs/detail/35', { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Mobile' });
      await get(shellPort, '/app/articles/docs/detail/35', { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Mobile', 'sec-ch-ua-mobile': '?0' });
      await get(shellPort, '/app/articles/docs/detail/35', { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)', 'sec-ch-ua-mobile': '?1' });
      await get(shellPort, '/app/articles/docs/detail/35', { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)' });
      expect(viewports).toEqual(['narrow', 'wide', 'narrow', 'wide']);
    } finally {
      await new Promise((r) => seen.close(r));
    }
  });
});

test('PageCache forgets a page when its time is up and keeps within its bounds', async () => {
  let now = 1000;
  const cache = new PageCache({ maxEntries: 2, now: () => now });
  const page = (n: number) => ({ status: 200, remote: 'mf-articles', version: '1', html: `<p>${n}</p>` });
  let made = 0;
  const make = (maxAge: number) => async () => ({ page: page((made += 1)), maxAge });
  expect((await cache.fetch('a', 0, make(5)))?.html).toBe('<p>1</p>');
  now += 4999;
  expect((await cache.fetch('a', 0, make(5)))?.html).toBe('<p>1</p>');
  now += 1;
  expect((await cache.fetch('a', 0, make(5)))?.html).toBe('<p>2</p>');
  await cache.fetch('b', 0, make(5));
  await cache.fetch('c', 0, make(5));
  expect(cache.size).toBe(2);
  expect(cache.get('a')).toBeUndefined();
  expect(await cache.fetch('d', 0, async () => null)).toBeNull();
  expect(cache.get('d')).toBeUndefined();
  // a remote's longer time is cut to PAGE_KEEP_MAX_S, the wrote_at cookie's life
  await cache.fetch('e', 0, make(3600));
  now += PAGE_KEEP_MAX_S * 1000 - 1;
  expect(cache.get('e')).toBeDefined();
  now += 1;
  expect(cache.get('e')).toBeUndefined();
});

test('PageCache answers a reader who wrote only with a page whose render started after it', async () => {
  let now = 1000;
  const cache = new PageCache({ now: () => now });
  const page = (n: number) => ({ status: 200, remote: 'mf-articles', version: '1', html: `<p>${n}</p>` });
  let made = 0;
  let finish: () => void = () => undefined;
  const slow = () => () => new Promise<{ page: ReturnType<typeof page>; maxAge: number }>((resolve) => {
    made += 1;
    const n = made;
    finish = () => resolve({ page: page(n), maxAge: 10 });
  });
  const quick = () => async () => ({ page: page((made += 1)), maxAge: 10 });
  expect((await cache.fetch('a', 0, quick()))?.html).toBe('<p>1</p>'); // started at 1000
  expect(cache.get('a', 999)?.html).toBe('<p>1</p>');
  expect(cache.get('a', 1000)).toBeUndefined();
  // a render under way that started before the write is not shared with the writer
  now = 2000;
  const older = cache.fetch('b', 0, slow());
  const finishOlder = finish;
  now = 2500;
  const forWriter = cache.fetch('b', 2200, slow());
  expect(made).toBe(3);
  finish();
  expect((await forWriter)?.html).toBe('<p>3</p>');
  // the older render ends last: it does not replace the newer page
  finishOlder();
  expect((await older)?.html).toBe('<p>2</p>');
  expect(cache.get('b', 2200)?.html).toBe('<p>3</p>');
  // the clock set back: a page "made later than now" is dropped
  now = 1500;
  expect(cache.get('b')).toBeUndefined();
});

test("a server-rendered page's code starts after its first paint: its files are listed for the page, not preloaded ahead of it", async () => {
  const res = await get(shellPort, '/app/articles/docs/detail/40');
  const html = res.body.toString('utf8');
  expect(res.headers['x-page-render']).toMatch(/^server;/);
  expect(res.headers.link).toBeUndefined();
  // nothing in the HTML fetches a script before the browser has painted the text
  expect(html).not.toMatch(/<script[^>]*\ssrc=/);
  expect(html).not.toMatch(/rel="?preload/);
  const start = JSON.parse(/<script type="application\/json" id="page-start">(.*?)<\/script>/.exec(html)![1]) as { preload: unknown[]; scripts: string[] };
  expect(start.scripts).toEqual(['/main.js']);
  expect(html).toContain(`<script>${DEFERRED_START_SCRIPT}</script>`);
  // the page's policy names that script by its hash (and so lets it run), index.html's own as before
  const csp = String(res.headers['content-security-policy']);
  expect(inlineScriptHashes(`<script>${DEFERRED_START_SCRIPT}</script>`).every((hash) => csp.includes(hash))).toBe(true);
  expect(inlineScriptHashes(TEMPLATE).every((hash) => csp.includes(hash))).toBe(true);
});

test('composePage moves the template\'s preloads and scripts into the list, in order, with the remote\'s files after them', () => {
  const template =
    '<html><head><link rel=preload href=/deployment.json as=fetch crossorigin><link rel="preload" as="script" href="/lib-startup.1.js"><title>知库文档</title></head>' +
    '<body><main id=app-slot></main><script defer src=/main.js></script><script defer src="/extra.js"></script></body></html>';
  const html = composePage(template, 'mf-articles', '/x', PAGE, [{ href: 'http://127.0.0.1:1/mf-manifest.json', as: 'fetch' }]);
  const start = JSON.parse(/id="page-start">(.*?)<\/script>/.exec(html)![1]) as unknown;
  expect(start).toEqual({
    preload: [
      { href: '/deployment.json', as: 'fetch' },
      { href: '/lib-startup.1.js', as: 'script' },
      { href: 'http://127.0.0.1:1/mf-manifest.json', as: 'fetch' },
    ],
    scripts: ['/main.js', '/extra.js'],
  });
  expect(html).not.toContain('/main.js"></script>');
});
