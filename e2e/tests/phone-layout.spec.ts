import { expect, test } from '@playwright/test';
import { ROUTES } from '../../shared-kernel/src/routing/route-table';
import { startAs } from '../support/shell';

// No page is wider than a phone's screen (hardening, finding 11): every route of the route table, opened as an
// active user, at 320, 375 and 414 px. The viewport is not a mobile one on purpose: a mobile viewport widens the
// layout to fit a page that overflows, which would hide exactly what is checked here.

const WIDTHS = [320, 375, 414];
/** Pages whose widest parts show only with a query: search results with their filter rows. */
const WITH_QUERY = [`/app/articles/search/result?keyword=${encodeURIComponent('诗')}`];

test('no page is wider than the screen at 320, 375 and 414 px', async ({ page, context }) => {
  test.setTimeout(300_000);
  // a staff member's user info, so the staff console's pages (mf-admin) are opened too
  await startAs(context, { uid: 1, nickname: '测试用户', is_active: 1, staff_roles: ['admin'] });
  const tooWide: string[] = [];
  for (const url of [...ROUTES.map((r) => r.path.replace(':id', '12')), ...WITH_QUERY]) {
    await page.setViewportSize({ width: WIDTHS[0], height: 740 });
    await page.goto(url);
    await expect(page.locator('main h1').first(), url).toBeVisible();
    await page.waitForLoadState('networkidle').catch(() => {});
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 740 });
      const { scrollWidth, innerWidth, widest } = await page.evaluate(() => {
        // the element that reaches furthest right, to say what overflows
        let widest = '';
        let right = 0;
        for (const el of document.querySelectorAll<HTMLElement>('body *')) {
          const r = el.getBoundingClientRect().right;
          if (r > right + 0.5) {
            right = r;
            widest = `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`;
          }
        }
        return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, widest: `${widest} (${Math.round(right)})` };
      });
      if (scrollWidth > innerWidth) tooWide.push(`${url} @${width}: ${scrollWidth} > ${innerWidth}, ${widest}`);
    }
  }
  expect(tooWide).toEqual([]);
});
