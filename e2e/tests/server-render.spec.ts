import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { collectConsole, initialDeployment, writeDeployment, type Deployment } from '../support/site';

// Public pages arrive as HTML made by the remote that owns them (issue 21): a crawler or a browser without
// JavaScript reads the title, the text and working links; a browser with it hydrates the same HTML without asking
// the API again and without a layout shift; a remote's server part that fails leaves its pages to the browser.

interface DocRow {
  id: number;
  title: string;
  file_type: string;
  is_free: boolean;
  pages: number;
}
interface DocDetail extends DocRow {
  summary: string;
  first_page_text: string;
  preview: { type: string; pages: number; preview_pages: number; limited: boolean };
}

async function docs(request: APIRequestContext, query: string): Promise<DocRow[]> {
  const answer = await request.get(`/api/docs/?page_size=100&${query}`);
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { results: DocRow[] }).results;
}

async function detail(request: APIRequestContext, id: number): Promise<DocDetail> {
  return (await (await request.get(`/api/docs/${id}/`)).json()) as DocDetail;
}

/** The page's JSON-LD objects. */
async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((t) => JSON.parse(t) as Record<string, unknown>);
}

interface LayoutShift {
  value: number;
  hadRecentInput: boolean;
  /** Class names of the elements that moved. */
  nodes: string[];
}

