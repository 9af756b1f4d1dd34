import { expect, test } from '@playwright/test';
import { ROUTES } from '../../shared-kernel/src/routing/route-table';
import { BRAND } from '../../shared-kernel/src/site/brand';
import { collectConsole } from '../support/site';

// Every route of SPEC.md §2 resolves to its owning remote and shows its title; one copy of React everywhere.
test('every route is served by its owning remote with its title, without duplicate-React warnings', async ({ page }) => {
  test.setTimeout(180_000);
  const consoleLines = collectConsole(page);
  for (const route of ROUTES) {
    const url = route.path.replace(':id', '12');
    await page.goto(url);
    const slot = page.locator(`#slot-${route.remote}`);
    await expect(slot.locator('h1'), `${url} 的标题`).toHaveText(route.title);
    await expect(slot).toHaveAttribute('data-remote', route.remote);
    await expect(page).toHaveTitle(`${route.title} - ${BRAND}`);
  }
  const hookProblems = consoleLines.filter((l) => /invalid hook call|more than one copy of react|duplicate react/i.test(l));
  expect(hookProblems).toEqual([]);
});

test('an unknown path shows the Chinese 404 page inside the frame', async ({ page }) => {
  await page.goto('/app/no/such/page');
  await expect(page.getByTestId('not-found')).toContainText('页面不存在');
  await expect(page.getByRole('navigation', { name: '主导航' })).toBeVisible();
});
