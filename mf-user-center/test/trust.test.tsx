import { fireEvent, waitFor, within } from '@testing-library/react';
import { clearUser } from 'shared-kernel';
import { startFakeApi, type FakeApi } from 'shared-kernel/testing';
import { closeAll, logIn, open, page, resetPage } from './support/coins';
import { expectToast, picture } from './support/me';

// site/report (the rights complaint), user/myreport/list and detail, user/authentication, on the trust API
// (contracts/src/trust.ts).
let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi();
});
afterAll(() => api.close());
beforeEach(() => {
  resetPage(api);
  logIn();
  api.on('GET /trust-contact/', { body: { email: 'rights@zhiku.example', restore_days: 15 } });
});
afterEach(closeAll);

const T0 = '2026-11-20T02:00:00.000Z';
const step = (kind: string, kind_text: string, actor = 'system', note = '') => ({ kind, kind_text, actor, note, create_time: T0 });

function complaint(overrides: Record<string, unknown> = {}) {
  return {
    id: 9, role: 'claimant', docs: { id: 12, title: '网络安全导论全书', status: 4 }, claimant: { uid: 42, nickname: '读者' }, uploader: { uid: 7, nickname: '李白' },
    real_name: '张三', id_type: 'id_card', id_number: '110***********1234', phone: '13800000000', email: '', work: '《网络安全导论》', urls: '',
    description: '本人是该书作者，未经授权上传。', proofs: ['/api/img-storage/5/'], state: 'taken_down', state_text: '已下架', counter: null,
    restore_due: null, refundable_orders: 0, steps: [step('submitted', '提交侵权通知', 'claimant'), step('taken_down', '文档已下架', 'staff', '通知完整')],
    create_time: T0, update_time: T0, ...overrides,
  };
}

function fill(q: ReturnType<typeof within>, label: string | RegExp, value: string) {
  fireEvent.change(q.getByLabelText(label), { target: { value } });
}

test('site/report: the notice with the configured e-mail; checks before sending; a proof picture; sent with the document id from its link', async () => {
  api.on('POST /img-storage/', { status: 201, body: { id: 5, url: '/api/img-storage/5/', width: 10, height: 10, size: 10 } });
  api.on('POST /rights-complaints/', { status: 201, body: complaint({ state: 'submitted', state_text: '待处理' }) });
  const view = await open('/app/site/report');
  const q = within(view.host);
  expect(await q.findByText(/rights@zhiku\.example/, { selector: '[data-testid=report-intro]' })).toBeTruthy();
  expect(q.getByRole('link', { name: 'rights@zhiku.example' }).getAttribute('href')).toBe('mailto:rights@zhiku.example');

  fireEvent.click(q.getByRole('button', { name: '提交通知' }));
  expect(await q.findByText('请填写本站文档的地址或编号')).toBeTruthy();
  expect(q.getByText('请上传权属证明')).toBeTruthy();
  expect(q.getByText('请确认通知内容真实')).toBeTruthy();
  expect(api.calls('POST /rights-complaints/')).toHaveLength(0);

  fill(q, '真实姓名或单位名称', '张三');
  fill(q, '证件号码', '110101199001011234');
  fill(q, '联系电话', '13800000000');
  fill(q, '被投诉文档的地址或编号', 'https://zhiku.example/app/articles/docs/detail/12');
  fill(q, '权利作品名称', '《网络安全导论》');
  fill(q, '权属与侵权说明', '本人是该书作者，未经授权上传。');
  fireEvent.change(view.host.querySelector('input[type=file]') as HTMLInputElement, { target: { files: [picture('proof.png')] } });
  expect((await q.findByRole('img', { name: '证明材料 1' })).getAttribute('src')).toBe('/api/img-storage/5/');
  fireEvent.click(q.getByLabelText('本人保证以上内容真实，并对通知的真实性承担法律责任'));
  fireEvent.click(q.getByRole('button', { name: '提交通知' }));
  await expectToast('通知已提交，我们会尽快处理');
  expect(api.calls('POST /rights-complaints/')[0].body).toEqual({
    real_name: '张三', id_type: 'id_card', id_number: '110101199001011234', phone: '13800000000', docs: 12, work: '《网络安全导论》', urls: '',
    description: '本人是该书作者，未经授权上传。', proofs: ['/api/img-storage/5/'],
  });
  expect(q.getByRole('link', { name: '查看详情' }).getAttribute('href')).toBe('/app/user/myreport/detail?id=9');
});