/** Records every layout shift of each page the tab loads from now on (read with layoutShifts). */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: LayoutShift[] = [];
    (window as unknown as { __shifts: LayoutShift[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources?: { node?: Element }[] }[]) {
        shifts.push({ value: entry.value, hadRecentInput: entry.hadRecentInput, nodes: (entry.sources ?? []).map((s) => s.node?.className ?? '?') });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const layoutShifts = (page: Page) => page.evaluate(() => (window as unknown as { __shifts: LayoutShift[] }).__shifts);

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page, a result page and a category list carry their text and links', async ({ page }) => {
    const home = await page.goto('/');
    expect(home?.headers()['x-page-render']).toMatch(/^server; remote=mf-articles/);
    await expect(page).toHaveTitle(/知库文档/);
    await expect(page.locator('h1')).toHaveText('文档搜索');
    const recommended = page.getByRole('list', { name: '推荐文档' }).getByRole('link');
    expect(await recommended.count()).toBeGreaterThan(3);
    expect((await jsonLd(page))[0]['@type']).toBe('WebSite');

    // an ordinary link: a full page load, made on the server again
    const first = recommended.first();
    const title = (await first.locator('h3').textContent())!.trim();
    await first.click();
    await expect(page).toHaveURL(/\/app\/articles\/docs\/detail\/\d+$/);
    await expect(page.locator('h1.dt-title')).toHaveText(title);
    await expect(page).toHaveTitle(new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} - `));

    // the navbar's search is a form: the result page is made on the server too
    await page.goto('/');
    await page.locator('#navbar input[name="keyword"]').fill('明月');
    await page.locator('#navbar button[type="submit"]').click();
    await expect(page).toHaveURL(/search\/result\?keyword=/);
    await expect(page).toHaveTitle(/^“明月”的搜索结果 - /);
    const results = page.getByRole('list', { name: '搜索结果' }).getByRole('link');
    expect(await results.count()).toBeGreaterThan(0);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/app\/articles\/search\/result\?keyword=%E6%98%8E%E6%9C%88$/);

    await page.goto('/app/articles/cate/list');
    await page.getByRole('list', { name: '全部分类' }).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/app\/articles\/cate\/detail\/\d+$/);
    expect(await page.getByRole('list', { name: '分类文章' }).getByRole('listitem').count()).toBeGreaterThan(0);
  });

  test('a Markdown document, a PDF document and a blog carry their content, head and structured data', async ({ page, request }) => {
    const [md] = await docs(request, 'ordering=-create_time').then((rows) => rows.filter((d) => d.file_type === 'md'));
    const mdDetail = await detail(request, md.id);
    await page.goto(`/app/articles/docs/detail/${md.id}`);
    await expect(page.locator('h1.dt-title')).toHaveText(md.title);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.+/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', new RegExp(`^${md.title.slice(0, 4)}`));
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/app/articles/docs/detail/${md.id}$`));
    const [document] = await jsonLd(page);
    expect(document).toMatchObject({ '@type': 'DigitalDocument', name: md.title, numberOfPages: md.pages });
    // the first preview page's text, rendered from Markdown on the server
    await expect(page.locator('[data-testid="text-preview"] .md-body')).not.toBeEmpty();
    if (mdDetail.summary) await expect(page.locator('.dt-summary')).toContainText(mdDetail.summary.slice(0, 8));
    await expect(page.getByRole('heading', { name: /评论/ })).toBeVisible();

    const [pdf] = await docs(request, 'ext_cate=pdf');
    const pdfDetail = await detail(request, pdf.id);
    await page.goto(`/app/articles/docs/detail/${pdf.id}`);
    await expect(page.locator('h1.dt-title')).toHaveText(pdf.title);
    await expect(page.locator('.dt-preview')).toBeVisible();
    // the first page's text as the API read it from the PDF, inside the first page's box
    expect(pdfDetail.first_page_text.length).toBeGreaterThan(10);
    const firstLine = pdfDetail.first_page_text.split('\n').find((l) => l.trim().length > 3)!.trim();
    await expect(page.locator('.dt-pdf-page[data-page="1"] [data-testid="pdf-first-page-text"]')).toContainText(firstLine);

    const blogs = (await (await request.get('/api/blogs/?page_size=5')).json()) as { results: { id: number; title: string }[] };
    const blog = blogs.results[0];
    await page.goto(`/app/articles/blogs/detail/${blog.id}`);
    await expect(page.locator('h1.dt-title')).toHaveText(blog.title);
    await expect(page.locator('.dt-blog .md-body')).not.toBeEmpty();
    expect((await jsonLd(page))[0]['@type']).toBe('BlogPosting');
  });

  test('a paid document shows only the pages its preview allows; a missing one is a 404', async ({ page, request }) => {
    let paid: DocDetail | null = null;
    for (const row of await docs(request, 'ext_cate=pdf')) {
      if (row.is_free) continue;
      const d = await detail(request, row.id);
      if (d.preview.limited && d.preview.preview_pages < d.preview.pages) {
        paid = d;
        break;
      }
    }
    expect(paid, 'the demo data has a paid PDF with a limited preview').not.toBeNull();
    const { id, preview } = paid!;
    await page.goto(`/app/articles/docs/detail/${id}`);
    await expect(page.locator('.dt-pdf-page')).toHaveCount(preview.preview_pages);
    await expect(page.locator('.dt-preview-limit')).toContainText(`剩余 ${preview.pages - preview.preview_pages} 页需下载后阅读`);
    // the page after the preview is not to be had, with or without the HTML
    const beyond = await request.get(`/api/docs-preview-url/${id}/${preview.preview_pages + 1}/`);
    expect(beyond.status()).not.toBe(200);

    const missing = await page.goto('/app/articles/docs/detail/99999999');
    expect(missing?.status()).toBe(404);
    await expect(page.locator('h1')).toHaveText('文档不存在或已被删除');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });
});

test('the browser hydrates the HTML: no second fetch of the page data, no layout shift, no console error', async ({ page, request }) => {
  const [row] = await docs(request, 'ordering=-create_time').then((rows) => rows.filter((d) => d.file_type === 'md'));
  const lines = collectConsole(page);
  const apiCalls: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) apiCalls.push(url.pathname + url.search);
  });
  await recordLayoutShifts(page);
  await page.goto(`/app/articles/docs/detail/${row.id}`);
  // hydrated: the remote mounted on its slot, and the page answers a click (the collect button asks for a login)
  await expect(page.locator('#slot-mf-articles')).toHaveAttribute('data-remote', 'mf-articles');
  await expect(page.locator('#ssr-data-mf-articles')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(apiCalls.filter((c) => c.startsWith(`/api/docs/${row.id}/`) || c.startsWith(`/api/docs-preview-url/${row.id}/1/`))).toEqual([]);
  expect(apiCalls.filter((c) => c.startsWith('/api/comments') || c.includes(`/comments/`))).toEqual([]);
  expect((await layoutShifts(page)).filter((s) => !s.hadRecentInput).reduce((sum, s) => sum + s.value, 0)).toBe(0);
  expect(lines.filter((l) => /hydrat|Minified React error/i.test(l))).toEqual([]);

  // interactive: a client-side navigation fetches as before
  await page.locator('.dt-crumbs a').first().click();
  await expect(page.locator('h1')).toHaveText('文档搜索');
  await page.getByRole('list', { name: '推荐文档' }).getByRole('link').first().click();
  await expect(page.locator('h1.dt-title')).toBeVisible();
  await expect(page).toHaveTitle(/ - 知库文档/);
});

