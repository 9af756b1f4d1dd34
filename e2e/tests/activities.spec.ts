import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { devRoutesHeaders } from '../support/dev-routes';
import { csrf, registerThroughPage, toast } from '../support/journey';

// Activities (issue 19) in the browser against the real API: a new user registers through the registration form
// with an invite code; once the invitee has an approved document (the dev-only assign-doc route: there is no upload
// yet), both see their reward in their claims and coin records. A user joins an upload theme staff made, sees its
// progress and claims its prize; a red packet staff sent is opened from its shared link. Each page is looked at
// at 375 and 1280 px (screenshots in ACTIVITY_SCREENSHOT_DIR).

const SHOTS = process.env.ACTIVITY_SCREENSHOT_DIR ?? '/tmp/activity-shots';
const PASSWORD = 'activity2026';

/** The page at 375 and 1280 px, full length; nothing wider than the screen. */
async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.waitForTimeout(150);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} 在 ${width}px 下横向溢出`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true, animations: 'disabled' });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('invitation, upload theme and red packet journeys; every activity page at 375 and 1280 px', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const staff = await registerThroughPage(browser, baseURL!, { password: PASSWORD });
  const granted = await staff.page.request.post('/api/dev/staff-role/', { data: { mobile: staff.phone, role: 'admin' }, headers: { ...devRoutesHeaders(), ...(await csrf(staff.context)) } });
  expect(granted.status(), await granted.text()).toBe(200);

  // the inviter's code, link and QR
  const inviter = await registerThroughPage(browser, baseURL!, { password: PASSWORD });
  await inviter.page.goto('/app/user/invite_code');
  const code = (await inviter.page.getByTestId('invite-code').textContent())!.trim();
  expect(code).toMatch(/^[1-9]\d{4}$/);
  await expect(inviter.page.getByAltText('邀请链接二维码')).toBeVisible();
  await expect(inviter.page.getByTestId('invite-link')).toContainText(`/app/user/reg/mobile?invite=${code}`);

  // the invitee registers from the shared link: the code is filled in and checked
  const invitee = await registerThroughPage(browser, baseURL!, { password: PASSWORD, path: `/app/user/reg/mobile?invite=${code}` });
  const invitation = await invitee.page.request.get('/api/activity-parti/');
  expect(((await invitation.json()) as { count: number }).count, '尚未完成任务，不应有奖励').toBe(0);
  const docs = ((await (await invitee.page.request.get('/api/docs/?page_size=20')).json()) as { results: { id: number; title: string; category: { id: number }; create_time: string }[] }).results;
  const doc = docs[0];
  const assigned = await invitee.page.request.post('/api/dev/assign-doc/', { data: { docs: doc.id, uid: invitee.uid }, headers: { ...devRoutesHeaders(), ...(await csrf(invitee.context)) } });
  expect(assigned.status(), await assigned.text()).toBe(200);

  await invitee.page.goto('/app/user/activity/list');
  await expect(invitee.page.getByTestId('claim').first()).toContainText('受邀注册奖励');
  await expect(invitee.page.getByTestId('claim').first()).toContainText('+50 金币');
  await inviter.page.goto('/app/user/activity/list');
  await expect(inviter.page.getByTestId('claim').first()).toContainText('邀请好友奖励');
  await expect(inviter.page.getByTestId('claim').first()).toContainText('+200 金币');
  await shoot(inviter.page, 'user-activity-list');
  await inviter.page.getByTestId('claim').first().click();
  await expect(inviter.page.getByRole('heading', { level: 1 })).toHaveText('领取详情');
  await shoot(inviter.page, 'user-activity-detail');
  await inviter.page.goto('/app/user/coin/list?kind=reward');
  await expect(inviter.page.getByTestId('coin-record').first()).toContainText('活动奖励');
  await inviter.page.goto('/app/user/invite_code');
  await expect(inviter.page.getByTestId('invitee').first()).toContainText('已获得奖励');
  await shoot(inviter.page, 'user-invite-code');

  // an upload theme over the assigned document's category and time: join, progress 1/1, claim
  const now = Date.now();
  const docTime = new Date(doc.create_time).getTime();
  const theme = await staff.page.request.post('/api/staff/activities/', {
    data: {
      kind: 'upload_theme', title: '精品文档征集', summary: '上传 1 篇文档并通过审核，得 80 金币', rules: '1. 报名后计入进度。\n2. 每人限领一次。',
      category: doc.category.id, target_count: 1, reward_coins: 80,
      start_time: new Date(Math.min(docTime, now) - 86_400_000).toISOString(), end_time: new Date(now + 10 * 86_400_000).toISOString(),
    },
    headers: await csrf(staff.context),
  });
  expect(theme.status(), await theme.text()).toBe(201);
  const themeId = ((await theme.json()) as { id: number }).id;
  await invitee.page.goto(`/app/activity/detail/${themeId}`);
  await invitee.page.getByRole('button', { name: '立即报名' }).click();
  await expect(invitee.page.getByText('我的进度：1 / 1')).toBeVisible();
  await shoot(invitee.page, 'activity-detail');
  await invitee.page.getByRole('button', { name: '领取奖励' }).click();
  await expect(toast(invitee.page, '领取成功，80 金币已到账')).toBeVisible();
  await expect(invitee.page.getByRole('button', { name: '已领取' })).toBeVisible();

  await invitee.page.goto('/app/activity/activity_rules');
  await expect(invitee.page.getByText('精品文档征集')).toBeVisible();
  await shoot(invitee.page, 'activity-rules');

  // a red packet from staff, opened from its link
  const packet = await staff.page.request.post('/api/staff/red-packets/', { data: { title: '周末福利', total_coins: 100, shares: 10 }, headers: await csrf(staff.context) });
  expect(packet.status(), await packet.text()).toBe(201);
  const packetId = ((await packet.json()) as { id: number }).id;
  await invitee.page.goto(`/app/activity/home_page1?packet=${packetId}`);
  await invitee.page.getByRole('button', { name: '拆红包' }).click();
  await expect(invitee.page.getByTestId('my-share')).toContainText('已领');
  await expect(invitee.page.getByTestId('packet').first()).toContainText('周末福利');
  await shoot(invitee.page, 'activity-red-packets');

  for (const account of [staff, inviter, invitee]) await account.context.close();
});
