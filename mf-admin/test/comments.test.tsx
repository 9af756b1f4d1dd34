import { fireEvent, waitFor, within } from '@testing-library/react';
import { startFakeApi, type FakeApi } from 'shared-kernel/testing';
import { closeAll, expectToast, logInStaff, open, page, resetPage, staffComment, waitForCall } from './support/admin';

// admin/comments (docs/trust.md) against the kernel's fake API: the list by filter, 隐藏 and 恢复显示 with a reason.
let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi();
});
afterAll(() => api.close());
beforeEach(() => {
  resetPage(api);
  logInStaff(['reviewer']);
});
afterEach(closeAll);

function giveReason(host: HTMLElement, reason: string, confirm: string) {
  const form = within(within(host).getByTestId('reason-form'));
  fireEvent.change(form.getByRole('textbox'), { target: { value: reason } });
  fireEvent.click(form.getByRole('button', { name: confirm }));
}

describe('admin/comments', () => {
  test('the shown comments newest first; the filters ask for a status and a kind of item', async () => {
    api.on('GET /staff/comments/', page([staffComment(), staffComment({ id: 22, target: { type: 'blogs', id: 3, title: '读书笔记' } })]));
    const view = await open('/app/admin/comments');
    const q = within(view.host);
    const rows = await q.findAllByTestId('queue-row');
    expect(api.calls('GET /staff/comments/')[0].query.get('status')).toBe('shown');
    expect(api.calls('GET /staff/comments/')[0].query.has('target')).toBe(false);
    expect(within(rows[0]).getByText('广告号（#90）')).toBeTruthy();
    expect(within(rows[0]).getByText('文档《高等数学（第七版）》')).toBeTruthy();
    expect(within(rows[1]).getByText('博客《读书笔记》')).toBeTruthy();
    fireEvent.click(within(rows[0]).getByRole('button', { name: '加微信领资料' }));
    expect(within(q.getByTestId('queue-detail')).getByText('文档《高等数学（第七版）》 #5')).toBeTruthy();

    fireEvent.click(q.getByRole('button', { name: '显示中 · 博客' }));
    await waitFor(() => expect(api.calls('GET /staff/comments/')).toHaveLength(2));
    expect(api.calls('GET /staff/comments/')[1].query.get('status')).toBe('shown');
    expect(api.calls('GET /staff/comments/')[1].query.get('target')).toBe('blogs');
    fireEvent.click(q.getByRole('button', { name: '已隐藏' }));
    await waitFor(() => expect(api.calls('GET /staff/comments/')).toHaveLength(3));
    expect(api.calls('GET /staff/comments/')[2].query.get('status')).toBe('hidden');
  });

  test('隐藏 sends its reason and offers 恢复显示 after; 恢复显示 sends its own', async () => {
    api.on('GET /staff/comments/', page([staffComment()]));
    api.on('POST /staff/comments/21/hide/', { body: staffComment({ status: 'hidden' }) });
    api.on('POST /staff/comments/21/show/', { body: staffComment() });
    const view = await open('/app/admin/comments');
    const [row] = await within(view.host).findAllByTestId('queue-row');
    expect(within(row).queryByRole('button', { name: '恢复显示' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: '隐藏' }));
    giveReason(view.host, '广告评论', '确认隐藏');
    expect((await waitForCall(api, 'POST /staff/comments/21/hide/')).body).toEqual({ reason: '广告评论' });
    await expectToast('已隐藏，已通知作者');
    await waitFor(() => expect(within(row).getByText('已隐藏')).toBeTruthy());
    fireEvent.click(within(row).getByRole('button', { name: '恢复显示' }));
    giveReason(view.host, '误判，恢复', '确认恢复显示');
    expect((await waitForCall(api, 'POST /staff/comments/21/show/')).body).toEqual({ reason: '误判，恢复' });
    await waitFor(() => expect(within(row).getByText('显示中')).toBeTruthy());
  });
});
