import { fireEvent, waitFor, within } from '@testing-library/react';
import { on } from 'shared-kernel';
import { activity, claim, logIn, mine, open, packet, page, usePage } from './support/activity';

// The pages of mf-activity on GET /api/activity-info/, /api/activity-parti/, /api/red-packets/ and their writes.
// the pages are lazy chunks: a cold run transforms each on its first use
jest.setTimeout(20_000);

const api = usePage(null);
beforeAll(() => {
  window.scrollTo = jest.fn() as typeof window.scrollTo;
});

describe('activity/detail/{id}', () => {
  test('a visitor sees the theme, its period, prize, category, rules and how many joined; joining asks for login', async () => {
    api.on('GET /activity-info/7/', { body: activity() });
    const asked = jest.fn();
    const off = on('auth:login-required', asked);
    const view = await open('/app/activity/detail/7');
    const q = within(view.host);
    expect(await q.findByText('优质文档上传月')).toBeTruthy();
    expect(q.getByTestId('joined-count').textContent).toBe('1,234 人参与');
    expect(q.getByTestId('activity-state').textContent).toBe('进行中');
    expect(q.getByTestId('prize').textContent).toBe('300 金币');
    expect(q.getByText(/指定分类：法律/)).toBeTruthy();
    expect(q.getByText(/1\. 报名后上传。/)).toBeTruthy();
    fireEvent.click(q.getByRole('button', { name: '登录后参与' }));
    expect(asked).toHaveBeenCalled();
    off();
  });

  test('joining an upload theme, the progress bar, then claiming the prize once it is reached', async () => {
    logIn();
    api.on('GET /activity-info/7/', { body: activity({ mine: mine({ joined: false, progress: 0 }) }) });
    api.on('POST /theme-parti/', { body: activity({ joined_count: 1235, mine: mine() }) });
    const view = await open('/app/activity/detail/7');
    const q = within(view.host);
    fireEvent.click(await q.findByRole('button', { name: '立即报名' }));
    await waitFor(() => expect(api.calls('POST /theme-parti/')).toHaveLength(1));
    expect(api.calls('POST /theme-parti/')[0].body).toEqual({ activity: 7 });
    expect(await q.findByText('我的进度：1 / 3')).toBeTruthy();
    expect(q.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('1');
    expect(q.getByTestId('reason').textContent).toBe('还差 2 篇通过审核的文档');
    expect((q.getByRole('button', { name: '领取奖励' }) as HTMLButtonElement).disabled).toBe(true);
    expect(q.getByRole('link', { name: '去上传文档' }).getAttribute('href')).toBe('/app/user/docs/upload');

    api.on('GET /activity-info/7/', { body: activity({ mine: mine({ progress: 3, claimable: true, reason: '' }) }) });
    await view.close();
    const again = await open('/app/activity/detail/7');
    const q2 = within(again.host);
    api.on('POST /activity-parti/', { status: 201, body: claim() });
    const claimButton = await q2.findByRole('button', { name: '领取奖励' });
    await waitFor(() => expect((claimButton as HTMLButtonElement).disabled).toBe(false));
    api.on('GET /activity-info/7/', { body: activity({ mine: mine({ progress: 3, claimed: true, reason: '' }) }) });
    fireEvent.click(claimButton);
    expect(await q2.findByRole('button', { name: '已领取' })).toBeTruthy();
    expect(api.calls('POST /activity-parti/')[0].body).toEqual({ activity: 7 });
  });

  test('an invitation drive sends me to my invite code; a missing activity shows the message', async () => {
    logIn();
    api.on('GET /activity-info/8/', { body: activity({ id: 8, kind: 'invite', kind_label: '邀请有礼', inviter_coins: 200, reward_coins: 50 }) });
    const view = await open('/app/activity/detail/8');
    const q = within(view.host);
    expect(await q.findByText('邀请人得 200 金币；参与者得 50 金币')).toBeTruthy();
    expect(q.getByRole('link', { name: '去邀请好友' }).getAttribute('href')).toBe('/app/user/invite_code');
    await view.close();
    api.on('GET /activity-info/9/', { status: 404, body: { message: '活动不存在', code: 'not_found' } });
    const missing = await open('/app/activity/detail/9');
    expect(await within(missing.host).findByText('活动不存在')).toBeTruthy();
  });
});

test('activity/activity_rules: every activity with the rules staff wrote', async () => {
  api.on('GET /activity-info/', page([activity(), activity({ id: 8, kind: 'new_user', kind_label: '新人礼包', title: '新人礼包', rules: '同一手机号、同一设备只能领取一次。' })]));
  const view = await open('/app/activity/activity_rules');
  const sections = await within(view.host).findAllByTestId('activity-rules');
  expect(sections).toHaveLength(2);
  expect(within(sections[1]).getByText('同一手机号、同一设备只能领取一次。')).toBeTruthy();
  expect(within(sections[1]).getByRole('link', { name: '活动详情' }).getAttribute('href')).toBe('/app/activity/detail/8');
  expect(api.calls('GET /activity-info/')[0].query.get('page_size')).toBe('100');
});

describe('user/activity/list and detail', () => {
  test('my claims: kind, activity, coins, time and state, each linking to its detail; an empty list says so', async () => {
    logIn();
    api.on('GET /activity-parti/', page([claim(), claim({ id: 8, kind: 'invite_inviter', kind_label: '邀请好友奖励', activity_title: '邀请好友得金币', coins: 200 })]));
    const view = await open('/app/user/activity/list');
    const rows = await within(view.host).findAllByTestId('claim');
    expect(rows).toHaveLength(2);
    expect(rows[1].textContent).toContain('邀请好友奖励 · 邀请好友得金币');
    expect(rows[1].textContent).toContain('+200 金币');
    expect(rows[1].textContent).toContain('已到账');
    expect(rows[1].getAttribute('href')).toBe('/app/user/activity/detail/8');
    await view.close();
    api.on('GET /activity-parti/', page([]));
    const empty = await open('/app/user/activity/list');
    expect(await within(empty.host).findByText('还没有领取记录，去看看正在进行的活动吧')).toBeTruthy();
  });

  test('a claim: activity, kind, coins, state, time, links to the activity and the coin records', async () => {
    logIn();
    api.on('GET /activity-parti/7/', { body: claim() });
    const view = await open('/app/user/activity/detail/7');
    const q = within(view.host);
    expect(await q.findByText('主题活动奖励')).toBeTruthy();
    expect(q.getByText('+300 金币')).toBeTruthy();
    expect(q.getByRole('link', { name: '查看活动' }).getAttribute('href')).toBe('/app/activity/detail/7');
    expect(q.getByRole('link', { name: '查看金币记录' }).getAttribute('href')).toBe('/app/user/coin/list?kind=reward');
  });
});

describe('activity/home_page1 (my red packets)', () => {
  test('a shared packet is opened: my share shows; the lists show received and sent packets', async () => {
    logIn();
    api.on('GET /red-packets/5/', { body: packet() });
    api.on('POST /red-packets/5/open/', { body: { coins: 12, packet: packet({ my_coins: 12, remaining_shares: 5 }), message: '恭喜，领到 12 金币' } });
    api.on('GET /red-packets/', (r) => (r.query.get('box') === 'sent' ? page([packet({ id: 6, title: '我发的', sender: '读者' })]) : page([packet({ my_coins: 9 })])));
    const view = await open('/app/activity/home_page1?packet=5');
    const q = within(view.host);
    // the shared packet's card (the received list below may name the same sender)
    expect(within(await q.findByTestId('shared-packet')).getByText('小王的红包')).toBeTruthy();
    fireEvent.click(q.getByRole('button', { name: '拆红包' }));
    expect((await q.findByTestId('my-share')).textContent).toBe('已领 12 金币');
    // the received list is loaded again after the opening
    await waitFor(() => expect(api.calls('GET /red-packets/').filter((c) => c.query.get('box') === 'received')).toHaveLength(2));
    expect((await q.findAllByTestId('packet'))[0].textContent).toContain('+9 金币');
    fireEvent.click(q.getByRole('tab', { name: '发出的红包' }));
    await waitFor(() => expect(q.getAllByTestId('packet')[0].textContent).toContain('我发的'));
    expect(q.getAllByTestId('packet')[0].textContent).toContain('剩余 6/10 个');
  });

  test('sending a packet: checked in the form, sent with its numbers, then shared (the link is copied)', async () => {
    logIn();
    api.on('GET /red-packets/', page([]));
    api.on('POST /red-packets/', { status: 201, body: packet({ id: 9, sender: '读者' }) });
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const view = await open('/app/activity/home_page1');
    const q = within(view.host);
    fireEvent.change(await q.findByLabelText('总金币'), { target: { value: '3' } });
    fireEvent.change(q.getByLabelText('红包个数'), { target: { value: '5' } });
    fireEvent.click(q.getByRole('button', { name: '塞金币进红包' }));
    expect((await q.findByRole('alert')).textContent).toBe('每个红包至少 1 金币，金额不够分');
    fireEvent.change(q.getByLabelText('总金币'), { target: { value: '100' } });
    fireEvent.click(q.getByRole('button', { name: '塞金币进红包' }));
    await waitFor(() => expect(api.calls('POST /red-packets/')).toHaveLength(1));
    expect(api.calls('POST /red-packets/')[0].body).toEqual({ title: '恭喜发财，大吉大利', total_coins: 100, shares: 5, expire_hours: 24 });
    const share = await q.findAllByRole('button', { name: '分享红包' });
    fireEvent.click(share[share.length - 1]);
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/app/activity/home_page1?packet=5`));
  });

  test('a visitor is asked to log in', async () => {
    const view = await open('/app/activity/home_page1');
    expect(await within(view.host).findByText('登录后领取和发送红包')).toBeTruthy();
  });
});
