import { fireEvent, waitFor, within } from '@testing-library/react';
import { open, page, usePage } from './support/coins';

// user/invite_code on GET /api/invite-code/ and /api/invite-code/invitees/.
jest.setTimeout(20_000);
const api = usePage();

const QR = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const LINK = 'https://example.test/app/user/reg/mobile?invite=12345';

function myCode(overrides: Record<string, unknown> = {}) {
  return { code: '12345', link: LINK, qr: QR, invited: 3, rewarded: 1, earned_coins: 200, inviter_coins: 200, invitee_coins: 50, ...overrides };
}

test('my code, its QR and link, the totals, and who joined through me with what it earned', async () => {
  api.on('GET /invite-code/', { body: myCode() });
  api.on('GET /invite-code/invitees/', page([
    { nickname: '小***', create_time: '2026-11-24T02:00:00.000Z', state: 'rewarded', state_label: '已获得奖励', coins: 200 },
    { nickname: '王*', create_time: '2026-11-23T02:00:00.000Z', state: 'pending', state_label: '待完成任务', coins: 0 },
  ]));
  const view = await open('/app/user/invite_code');
  const q = within(view.host);
  expect((await q.findByTestId('invite-code')).textContent).toBe('12345');
  expect(q.getByAltText('邀请链接二维码').getAttribute('src')).toBe(QR);
  expect(q.getByTestId('invite-link').textContent).toBe(LINK);
  expect(q.getByText('好友注册并完成首次上传通过审核或首次付费后，你得 200 金币，好友得 50 金币')).toBeTruthy();
  expect(q.getByTestId('invite-已邀请').textContent).toContain('3 人');
  expect(q.getByTestId('invite-累计获得').textContent).toContain('200 金币');
  const rows = await q.findAllByTestId('invitee');
  expect(rows).toHaveLength(2);
  expect(rows[0].textContent).toContain('已获得奖励');
  expect(rows[0].textContent).toContain('+200 金币');
  expect(rows[1].textContent).toContain('待完成任务');
});

test('copying the code and the link; an empty list says so', async () => {
  api.on('GET /invite-code/', { body: myCode({ invited: 0, rewarded: 0, earned_coins: 0 }) });
  api.on('GET /invite-code/invitees/', page([]));
  const writeText = jest.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  const view = await open('/app/user/invite_code');
  const q = within(view.host);
  fireEvent.click(await q.findByRole('button', { name: '复制邀请码' }));
  await waitFor(() => expect(writeText).toHaveBeenCalledWith('12345'));
  fireEvent.click(q.getByRole('button', { name: '复制邀请链接' }));
  await waitFor(() => expect(writeText).toHaveBeenCalledWith(LINK));
  expect(await q.findByText('还没有好友通过你的邀请码加入')).toBeTruthy();
});

test('a failed load shows the message and a retry', async () => {
  api.on('GET /invite-code/', { status: 503, body: { message: '邀请码已发完，请稍后再试', code: 'invite_codes_exhausted' } });
  api.on('GET /invite-code/invitees/', page([]));
  const view = await open('/app/user/invite_code');
  expect(await within(view.host).findByText('邀请码已发完，请稍后再试')).toBeTruthy();
  api.on('GET /invite-code/', { body: myCode() });
  fireEvent.click(within(view.host).getByRole('button', { name: '重试' }));
  expect((await within(view.host).findByTestId('invite-code')).textContent).toBe('12345');
});
