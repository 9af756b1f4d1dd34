import { expect, test, type Browser, type BrowserContextOptions, type Locator, type Page } from '@playwright/test';
import { collectConsole, originOf } from '../support/site';

// PDF previews read in the page (issue 7): pdf.js draws the API's PDF (cut to the readable pages for a paid
// document) into one canvas per page, on a phone and on PC. The quick seed has 6 PDFs, free and paid.
// Where the browser allows (module workers, OffscreenCanvas: Chromium here), pdf.js runs in a worker of its own
// (issue 21): the page's main thread never evaluates it; elsewhere it runs on the main thread (the fallback, forced
// below by taking `transferControlToOffscreen` away, or by the worker's file failing to load).

interface Doc {
  id: number;
  title: string;
  is_free: boolean;
  pages: number;
  preview: { type: string; pages: number; preview_pages: number; limited: boolean };
}

const SCREENS = [
  { name: 'phone', viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
  { name: 'PC', viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
] as const;

/** mf-articles' PDF files, by what they are. */
const FILES = {
  /** the worker engine: the page's part, the host worker, pdf.js's display API for the host */
  workerEngine: /\/pdf-worker-engine\.[0-9a-f]{8}\.js$/,
  host: /\/pdf-host\.[0-9a-f]{8}\.js$/,
  display: /\/pdf\.display\.[0-9a-f]{8}\.js$/,
  /** pdf.js on the main thread (the fallback) and its engine */
  mainThread: /\/(lib-pdfjs-dist|pdfjs)\.[0-9a-f]{8}\.js$/,
  /** pdf.js's parser worker (both engines) */
  parser: /\/pdf\.worker\.[0-9a-f]{8}\.js$/,
};
type FileKind = keyof typeof FILES;

async function pdfDocs(page: Page, free: boolean): Promise<Doc[]> {
  const list = await page.request.get(`/api/docs/?page_size=100&ext_cate=pdf&is_free=${free ? 1 : 0}`);
  expect(list.status()).toBe(200);
  const ids = ((await list.json()) as { results: { id: number }[] }).results.map((d) => d.id);
  return Promise.all(ids.map(async (id) => (await (await page.request.get(`/api/docs/${id}/`)).json()) as Doc));
}

async function someDoc(browser: Browser, free: boolean, wanted: (d: Doc) => boolean): Promise<Doc> {
  const probe = await browser.newPage();
  const doc = (await pdfDocs(probe, free)).find(wanted);
  await probe.close();
  expect(doc).toBeTruthy();
  return doc!;
}

/**
 * The share of a page's pixels that are not (near) white: text drawn on the page. Read from a screenshot of the page
 * box alone, everything else hidden (the canvas may belong to a worker, whose pixels the page cannot read): the part
 * of the box in the viewport, its top scrolled into view, or `rect` of it (CSS pixels from the box's top left). An
 * element screenshot is not used: for a box taller than the viewport it scrolls the page, which gives canvases back.
 */
async function inkShare(box: Locator, rect?: { x: number; y: number; width: number; height: number }): Promise<number> {
  const page = box.page();
  if (!rect) await box.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  const at = (await box.boundingBox())!;
  const { height: viewportHeight } = page.viewportSize()!;
  const top = Math.max(0, at.y);
  const clip = rect
    ? { x: at.x + rect.x, y: at.y + rect.y, width: rect.width, height: rect.height }
    : { x: at.x, y: top, width: at.width, height: Math.min(at.y + at.height, viewportHeight) - top };
  expect(clip.y).toBeGreaterThanOrEqual(0);
  expect(clip.y + clip.height).toBeLessThanOrEqual(viewportHeight);
  const png = await page.screenshot({ clip, style: 'body *{visibility:hidden!important} .dt-pdf-page,.dt-pdf-page canvas{visibility:visible!important}' });
  return page.evaluate(async (b64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${b64}`;
    await image.decode();
    const c = document.createElement('canvas');
    c.width = image.naturalWidth;
    c.height = image.naturalHeight;
    c.getContext('2d')!.drawImage(image, 0, 0);
    const { data } = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
    let ink = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] < 200 || data[i + 1] < 200 || data[i + 2] < 200) ink += 1;
    return ink / (c.width * c.height);
  }, png.toString('base64'));
}

async function openOn(browser: Browser, screen: { viewport: { width: number; height: number } } & BrowserContextOptions, id: number, before?: (page: Page) => Promise<unknown>) {
  const context = await browser.newContext(screen);
  const page = await context.newPage();
  const fetched: Record<FileKind, string[]> = { workerEngine: [], host: [], display: [], mainThread: [], parser: [] };
  page.on('request', (r) => {
    for (const kind of Object.keys(FILES) as FileKind[]) if (FILES[kind].test(r.url())) fetched[kind].push(r.url());
  });
  const problems = collectConsole(page);
  await before?.(page);
  await page.goto(`/app/articles/docs/detail/${id}`);
  return { context, page, fetched, problems };
}

/**
 * Scrolls every page box into view in turn and checks that its canvas is drawn, sharp and not blank, with the page's
 * text in its text layer (the seeded PDFs start with the document's title).
 */
async function expectPagesDrawn(page: Page, count: number, pixelRatio: number, title: string) {
  const preview = page.getByRole('region', { name: '文档预览' });
  const boxes = preview.locator('.dt-pdf-page');
  await expect(boxes).toHaveCount(count);
  await expect(preview.locator('iframe')).toHaveCount(0);
  for (let n = 1; n <= count; n += 1) {
    const box = boxes.nth(n - 1);
    const before = await box.boundingBox();
    await box.scrollIntoViewIfNeeded();
    await expect(box).toHaveAttribute('data-state', 'done');
    const canvas = box.getByRole('img', { name: `第 ${n} 页` });
    const size = await canvas.evaluate((c: HTMLCanvasElement) => ({ width: c.width, css: c.getBoundingClientRect().width }));
    expect(Math.abs(size.width - size.css * pixelRatio)).toBeLessThanOrEqual(2);
    // an A4 box keeps the height it had before the page was drawn
    expect((await box.boundingBox())!.height).toBeCloseTo(before!.height, 0);
    expect(await inkShare(box)).toBeGreaterThan(0.0003); // a white canvas has none; a short poem about 0.1 %
    await expect(box.locator('.dt-pdf-text')).toContainText(/[\u4e00-\u9fff]{4}/);
    if (n === 1) await expectTextOverInk(box, title);
  }
}

/**
 * The text layer lies over the drawn text: the title's span covers the title's ink (transparent text in the wrong
 * place would cover white paper), and it can be selected as text.
 */
async function expectTextOverInk(box: Locator, title: string) {
  const span = box.locator('.dt-pdf-text span').filter({ hasText: title }).first();
  await expect(span).toHaveText(title);
  await box.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  const boxAt = (await box.boundingBox())!;
  const at = (await span.boundingBox())!;
  const rect = { x: at.x - boxAt.x, y: at.y - boxAt.y, width: at.width, height: at.height };
  expect(rect.x).toBeGreaterThanOrEqual(0);
  expect(rect.x + rect.width).toBeLessThanOrEqual(boxAt.width + 1);
  expect(await inkShare(box, rect)).toBeGreaterThan(0.05);
  // one line further down is the blank space under the title
  expect(await inkShare(box, { ...rect, y: rect.y + rect.height * 1.2 })).toBeLessThan(0.02);
  await span.selectText();
  expect(await box.page().evaluate(() => String(getSelection()))).toBe(title);
  await box.page().evaluate(() => getSelection()?.removeAllRanges());
}

/** pdf.js ran in its worker: the page fetched the worker engine and never pdf.js's main-thread build, nor evaluated it. */
async function expectWorkerEngine(page: Page, fetched: Record<FileKind, string[]>) {
  expect(fetched.mainThread).toEqual([]);
  expect(fetched.workerEngine).toHaveLength(1);
  expect(fetched.host).toHaveLength(1);
  expect(fetched.display).toHaveLength(1);
  expect(fetched.parser).toHaveLength(1);
  // from mf-articles' own origin
  for (const url of [...fetched.workerEngine, ...fetched.host, ...fetched.display, ...fetched.parser]) expect(new URL(url).origin).toBe(originOf('mf-articles'));
  // pdf.js sets globalThis.pdfjsLib where it is evaluated
  expect(await page.evaluate(() => 'pdfjsLib' in globalThis)).toBe(false);
  // the worker engine's host runs in a worker started from a blob: module on the page's origin
  expect(page.workers().some((w) => w.url().startsWith(`${new URL(page.url()).origin.replace('http:', 'blob:http:')}/`))).toBe(true);
}

/** pdf.js ran on the main thread: its main-thread build fetched and evaluated, the host never fetched. */
async function expectMainThreadEngine(page: Page, fetched: Record<FileKind, string[]>) {
  expect(fetched.mainThread.length).toBeGreaterThan(0);
  expect(fetched.display).toEqual([]);
  expect(await page.evaluate(() => 'pdfjsLib' in globalThis)).toBe(true);
}

for (const screen of SCREENS) {
  test(`a paid PDF on ${screen.name} (${screen.viewport.width} px): exactly its preview pages drawn in the page, the pages left named`, async ({ browser }) => {
    const paid = await someDoc(browser, false, (d) => d.preview.limited && d.pages > d.preview.preview_pages);
    const { context, page, fetched, problems } = await openOn(browser, screen, paid.id);
    await expect(page.getByRole('heading', { level: 1, name: paid.title })).toBeVisible();
    const preview = page.getByRole('region', { name: '文档预览' });
    await expect(preview.getByText(`可预览前 ${paid.preview.preview_pages} 页`)).toBeVisible();
    await expectPagesDrawn(page, paid.preview.preview_pages, screen.deviceScaleFactor, paid.title);
    await expect(preview.getByText(`剩余 ${paid.pages - paid.preview.preview_pages} 页需下载后阅读`)).toBeVisible();
    await expectWorkerEngine(page, fetched);
    // the secondary link opens the same server-cut PDF
    const link = preview.getByRole('link', { name: '在新窗口中阅读' });
    const answer = await page.request.get((await link.getAttribute('href'))!);
    expect(answer.headers()['content-type']).toContain('application/pdf');
    expect((await answer.body()).subarray(0, 5).toString()).toBe('%PDF-');
    expect(problems).toEqual([]);
    await context.close();
  });

  test(`a free PDF on ${screen.name} (${screen.viewport.width} px): every page drawn, and drawn again after its canvas was given back`, async ({ browser }) => {
    const free = await someDoc(browser, true, (d) => !d.preview.limited);
    expect(free.preview.preview_pages).toBe(free.pages);
    expect(free.pages).toBeGreaterThan(3); // far enough for the first pages to give their canvases back
    const { context, page, fetched, problems } = await openOn(browser, screen, free.id);
    await expect(page.getByRole('region', { name: '文档预览' }).getByText(`共 ${free.pages} 页`)).toBeVisible();
    await expectPagesDrawn(page, free.pages, screen.deviceScaleFactor, free.title);
    await expect(page.getByText(/需下载后阅读/)).toHaveCount(0);
    // at the last page, the first is more than a screen away: its canvas was given back, and it is drawn again
    const first = page.locator('.dt-pdf-page').first();
    await expect(first).toHaveAttribute('data-state', 'idle');
    await expect(first.locator('.dt-pdf-text')).toBeEmpty();
    await first.scrollIntoViewIfNeeded();
    await expect(first).toHaveAttribute('data-state', 'done');
    expect(await inkShare(first)).toBeGreaterThan(0.0003);
    await expect(first.locator('.dt-pdf-text')).toContainText(free.title);
    await expectWorkerEngine(page, fetched);
    expect(problems).toEqual([]);
    await context.close();
  });
}

test('a narrower window draws the pages again at the new width, in the same canvases', async ({ browser }) => {
  const free = await someDoc(browser, true, (d) => !d.preview.limited);
  const { context, page, fetched, problems } = await openOn(browser, SCREENS[1], free.id);
  const first = page.locator('.dt-pdf-page').first();
  await first.scrollIntoViewIfNeeded();
  await expect(first).toHaveAttribute('data-state', 'done');
  const canvas = first.getByRole('img', { name: '第 1 页' });
  const wide = await canvas.evaluate((c: HTMLCanvasElement) => c.width);
  // the list 738 -> 468 px wide: more than the 15 % that has a page drawn again
  await page.setViewportSize({ width: 500, height: 900 });
  await expect.poll(() => canvas.evaluate((c: HTMLCanvasElement) => Math.abs(c.width - c.getBoundingClientRect().width))).toBeLessThanOrEqual(2);
  expect(await canvas.evaluate((c: HTMLCanvasElement) => c.width)).toBeLessThan(wide * 0.85);
  await expect(first).toHaveAttribute('data-state', 'done');
  expect(await inkShare(first)).toBeGreaterThan(0.0003);
  await expectTextOverInk(first, free.title);
  await expectWorkerEngine(page, fetched);
  expect(problems).toEqual([]);
  await context.close();
});

test('where pages cannot be drawn in a worker (no transferControlToOffscreen), pdf.js draws on the main thread', async ({ browser }) => {
  const paid = await someDoc(browser, false, (d) => d.preview.limited && d.pages > d.preview.preview_pages);
  const { context, page, fetched, problems } = await openOn(browser, SCREENS[0], paid.id, (p) =>
    p.addInitScript(() => delete (HTMLCanvasElement.prototype as { transferControlToOffscreen?: unknown }).transferControlToOffscreen),
  );
  await expectPagesDrawn(page, paid.preview.preview_pages, SCREENS[0].deviceScaleFactor, paid.title);
  await expectMainThreadEngine(page, fetched);
  expect(fetched.workerEngine).toEqual([]);
  expect(fetched.host).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});

test('when the PDF worker cannot start (its file fails to load), pdf.js draws on the main thread', async ({ browser }) => {
  const paid = await someDoc(browser, false, (d) => d.preview.limited && d.pages > d.preview.preview_pages);
  const { context, page, fetched, problems } = await openOn(browser, SCREENS[1], paid.id, (p) => p.route(FILES.host, (route) => route.abort()));
  await expectPagesDrawn(page, paid.preview.preview_pages, SCREENS[1].deviceScaleFactor, paid.title);
  expect(fetched.workerEngine).toHaveLength(1);
  expect(fetched.host).toHaveLength(1);
  await expectMainThreadEngine(page, fetched);
  // the one thing said in the console is the worker's file not loading
  expect(problems.filter((line) => !/pdf-host|net::ERR_FAILED|module script/i.test(line))).toEqual([]);
  await context.close();
});

test('the search home fetches nothing of pdf.js', async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(r.url()));
  await page.goto('/');
  await expect(page.locator('[data-kernel-instance]').first()).toBeAttached();
  await page.waitForLoadState('networkidle');
  expect(fetched.filter((u) => /pdfjs|pdf\.(worker|display|renderer)|pdf-(host|worker-engine)/.test(u))).toEqual([]);
});
