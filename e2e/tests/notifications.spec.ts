import { expect, request as requests, test } from '@playwright/test';
import { devRoutesHeaders } from '../support/dev-routes';
import { csrf, registerThroughPage } from '../support/journey';

// Notifications (issue 17) in Chromium against the real API: a comment arrives on my document and the bell's count
// rises in two open tabs without a reload (the server pushes it over the SSE stream through the shell's proxy),
// then falls in the other tab when I read it. The document is made mine with the dev-only /api/dev/assign-doc/.

const PASSWORD = 'notify2026pass';

test('a comment on my document raises the bell in two tabs without a reload; reading it lowers it in the other', async ({ browser, baseURL }) => {
  const api = await requests.newContext({ baseURL });
  const owner = await registerThroughPage(browser, baseURL!, { password: PASSWORD });
  const commenter = await registerThroughPage(browser, baseURL!, { password: PASSWORD });
  const docs = (await (await api.get('/api/docs/?page_size=1')).json()) as { results: { id: number }[] };
  const docId = docs.results[0]!.id;
  const assigned = await api.post('/api/dev/assign-doc/', { data: { docs: docId, uid: owner.uid }, headers: devRoutesHeaders() });
  expect(assigned.status(), await assigned.text()).toBe(200);

  const tabs = [owner.page, await owner.context.newPage()];
  for (const tab of tabs) {
    await tab.goto('/');
    await expect(tab.getByTestId('navbar-bell')).toBeVisible();
    await expect(tab.getByTestId('navbar-bell-count')).toHaveCount(0);
  }
  // the stream is open before the event (its first message is the count)
  await tabs[1]!.waitForTimeout(500);

  const posted = await commenter.page.request.post('/api/docs-comment/', { data: { docs: docId, content: '写得真好，收藏了' }, headers: await csrf(commenter.context) });
  expect(posted.status(), await posted.text()).toBe(201);
  for (const tab of tabs) await expect(tab.getByTestId('navbar-bell-count')).toHaveText('1', { timeout: 5000 });

  // read it in the first tab: the list, then the message itself
  await tabs[0]!.getByTestId('navbar-bell').click();
  await expect(tabs[0]!).toHaveURL(/\/app\/user\/notifications\/list$/);
  const row = tabs[0]!.getByTestId('notification').first();
  await expect(row).toContainText('文档收到新评论');
  await expect(row).toContainText('写得真好，收藏了');
  await row.getByRole('link').click();
  await expect(tabs[0]!.getByTestId('notification-detail')).toContainText('评论了您的文档');
  await expect(tabs[0]!.getByTestId('navbar-bell-count')).toHaveCount(0);
  // the other tab was not touched: its count falls by the server's push
  await expect(tabs[1]!.getByTestId('navbar-bell-count')).toHaveCount(0, { timeout: 5000 });

  await owner.context.close();
  await commenter.context.close();
  await api.dispose();
});