test('on a slow network the HTML arrives in pieces, and nothing on the page moves while it does', async ({ page, request }) => {
  // at 40 KB/s the page comes in several reads: without its render-blocking `expect` link the browser painted a
  // half-parsed navbar (the theme button alone at the right, pushed left when 登录 / 注册 arrived)
  const [row] = await docs(request, 'ordering=-create_time').then((rows) => rows.filter((d) => d.file_type === 'md'));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: 40 * 1024, uploadThroughput: 40 * 1024 });
  await recordLayoutShifts(page);
  for (const [path, width] of [['/', 1280], [`/app/articles/docs/detail/${row.id}`, 1280], ['/', 375]] as const) {
    await page.setViewportSize({ width, height: 720 });
    await page.goto(path);
    await expect(page.locator('#slot-mf-articles')).toHaveAttribute('data-remote', 'mf-articles', { timeout: 30_000 });
    expect(await layoutShifts(page), `${path} at ${width} px`).toEqual([]);
  }
});

/** A stand-in for mf-articles' server part: answers every page with `answer` (a status and a body). */
async function fakeRenderer(answer: (url: string) => { status: number; body: string }): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const { status, body } = answer(new URL(req.url ?? '/', 'http://x').searchParams.get('url') ?? '');
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/__ssr`,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

function deployWithRenderer(ssr: string): void {
  const next: Deployment = structuredClone(initialDeployment());
  (next['mf-articles'] as { ssr?: string }).ssr = ssr;
  writeDeployment(next);
}

test('a remote deploys its server part alone: the manifest line changes the HTML, the shell is not rebuilt', async ({ page }) => {
  const renderer = await fakeRenderer(() => ({
    status: 200,
    body: JSON.stringify({ status: 200, head: '<title>新版本的页面</title>', html: '<p id="next-version">新版本的服务端页面</p>', state: '{"data":{},"hints":{"wide":true}}', version: '9.9.9-e2e' }),
  }));
  try {
    deployWithRenderer(renderer.url);
    await page.route('**/*', (route) => (route.request().resourceType() === 'script' ? route.abort() : route.continue()));
    const answer = await page.goto('/app/articles/cate/list');
    expect(answer?.headers()['x-page-render']).toBe('server; remote=mf-articles; version=9.9.9-e2e');
    await expect(page.locator('#next-version')).toHaveText('新版本的服务端页面');
    await expect(page).toHaveTitle('新版本的页面');
  } finally {
    writeDeployment(initialDeployment());
    await renderer.close();
  }
});

test('a failing server part falls back to the browser rendering its pages; the rest of the site is unaffected', async ({ page }) => {
  const renderer = await fakeRenderer(() => ({ status: 500, body: '{"message":"模拟服务端渲染故障"}' }));
  try {
    deployWithRenderer(renderer.url);
    const answer = await page.goto('/app/articles/cate/list');
    expect(answer?.status()).toBe(200);
    expect(answer?.headers()['x-page-render']).toBe('client');
    await expect(page.locator('#slot-mf-articles h1')).toHaveText('分类列表');
    await expect(page.getByRole('list', { name: '全部分类' })).toBeVisible();
    // another remote's page, and the shell's frame, as always
    await page.goto('/app/activity/activity_rules');
    await expect(page.locator('#slot-mf-activity h1')).toHaveText('活动规则');
    await expect(page.getByRole('navigation', { name: '主导航' })).toBeVisible();

    // a server part that does not answer at all (nothing listens there) does the same
    await renderer.close();
    const silent = await page.goto('/app/articles/cate/list');
    expect(silent?.headers()['x-page-render']).toBe('client');
    await expect(page.locator('#slot-mf-articles h1')).toHaveText('分类列表');
  } finally {
    writeDeployment(initialDeployment());
    await renderer.close().catch(() => undefined);
  }
});
