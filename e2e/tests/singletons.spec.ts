import { expect, test } from '@playwright/test';
import { apiLogin, navLink, startAs } from '../support/shell';

// One copy of each singleton: state set through the kernel in one remote is seen by the shell and another remote.
test('theme set in one remote is seen by the navbar and by another remote; one kernel instance', async ({ page, context, baseURL }) => {
  // mf-user-center's settings hub has the 深色模式 switch, on the kernel's theme
  const user = await apiLogin(context, baseURL!);
  await startAs(context, { ...user, is_active: 1 });
  await page.goto('/app/user/setting-items');
  const userCenter = page.locator('#slot-mf-user-center');
  await expect(userCenter.getByTestId('remote-theme')).toHaveText('浅色');
  await expect(page.getByTestId('navbar-theme')).toHaveText('浅色');

  await userCenter.getByRole('switch', { name: /深色模式/ }).click();
  await expect(userCenter.getByTestId('remote-theme')).toHaveText('深色');
  await expect(page.getByTestId('navbar-theme')).toHaveText('深色');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  const navbarInstance = await page.getByRole('navigation', { name: '主导航' }).getAttribute('data-kernel-instance');
  expect(navbarInstance).toBeTruthy();
  await expect(userCenter).toHaveAttribute('data-kernel-instance', navbarInstance!);

  // Client-side navigation into another remote (mf-articles) keeps the same kernel and the same state.
  await navLink(page, '分类').click();
  const articles = page.locator('#slot-mf-articles');
  await expect(articles.locator('h1')).toHaveText('分类列表');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(articles).toHaveAttribute('data-kernel-instance', navbarInstance!);

  // The shell changes it back: the page follows, and going back to the first remote shows it there too.
  await page.getByTestId('navbar-theme').click();
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', 'dark');
  await page.goBack();
  await expect(userCenter.getByTestId('remote-theme')).toHaveText('浅色');
});
