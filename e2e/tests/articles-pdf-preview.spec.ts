import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { collectConsole, originOf } from '../support/site';

// PDF previews read in the page (issue 7): pdf.js draws the API's PDF (cut to the readable pages for a paid
// document) into one canvas per page, on a phone and on PC. The quick seed has 6 PDFs, free and paid.

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

async function pdfDocs(page: Page, free: boolean): Promise<Doc[]> {
  const list = await page.request.get(`/api/docs/?page_size=100&ext_cate=pdf&is_free=${free ? 1 : 0}`);
  expect(list.status()).toBe(200);
  const ids = ((await list.json()) as { results: { id: number }[] }).results.map((d) => d.id);
  return Promise.all(ids.map(async (id) => (await (await page.request.get(`/api/docs/${id}/`)).json()) as Doc));
}

/** The share of a canvas's pixels that are not (near) white: text drawn on the page. */
function inkShare(canvas: Locator): Promise<number> {
  return canvas.evaluate((c: HTMLCanvasElement) => {
    const { data } = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
    let ink = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] < 200 || data[i + 1] < 200 || data[i + 2] < 200) ink += 1;
    return ink / (c.width * c.height);
  });
}

async function openOn(browser: Browser, screen: (typeof SCREENS)[number], id: number) {
  const { viewport, deviceScaleFactor, isMobile, hasTouch } = screen;
  const context = await browser.newContext({ viewport, deviceScaleFactor, isMobile, hasTouch });
  const page = await context.newPage();
  const workers: string[] = [];
  page.on('request', (r) => /pdf\.worker\.[0-9a-f]{8}\.js$/.test(r.url()) && workers.push(r.url()));
  const problems = collectConsole(page);
  await page.goto(`/app/articles/docs/detail/${id}`);
  return { context, page, workers, problems };
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
    expect(await inkShare(canvas)).toBeGreaterThan(0.0003); // a white canvas has none; a short poem about 0.1 %
    await expect(box.locator('.dt-pdf-text')).toContainText(/[\u4e00-\u9fff]{4}/);
    if (n === 1) await expect(box.locator('.dt-pdf-text')).toContainText(title);
  }
}

for (const screen of SCREENS) {
  test(`a paid PDF on ${screen.name} (${screen.viewport.width} px): exactly its preview pages drawn in the page, the pages left named`, async ({ browser }) => {
    const probe = await browser.newPage();
    const paid = (await pdfDocs(probe, false)).find((d) => d.preview.limited && d.pages > d.preview.preview_pages);
    await probe.close();
    expect(paid).toBeTruthy();
    const { context, page, workers, problems } = await openOn(browser, screen, paid!.id);
    await expect(page.getByRole('heading', { level: 1, name: paid!.title })).toBeVisible();
    const preview = page.getByRole('region', { name: '文档预览' });
    await expect(preview.getByText(`可预览前 ${paid!.preview.preview_pages} 页`)).toBeVisible();
    await expectPagesDrawn(page, paid!.preview.preview_pages, screen.deviceScaleFactor, paid!.title);
    await expect(preview.getByText(`剩余 ${paid!.pages - paid!.preview.preview_pages} 页需下载后阅读`)).toBeVisible();
    // pdf.js's worker comes from mf-articles' own origin
    expect(workers.length).toBe(1);
    expect(new URL(workers[0]).origin).toBe(originOf('mf-articles'));
    // the secondary link opens the same server-cut PDF
    const link = preview.getByRole('link', { name: '在新窗口中阅读' });
    const answer = await page.request.get((await link.getAttribute('href'))!);
    expect(answer.headers()['content-type']).toContain('application/pdf');
    expect((await answer.body()).subarray(0, 5).toString()).toBe('%PDF-');
    expect(problems).toEqual([]);
    await context.close();
  });

  test(`a free PDF on ${screen.name} (${screen.viewport.width} px): every page drawn`, async ({ browser }) => {
    const probe = await browser.newPage();
    const free = (await pdfDocs(probe, true)).find((d) => !d.preview.limited);
    await probe.close();
    expect(free).toBeTruthy();
    expect(free!.preview.preview_pages).toBe(free!.pages);
    const { context, page, problems } = await openOn(browser, screen, free!.id);
    await expect(page.getByRole('region', { name: '文档预览' }).getByText(`共 ${free!.pages} 页`)).toBeVisible();
    await expectPagesDrawn(page, free!.pages, screen.deviceScaleFactor, free!.title);
    await expect(page.getByText(/需下载后阅读/)).toHaveCount(0);
    expect(problems).toEqual([]);
    await context.close();
  });
}

test('the search home fetches nothing of pdf.js', async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(r.url()));
  await page.goto('/');
  await expect(page.locator('[data-kernel-instance]').first()).toBeAttached();
  await page.waitForLoadState('networkidle');
  expect(fetched.filter((u) => /pdfjs|pdf\.worker/.test(u))).toEqual([]);
});