test('site/report: a refusal of the API shows its message', async () => {
  api.on('POST /img-storage/', { status: 201, body: { id: 5, url: '/api/img-storage/5/', width: 10, height: 10, size: 10 } });
  api.on('POST /rights-complaints/', { status: 404, body: { code: 'not_found', message: '被投诉的文档不存在或未公开' } });
  const view = await open('/app/site/report');
  const q = within(view.host);
  await q.findByText(/rights@zhiku/, { selector: '[data-testid=report-intro]' });
  fill(q, '真实姓名或单位名称', '张三');
  fill(q, '证件号码', '110101199001011234');
  fill(q, '联系电话', '13800000000');
  fill(q, '被投诉文档的地址或编号', '99');
  fill(q, '权利作品名称', '某作品');
  fill(q, '权属与侵权说明', '这是足够长的一段说明文字。');
  fireEvent.change(view.host.querySelector('input[type=file]') as HTMLInputElement, { target: { files: [picture()] } });
  await q.findByRole('img', { name: '证明材料 1' });
  fireEvent.click(q.getByRole('checkbox'));
  fireEvent.click(q.getByRole('button', { name: '提交通知' }));
  await expectToast('被投诉的文档不存在或未公开');
});

test('a visitor sees a login prompt, not the form', async () => {
  clearUser();
  const view = await open('/app/site/report');
  const q = within(view.host);
  expect(await q.findByText('登录后才能提交和查看投诉')).toBeTruthy();
  expect(q.queryByRole('button', { name: '提交通知' })).toBeNull();
});

test('user/myreport/list: my complaints, those about my documents and my reports, each with its state', async () => {
  api.on('GET /rights-complaints/', (r) =>
    page(r.query.get('role') === 'uploader' ? [complaint({ id: 10, role: 'uploader', work: '某教材' })] : [complaint(), complaint({ id: 11, state: 'closed', state_text: '已恢复' })]),
  );
  api.on('GET /articles-report/', page([{ id: 3, type: 'comment', target: 8, reason: 'ad', reason_text: '广告', content: '广告', contact: '', status: 2, status_text: '已处理', reply: '已删除', create_time: T0, update_time: T0 }]));
  const view = await open('/app/user/myreport/list');
  const q = within(view.host);
  const mine = within(await q.findByRole('region', { name: '我提交的侵权通知' }));
  const rows = await mine.findAllByTestId('complaint');
  expect(rows.map((r) => within(r).getByText(/已下架|已恢复/).textContent)).toEqual(['已下架', '已恢复']);
  expect(within(rows[0]).getByRole('link').getAttribute('href')).toBe('/app/user/myreport/detail?id=9');
  const theirs = within(q.getByRole('region', { name: '针对我文档的侵权通知' }));
  expect(await theirs.findByText('某教材')).toBeTruthy();
  const reports = within(q.getByRole('region', { name: '我的举报' }));
  expect(await reports.findByText('处理结果：已删除')).toBeTruthy();
});

test('user/myreport/detail: every step and date; the uploader sends a counter-statement', async () => {
  api.on('GET /rights-complaints/9/', { body: complaint({ role: 'uploader', phone: '' }) });
  api.on('POST /img-storage/', { status: 201, body: { id: 6, url: '/api/img-storage/6/', width: 10, height: 10, size: 10 } });
  const after = complaint({
    role: 'uploader', state: 'counter_noticed', state_text: '已收到反通知', restore_due: '2026-12-05T02:00:00.000Z',
    counter: { real_name: '李白', id_type: 'id_card', id_number: '110***********5678', phone: '139', email: '', statement: '这是我自己的课堂笔记。', proofs: [], create_time: T0 },
    steps: [...complaint().steps, step('counter_noticed', '上传者提交反通知', 'uploader'), step('claimant_told', '反通知已转送权利人')],
  });
  api.on('POST /rights-complaints/9/counter/', { body: after });
  const view = await open('/app/user/myreport/detail?id=9');
  const q = within(view.host);
  const steps = await q.findAllByTestId('step');
  expect(steps.map((s) => s.querySelector('strong')?.textContent)).toEqual(['提交侵权通知', '文档已下架']);
  expect(steps[1].querySelector('time')?.getAttribute('datetime')).toBe(T0);
  expect(q.getByText('通知完整')).toBeTruthy();

  const form = within(q.getByRole('form', { name: '提交反通知' }));
  fireEvent.click(form.getByRole('button', { name: '提交反通知' }));
  expect(await form.findByText('请说明不侵权的理由（10-2000 字）')).toBeTruthy();
  fill(form, '真实姓名或单位名称', '李白');
  fill(form, '证件号码', '110101199202025678');
  fill(form, '联系电话', '13900000000');
  fill(form, '不侵权的理由', '这是我自己的课堂笔记。');
  fireEvent.change(view.host.querySelector('input[type=file]') as HTMLInputElement, { target: { files: [picture()] } });
  await form.findByRole('img', { name: '证明材料 1' });
  fireEvent.click(form.getByRole('button', { name: '提交反通知' }));
  await expectToast('反通知已提交，权利人会收到通知');
  expect(api.calls('POST /rights-complaints/9/counter/')[0].body).toEqual({
    real_name: '李白', id_type: 'id_card', id_number: '110101199202025678', phone: '13900000000', statement: '这是我自己的课堂笔记。', proofs: ['/api/img-storage/6/'],
  });
  await waitFor(() => expect(q.getAllByTestId('step')).toHaveLength(4));
  expect(q.queryByRole('form', { name: '提交反通知' })).toBeNull();
  expect(q.getByRole('region', { name: '反通知' })).toBeTruthy();
});

