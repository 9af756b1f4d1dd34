import { fireEvent, waitFor, within } from '@testing-library/react';
import { startFakeApi, type FakeApi } from 'shared-kernel/testing';
import {
  auditEntry, closeAll, expectToast, logInStaff, open, page, resetPage, staffApplication, staffComplaint, staffPenalty, staffReport, staffUser, waitForCall,
} from './support/admin';

// The trust pages (docs/trust.md) against the kernel's fake API: each list from its GET, each decision its POST
// with the reason.
let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi();
});
afterAll(() => api.close());
beforeEach(() => {
  resetPage(api);
  logInStaff(['admin']);
});
afterEach(closeAll);

/** Fills the reason form and confirms with its button. */
function giveReason(host: HTMLElement, reason: string, confirm: string) {
  const form = within(within(host).getByTestId('reason-form'));
  fireEvent.change(form.getByRole('textbox'), { target: { value: reason } });
  fireEvent.click(form.getByRole('button', { name: confirm }));
}

describe('admin/complaints', () => {
  test('the queue by state; the detail shows the claimant, the proofs and the steps', async () => {
    api.on('GET /staff/rights-complaints/', page([staffComplaint()]));
    const view = await open('/app/admin/complaints');
    const q = within(view.host);
    const [row] = await q.findAllByTestId('queue-row');
    expect(api.calls('GET /staff/rights-complaints/')[0].query.get('state')).toBe('submitted');
    expect(within(row).getByText('高等数学（第七版）')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: '#3' }));
    const d = within(q.getByTestId('queue-detail'));
    expect(d.getByText('某某出版社')).toBeTruthy();
    expect(d.getByText('营业执照 913***1234')).toBeTruthy();
    expect(d.getByText('010-12345678')).toBeTruthy();
    expect((d.getByAltText('证明 2') as HTMLImageElement).getAttribute('src')).toBe('/img-storage/proof-2.png');
    expect(d.getByTestId('complaint-steps').textContent).toContain('提交投诉');
    expect(d.getByText('下架时可退款的已付订单：2 笔')).toBeTruthy();
    api.on('GET /staff/rights-complaints/', page([staffComplaint({ state: 'taken_down', state_text: '已下架' })]));
    fireEvent.click(q.getByRole('button', { name: '全部' }));
    await waitFor(() => expect(api.calls('GET /staff/rights-complaints/')).toHaveLength(2));
    expect(api.calls('GET /staff/rights-complaints/')[1].query.has('state')).toBe(false);
    const [down] = await q.findAllByTestId('queue-row');
    await waitFor(() => expect(within(down).getByText('已下架')).toBeTruthy());
    expect(within(down).queryByRole('button', { name: '下架' })).toBeNull();
  });

  test('下架, 要求补充 and 驳回投诉 each send their reason; an incomplete notice can only be rejected', async () => {
    api.on('GET /staff/rights-complaints/', page([staffComplaint(), staffComplaint({ id: 4, state: 'incomplete', state_text: '待补充' })]));
    api.on('POST /staff/rights-complaints/3/take-down/', { body: staffComplaint({ state: 'taken_down', state_text: '已下架' }) });
    api.on('POST /staff/rights-complaints/4/reject/', { body: staffComplaint({ id: 4, state: 'rejected', state_text: '已驳回' }) });
    const view = await open('/app/admin/complaints');
    const rows = await within(view.host).findAllByTestId('queue-row');
    expect(within(rows[0]).getByRole('button', { name: '要求补充' })).toBeTruthy();
    expect(within(rows[1]).queryByRole('button', { name: '下架' })).toBeNull();
    fireEvent.click(within(rows[0]).getByRole('button', { name: '下架' }));
    giveReason(view.host, '侵权属实', '确认下架');
    expect((await waitForCall(api, 'POST /staff/rights-complaints/3/take-down/')).body).toEqual({ reason: '侵权属实' });
    await expectToast('已下架');
    await waitFor(() => expect(within(rows[0]).getByText('已下架')).toBeTruthy());
    fireEvent.click(within(rows[1]).getByRole('button', { name: '驳回投诉' }));
    giveReason(view.host, '材料不足', '确认驳回投诉');
    expect((await waitForCall(api, 'POST /staff/rights-complaints/4/reject/')).body).toEqual({ reason: '材料不足' });
  });

  test('要求补充 posts request-info', async () => {
    api.on('GET /staff/rights-complaints/', page([staffComplaint()]));
    api.on('POST /staff/rights-complaints/3/request-info/', { body: staffComplaint({ state: 'incomplete', state_text: '待补充' }) });
    const view = await open('/app/admin/complaints');
    const [row] = await within(view.host).findAllByTestId('queue-row');
    fireEvent.click(within(row).getByRole('button', { name: '要求补充' }));
    giveReason(view.host, '请补充权属证明', '确认要求补充');
    expect((await waitForCall(api, 'POST /staff/rights-complaints/3/request-info/')).body).toEqual({ reason: '请补充权属证明' });
    await waitFor(() => expect(within(row).getByText('待补充')).toBeTruthy());
  });
});

