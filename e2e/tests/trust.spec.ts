import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, request as requests, test, type Page } from '@playwright/test';
import { devRoutesHeaders } from '../support/dev-routes';
import { registerThroughPage } from '../support/journey';
import { storeUserInfo } from '../support/shell';
import { noisePng } from '../support/upload-files';

// Trust and safety (issue 20) in Chromium against the real API: a rights-holder files a complaint with a proof
// picture on a phone-width page; staff take the document down in the console (mf-admin's 侵权投诉 page); the uploader sees the notice and sends a counter-statement; after the 15 days (the dev-only
// POST /api/dev/trust-sweep/ runs the sweep as if they had passed) the document is back and both see the history.
// Screenshots at 375 and 1280 px.

const SHOTS = process.env.TRUST_SCREENSHOT_DIR ?? path.join(os.tmpdir(), 'trust-shots');
const PASSWORD = 'trust2026pass';

async function fitsScreen(page: Page): Promise<void> {
  const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scroll, '页面比屏幕宽').toBeLessThanOrEqual(inner);
}

test('a complaint with a proof picture on a phone, taken down, counter-noticed and restored after the period', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  const dev = await requests.newContext({ baseURL });
  const uploader = await registerThroughPage(browser, baseURL!, { password: PASSWORD, width: 375 });
  const claimant = await registerThroughPage(browser, baseURL!, { password: PASSWORD, width: 375 });
  const staff = await registerThroughPage(browser, baseURL!, { password: PASSWORD, width: 1280 });
  expect((await dev.post('/api/dev/staff-role/', { data: { mobile: staff.phone, role: 'support' }, headers: devRoutesHeaders() })).status()).toBe(200);
  const docs = ((await (await dev.get('/api/docs/?page_size=1')).json()) as { results: { id: number; title: string }[] }).results[0];
  expect((await dev.post('/api/dev/assign-doc/', { data: { docs: docs.id, uid: uploader.uid }, headers: devRoutesHeaders() })).status()).toBe(200);

  // the rights-holder, on a phone
  const page = claimant.page;
  await page.goto('/app/site/report');
  await expect(page.getByTestId('report-intro')).toContainText('信息网络传播权保护条例');
  await page.getByLabel('真实姓名或单位名称').fill('张三');
  await page.getByLabel('证件号码').fill('110101199001011234');
  await page.getByLabel('联系电话').fill('13800000000');
  await page.getByLabel('被投诉文档的地址或编号').fill(`${baseURL}/app/articles/docs/detail/${docs.id}`);
  await page.getByLabel('权利作品名称').fill('《网络安全导论》');
  await page.getByLabel('权属与侵权说明').fill('本人是该书作者，该文档未经授权上传了全书内容。');
  await page.locator('input[type=file]').setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: noisePng(300, 200) });
  await expect(page.getByRole('img', { name: '证明材料 1' })).toBeVisible();
  await page.getByLabel('本人保证以上内容真实，并对通知的真实性承担法律责任').check();
  await fitsScreen(page);
  await page.screenshot({ path: `${SHOTS}/report-375.png`, fullPage: true });
  await page.getByRole('button', { name: '提交通知' }).click();
  await page.getByRole('link', { name: '查看详情' }).click();
  await expect(page).toHaveURL(/\/app\/user\/myreport\/detail\?id=\d+/);
  const id = Number(new URL(page.url()).searchParams.get('id'));
  await expect(page.getByTestId('step')).toHaveCount(1);

  // staff take it down in the console (the role came after the login: the tab learns it as a new login would);
  // the document is gone from the public site
  const desk = staff.page;
  await storeUserInfo(desk, await (await desk.request.get('/api/users/0/')).json());
  await desk.goto('/app/admin/complaints');
  const queue = desk.locator('#slot-mf-admin').getByTestId('complaints-queue');
  await queue.getByRole('button', { name: `#${id}`, exact: true }).click();
  const detail = queue.getByTestId('queue-detail');
  await expect(detail.getByText('张三')).toBeVisible();
  await expect(detail.getByRole('img', { name: '证明 1' })).toBeVisible();
  await detail.getByRole('button', { name: '下架', exact: true }).click();
  await queue.getByTestId('reason-form').getByRole('textbox').fill('通知要素完整，依法下架');
  await queue.getByRole('button', { name: '确认下架' }).click();
  await expect(detail.getByRole('button', { name: '下架', exact: true })).toHaveCount(0);
  await desk.screenshot({ path: `${SHOTS}/console-complaint-1280.png`, fullPage: true });
  expect((await dev.get(`/api/docs/${docs.id}/`)).status()).toBe(404);

  // the uploader sees the notice and answers with a counter-statement
  const up = uploader.page;
  await up.goto('/app/user/myreport/list');
  await up.getByRole('region', { name: '针对我文档的侵权通知' }).getByRole('link', { name: /查看详情/ }).click();
  await expect(up.getByText('文档已下架')).toBeVisible();
  const form = up.getByRole('form', { name: '提交反通知' });
  await form.getByLabel('真实姓名或单位名称').fill('李四');
  await form.getByLabel('证件号码').fill('110101199202021234');
  await form.getByLabel('联系电话').fill('13900000000');
  await form.getByLabel('不侵权的理由').fill('该文档是我本人整理的课堂笔记，并非转载他人作品。');
  await form.locator('input[type=file]').setInputFiles({ name: 'mine.png', mimeType: 'image/png', buffer: noisePng(200, 200) });
  await expect(form.getByRole('img', { name: '证明材料 1' })).toBeVisible();
  await fitsScreen(up);
  await up.screenshot({ path: `${SHOTS}/counter-375.png`, fullPage: true });
  await form.getByRole('button', { name: '提交反通知' }).click();
  await expect(up.getByRole('region', { name: '反通知' })).toBeVisible();

  // the claimant is told and has 15 days; nobody sues, the period passes, the document is back
  await page.reload();
  await expect(page.getByRole('form', { name: '告知已投诉或起诉' })).toBeVisible();
  const swept = await dev.post('/api/dev/trust-sweep/', { data: { days: 16 }, headers: devRoutesHeaders() });
  expect(((await swept.json()) as { restored: number }).restored).toBeGreaterThanOrEqual(1);
  expect((await dev.get(`/api/docs/${docs.id}/`)).status()).toBe(200);

  for (const [who, width] of [[claimant, 375], [uploader, 1280]] as const) {
    await who.page.setViewportSize({ width, height: 900 });
    await who.page.goto(`/app/user/myreport/detail?id=${id}`);
    await expect(who.page.getByText('已恢复').first()).toBeVisible();
    await expect(who.page.getByTestId('step')).toHaveCount(6);
    await fitsScreen(who.page);
    await who.page.screenshot({ path: `${SHOTS}/detail-${who === claimant ? 'claimant' : 'uploader'}-${width}.png`, fullPage: true });
  }
  for (const [path, name] of [['/app/user/myreport/list', 'list'], ['/app/user/authentication', 'authentication'], ['/app/site/report', 'report']] as const) {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await expect(page.locator('.uc-page h1')).toBeVisible();
      await fitsScreen(page);
      await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    }
  }
  for (const account of [uploader, claimant, staff]) await account.context.close();
  await dev.dispose();
});
