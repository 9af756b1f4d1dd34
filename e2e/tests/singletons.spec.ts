import { expect, test } from '@playwright/test';

// One copy of each singleton: state set through the kernel in one remote is seen by the shell and another remote.
test('theme set in one remote is seen by the navbar and by another remote; one kernel instance', async ({ page }) => {
  await page.goto('/app/articles/cate/list');
  const articles = page.locator('#slot-mf-articles');
  await expect(articles.getByTestId('remote-theme')).toHaveText('浅色');
  await expect(page.getByTestId('navbar-theme')).toHaveText('浅色');

  await articles.getByRole('button', { name: '切换主题' }).click();
  await expect(articles.getByTestId('remote-theme')).toHaveText('深色');
  await expect(page.getByTestId('navbar-theme')).toHaveText('深色');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  // Client-side navigation into another remote (mf-user-center) keeps the same state.
  await page.getByRole('link', { name: '上传文档' }).click();
  const userCenter = page.locator('#slot-mf-user-center');
  await expect(userCenter.getByTestId('remote-theme')).toHaveText('深色');

  const navbarInstance = await page.getByRole('navigation', { name: '主导航' }).getAttribute('data-kernel-instance');
  const remoteInstance = await userCenter.locator('[data-kernel-instance]').getAttribute('data-kernel-instance');
  expect(navbarInstance).toBeTruthy();
  expect(remoteInstance).toBe(navbarInstance);

  // That remote changes it back: the shell follows again.
  await userCenter.getByRole('button', { name: '切换主题' }).click();
  await expect(page.getByTestId('navbar-theme')).toHaveText('浅色');
});