describe('admin/reports', () => {
  test('the queue by status; a comment is hidden, a document taken down, each with its reason', async () => {
    api.on('GET /staff/reports/', page([staffReport(), staffReport({ id: 9, type: 'docs', target: 7, reason_text: '侵权' })]));
    api.on('POST /staff/reports/8/resolve/', { body: staffReport({ status: 2, status_text: '已处理' }) });
    api.on('POST /staff/reports/9/resolve/', { body: staffReport({ id: 9, type: 'docs', target: 7, status: 3, status_text: '已驳回' }) });
    const view = await open('/app/admin/reports');
    const rows = await within(view.host).findAllByTestId('queue-row');
    expect(api.calls('GET /staff/reports/')[0].query.get('status')).toBe('0');
    expect(within(rows[0]).getByText('评论 #99')).toBeTruthy();
    expect(within(rows[0]).getByText('路人（#60）')).toBeTruthy();
    expect(within(rows[1]).queryByRole('button', { name: '删除评论' })).toBeNull();
    expect(within(rows[1]).getByRole('button', { name: '下架内容' })).toBeTruthy();
    fireEvent.click(within(rows[0]).getByRole('button', { name: '删除评论' }));
    giveReason(view.host, '辱骂他人', '确认删除评论');
    expect((await waitForCall(api, 'POST /staff/reports/8/resolve/')).body).toEqual({ action: 'hide_comment', reason: '辱骂他人' });
    await waitFor(() => expect(within(rows[0]).getByText('已处理')).toBeTruthy());
    fireEvent.click(within(rows[1]).getByRole('button', { name: '驳回举报' }));
    giveReason(view.host, '未发现问题', '确认驳回举报');
    expect((await waitForCall(api, 'POST /staff/reports/9/resolve/')).body).toEqual({ action: 'dismiss', reason: '未发现问题' });
  });
});

describe('admin/experts', () => {
  test('the pending applications; 通过 approves, 驳回 sends the reason', async () => {
    api.on('GET /staff/auth-apply/', page([staffApplication(), staffApplication({ id: 6, user: { uid: 71, nickname: '王五', level: 2 } })]));
    api.on('POST /staff/auth-apply/2/approve/', { body: staffApplication({ state: 'approved', state_text: '已通过' }) });
    api.on('POST /staff/auth-apply/6/reject/', { body: staffApplication({ id: 6, state: 'rejected', state_text: '未通过', reason: '材料不足' }) });
    const view = await open('/app/admin/experts');
    const rows = await within(view.host).findAllByTestId('queue-row');
    expect(api.calls('GET /staff/auth-apply/')[0].query.get('state')).toBe('pending');
    expect(within(rows[0]).getByText('古典文学')).toBeTruthy();
    fireEvent.click(within(rows[0]).getByRole('button', { name: '李教授（#70，Lv5）' }));
    expect(within(within(view.host).getByTestId('queue-detail')).getByText('大学中文系教授，研究红楼梦二十年。')).toBeTruthy();
    fireEvent.click(within(rows[0]).getByRole('button', { name: '通过' }));
    await waitForCall(api, 'POST /staff/auth-apply/2/approve/');
    await waitFor(() => expect(within(rows[0]).getByText('已通过')).toBeTruthy());
    fireEvent.click(within(rows[1]).getByRole('button', { name: '驳回' }));
    giveReason(view.host, '材料不足', '确认驳回');
    expect((await waitForCall(api, 'POST /staff/auth-apply/6/reject/')).body).toEqual({ reason: '材料不足' });
  });
});

