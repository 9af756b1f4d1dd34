import { expect, test } from '@playwright/test';
import { initialDeployment, originOf, type Remote } from '../support/site';

// Only the remote that owns the current route is fetched.
test('on / only mf-articles is fetched; another remote is fetched when its route opens', async ({ page }) => {
  const deployment = initialDeployment();
  const origins = Object.fromEntries((Object.keys(deployment) as Remote[]).map((r) => [originOf(r), r]));
  const fetched = new Set<string>();
  page.on('request', (request) => {
    const remote = origins[new URL(request.url()).origin];
    if (remote) fetched.add(remote);
  });

  await page.goto('/');
  await expect(page.locator('#slot-mf-articles h1')).toHaveText('文档搜索');
  await page.waitForLoadState('networkidle');
  expect([...fetched]).toEqual(['mf-articles']);

  // Client-side navigation to another domain fetches that remote, and only it.
  await page.getByRole('link', { name: '上传文档' }).click();
  await expect(page.locator('#slot-mf-user-center h1')).toHaveText('上传文档');
  expect([...fetched].sort()).toEqual(['mf-articles', 'mf-user-center']);
});