test('user/myreport/detail: the claimant tells of a lawsuit within the period; someone else gets the 404 message', async () => {
  api.on('GET /rights-complaints/9/', { body: complaint({ state: 'counter_noticed', state_text: '已收到反通知', restore_due: '2026-12-05T02:00:00.000Z' }) });
  api.on('POST /rights-complaints/9/lawsuit/', { body: complaint({ state: 'lawsuit', state_text: '已投诉或起诉' }) });
  const view = await open('/app/user/myreport/detail?id=9');
  const q = within(view.host);
  const form = within(await q.findByRole('form', { name: '告知已投诉或起诉' }));
  expect(q.getByText(/前未告知已投诉或起诉，文档将恢复/)).toBeTruthy();
  fill(form, '投诉或起诉情况（机关、案号等）', '已向北京互联网法院起诉');
  fireEvent.click(form.getByRole('button', { name: '提交告知' }));
  await expectToast('已告知，文档保持下架');
  expect(api.calls('POST /rights-complaints/9/lawsuit/')[0].body).toEqual({ note: '已向北京互联网法院起诉', proofs: [] });

  await closeAll();
  api.on('GET /rights-complaints/10/', { status: 404, body: { code: 'not_found', message: '投诉不存在' } });
  const other = await open('/app/user/myreport/detail?id=10');
  expect(await within(other.host).findByText('投诉不存在')).toBeTruthy();
});

test('user/authentication: apply, then see the application waiting; a rejected one shows its reason', async () => {
  const rejected = { id: 1, user: { uid: 42, nickname: '读者', level: 2 }, field: '密码学', real_name: '王五', credentials: '…', pictures: [], state: 'rejected', state_text: '未通过', reason: '请上传职称证书', create_time: T0, update_time: T0 };
  let applied = false;
  api.on('GET /auth-apply/', () => page(applied ? [{ ...rejected, id: 2, state: 'pending', state_text: '审核中', reason: '' }, rejected] : [rejected]));
  api.on('POST /auth-apply/', () => {
    applied = true;
    return { status: 201, body: { ...rejected, id: 2, state: 'pending', state_text: '审核中', reason: '' } };
  });
  const view = await open('/app/user/authentication');
  const q = within(view.host);
  expect(await q.findByText('原因：请上传职称证书')).toBeTruthy();
  fireEvent.click(q.getByRole('button', { name: '提交申请' }));
  expect(await q.findByText('请填写专业领域（2-50 字）')).toBeTruthy();
  fill(q, '专业领域', '密码学');
  fill(q, '真实姓名', '王五');
  fill(q, '资历说明', '某大学教授，研究密码学二十年。');
  fireEvent.click(q.getByRole('button', { name: '提交申请' }));
  await expectToast('申请已提交，请等待审核');
  expect(api.calls('POST /auth-apply/')[0].body).toEqual({ field: '密码学', real_name: '王五', credentials: '某大学教授，研究密码学二十年。', pictures: [] });
  expect(await q.findByText('您的申请正在审核中')).toBeTruthy();
  expect(q.getAllByTestId('application')).toHaveLength(2);
});