describe('admin/users', () => {
  test('search by phone, uid or nickname; the active penalties; lift one; impose one with kind, reason and end', async () => {
    api.on('GET /staff/users/', page([staffUser()]));
    api.on('DELETE /staff/penalties/12/', { body: staffPenalty({ active: false, lifted_time: '2026-11-24T04:00:00.000Z' }) });
    api.on('POST /staff/penalties/', { status: 201, body: staffPenalty({ id: 13, kind: 'no_upload', kind_text: '禁止上传' }) });
    const view = await open('/app/admin/users');
    const q = within(view.host);
    fireEvent.click(await q.findByRole('button', { name: '搜索' }));
    expect(q.getByRole('alert').textContent).toBe('请输入手机号、uid 或昵称');
    expect(api.calls('GET /staff/users/')).toHaveLength(0);
    fireEvent.change(q.getByRole('textbox', { name: '手机号、uid 或昵称' }), { target: { value: ' 捣乱 ' } });
    fireEvent.click(q.getByRole('button', { name: '搜索' }));
    const card = within(await q.findByTestId('user-card'));
    expect(api.calls('GET /staff/users/')[0].query.get('q')).toBe('捣乱');
    expect(card.getByText('138****0000')).toBeTruthy();
    expect(card.getByTestId('penalty').textContent).toContain('禁止评论，长期：多次辱骂');
    fireEvent.click(card.getByRole('button', { name: '解除' }));
    await waitForCall(api, 'DELETE /staff/penalties/12/');
    await expectToast('已解除');
    await waitFor(() => expect(api.calls('GET /staff/users/')).toHaveLength(2));
    const again = within(await q.findByTestId('user-card'));
    fireEvent.click(again.getByRole('button', { name: '处罚' }));
    const form = within(q.getByTestId('penalty-form'));
    fireEvent.change(form.getByRole('combobox'), { target: { value: 'no_upload' } });
    fireEvent.change(view.host.querySelector('input[name="end_time"]')!, { target: { value: '2026-12-31T08:00' } });
    giveReason(view.host, '上传违规内容', '确认处罚');
    const call = await waitForCall(api, 'POST /staff/penalties/');
    expect(call.body).toEqual({ uid: 80, kind: 'no_upload', reason: '上传违规内容', end_time: new Date('2026-12-31T08:00').toISOString() });
    await expectToast('已处罚');
  });
});

describe('admin/audit', () => {
  test('the log as a table; the filters go to the API (staff as a uid, the action prefix, the target)', async () => {
    api.on('GET /staff/audit/', page([auditEntry()]));
    const view = await open('/app/admin/audit');
    const q = within(view.host);
    const [row] = await q.findAllByTestId('audit-row');
    expect(within(row).getByText('rights.take_down')).toBeTruthy();
    expect(within(row).getByText('rights_complaint #3')).toBeTruthy();
    expect(within(row).getByText('侵权属实')).toBeTruthy();
    expect(api.calls('GET /staff/audit/')[0].query.has('action')).toBe(false);
    fireEvent.change(q.getByRole('textbox', { name: '操作人 uid' }), { target: { value: 'abc' } });
    fireEvent.click(q.getByRole('button', { name: '查询' }));
    expect(q.getByRole('alert').textContent).toBe('操作人 uid 应为正整数');
    fireEvent.change(q.getByRole('textbox', { name: '操作人 uid' }), { target: { value: '1' } });
    fireEvent.change(q.getByRole('textbox', { name: '操作（前缀）' }), { target: { value: 'rights' } });
    fireEvent.change(q.getByRole('textbox', { name: '对象编号' }), { target: { value: '3' } });
    fireEvent.click(q.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(api.calls('GET /staff/audit/')).toHaveLength(2));
    const query = api.calls('GET /staff/audit/')[1].query;
    expect([query.get('staff'), query.get('action'), query.get('target_id'), query.has('target_type')]).toEqual(['1', 'rights', '3', false]);
  });
});
