import { expect, test, type Page } from '@playwright/test';
import { navLink } from '../support/shell';
import { originOf } from '../support/site';

async function expectFallback(page: Page) {
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('页面加载失败');
  await expect(alert.getByRole('button', { name: '重试' })).toBeVisible();
}

// A remote whose entry is missing, or whose code throws, fails alone: a Chinese fallback with a retry button in
// its slot, the navbar and the other remotes keep working, and retry recovers once the remote is back.
test('a remote whose entry answers 404 fails alone and recovers on retry', async ({ page }) => {
  const entry = `${originOf('mf-pay')}/remoteEntry.js`;
  await page.route(entry, (route) => route.fulfill({ status: 404, body: 'not found' }));

  // a public route of mf-pay: login-required ones send a visitor to the login page (issue 5)
  await page.goto('/app/guest/pay/order');
  await expectFallback(page);
  await expect(page.getByRole('navigation', { name: '主导航' })).toBeVisible();

  // Another domain still works, through the navbar.
  await navLink(page, '分类').click();
  await expect(page.locator('#slot-mf-articles h1')).toHaveText('分类列表');
  await page.goBack();
  await expectFallback(page);

  await page.unroute(entry);
  await page.getByRole('button', { name: '重试' }).click();
  await expect(page.locator('#slot-mf-pay h1')).toHaveText('游客支付');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a remote whose code throws fails alone and recovers on retry', async ({ page }) => {
  const exposed = `${originOf('mf-activity')}/__federation_expose_app*.js`;
  await page.route(exposed, (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: 'throw new Error("模拟远程模块故障");' }),
  );

  await page.goto('/app/activity/activity_rules');
  await expectFallback(page);

  await page.getByRole('link', { name: '上传文档' }).click();
  await expect(page.locator('#slot-mf-user-center h1')).toHaveText('上传文档');
  await page.goBack();
  await expectFallback(page);

  await page.unroute(exposed);
  await page.getByRole('button', { name: '重试' }).click();
  await expect(page.locator('#slot-mf-activity h1')).toHaveText('活动规则');
  await expect(page.getByRole('alert')).toHaveCount(0);
});
