// What mf-admin's tests share: fixtures shaped like the staff contracts, mounting ./app as the shell does (for a
// staff user), and resetting what a test leaves behind.
import { waitFor } from '@testing-library/react';
import { clearToasts, clearUser, INITIAL_APP_STATE, setAppState, setUser, type UserInfo } from 'shared-kernel';
import type { FakeApi, FakeReply } from 'shared-kernel/testing';
import * as app from '../../src/app';

/** A DRF page of `results` out of `count`, with `next` while more remain. */
export function page<T>(results: T[], pageNo = 1, count = results.length, size = 20): FakeReply {
  return { body: { count, next: pageNo * size < count ? `/api/?page=${pageNo + 1}` : null, previous: pageNo > 1 ? `/api/?page=${pageNo - 1}` : null, results } };
}

export function staffDoc(overrides: Record<string, unknown> = {}) {
  return {
    id: 7, title: '高等数学讲义', summary: '第一章 极限', category: { id: 3, name: '数学' }, file_type: 'pdf', ext_cate: 'pdf', size: 204800,
    pages: 12, status: 0, status_text: '待审核', stage: '', progress: 100, reason: '', price: 500, is_free: false, preview_pages: 3,
    views: 0, downloads: 0, earned_coins: 0, create_time: '2026-11-24T02:00:00.000Z', update_time: '2026-11-24T02:00:00.000Z', cover_url: null,
    uploader: { uid: 21, nickname: '张老师' }, checks: { duplicate_of: null, blank: false, little_text: false }, ...overrides,
  };
}

export function staffBlog(overrides: Record<string, unknown> = {}) {
  return {
    id: 5, title: '我的读书笔记', summary: '读《红楼梦》', content: '第一回读后感……', category: { id: 2, name: '文学' },
    author: { uid: 33, nickname: '书虫' }, tags: ['红楼梦', '笔记'], cover: '', status: 4, status_text: '待审核', reject_reason: '',
    submit_time: '2026-11-24T03:00:00.000Z', update_time: '2026-11-24T03:00:00.000Z', ...overrides,
  };
}

export function staffWithdrawal(overrides: Record<string, unknown> = {}) {
  return {
    id: 9, withdraw_no: 'W202611240009', coins: 2000, fee: 12, amount: 1988, channel: 'alipay', account: '138****5678', state: 'requested',
    state_label: '待审核', reason: '', package_info: null, wx_mch_id: null, wx_app_id: null, auto_approved: false,
    create_time: '2026-11-24T02:00:00.000Z', finish_time: null, user: 42, nickname: '读者', real_name: '王小明', payee: '13812345678', ...overrides,
  };
}

export function staffPolicy(overrides: Record<string, unknown> = {}) {
  return {
    id: 1, name: '体验包', description: '', price: 990, original_price: 1500, downloads: 5, valid_days: 30, max_doc_price: 500,
    unit_price: 198, sequence: 1, recommended: false, active: true, create_time: '2026-11-01T00:00:00.000Z', update_time: '2026-11-01T00:00:00.000Z', ...overrides,
  };
}

export function staffActivity(overrides: Record<string, unknown> = {}) {
  return {
    id: 4, kind: 'upload_theme', kind_label: '上传主题', title: '冬季上传季', summary: '', rules: '', cover: '', category: null, target_count: 3,
    reward_coins: 100, inviter_coins: 0, max_account_days: 0, daily_limit: 0, claim_days: 7, start_time: '2026-12-01T00:00:00.000Z',
    end_time: '2026-12-31T00:00:00.000Z', active: true, sequence: 0, ...overrides,
  };
}

export function logInStaff(roles: string[] = ['admin'], overrides: Partial<UserInfo> = {}): void {
  setUser({ uid: 1, nickname: '运营', is_active: 1, staff_roles: roles, ...overrides } as UserInfo);
}

const opened: { close: () => Promise<void> }[] = [];

/** Mounts mf-admin's ./app at `path`, as the shell does. */
export async function open(path: string) {
  window.history.pushState(null, '', path);
  const host = document.createElement('div');
  document.body.appendChild(host);
  const props = { name: 'mf-admin', domElementGetter: () => host };
  await app.bootstrap(props);
  await app.mount(props);
  let closed = false;
  const handle = {
    host,
    close: async () => {
      if (closed) return;
      closed = true;
      await app.unmount(props);
      host.remove();
    },
  };
  opened.push(handle);
  return handle;
}

export async function closeAll(): Promise<void> {
  for (const handle of opened.splice(0)) await handle.close();
}

/** Forgets the last test: kernel state, storage, the address. */
export function resetPage(api: FakeApi): void {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  api.newPage();
  clearToasts();
  clearUser();
  setAppState({ ...INITIAL_APP_STATE });
  localStorage.clear();
  window.history.replaceState(null, '', '/');
}

export function toastTexts(): string[] {
  return [...document.querySelectorAll('.kt-item .kt-body')].map((el) => el.textContent ?? '');
}

export async function expectToast(text: string): Promise<void> {
  await waitFor(() => expect(toastTexts()).toContain(text));
}

export async function waitForCall(api: FakeApi, route: string, count = 1) {
  await waitFor(() => expect(api.calls(route).length).toBeGreaterThanOrEqual(count));
  return api.calls(route)[count - 1];
}

export function staffComplaint(overrides: Record<string, unknown> = {}) {
  return {
    id: 3, role: 'staff', docs: { id: 7, title: '高等数学讲义', status: 1 }, claimant: { uid: 50, nickname: '出版社' }, uploader: { uid: 21, nickname: '张老师' },
    real_name: '某某出版社', id_type: 'business_license', id_number: '913***1234', phone: '010-12345678', email: 'legal@example.com',
    work: '高等数学（第七版）', urls: '', description: '该文档完整复制了我社出版的教材。', proofs: ['/img-storage/proof-1.png', '/img-storage/proof-2.png'],
    state: 'submitted', state_text: '待处理', counter: null, restore_due: null, refundable_orders: 2,
    steps: [{ kind: 'submitted', kind_text: '提交投诉', actor: 'claimant', note: '', create_time: '2026-11-24T02:00:00.000Z' }],
    create_time: '2026-11-24T02:00:00.000Z', update_time: '2026-11-24T02:00:00.000Z', ...overrides,
  };
}

export function staffReport(overrides: Record<string, unknown> = {}) {
  return {
    id: 8, type: 'comment', target: 99, reason: 'abuse', reason_text: '辱骂攻击', content: '骂人', contact: '', status: 0, status_text: '待处理',
    reply: '', create_time: '2026-11-24T02:00:00.000Z', update_time: '2026-11-24T02:00:00.000Z', reporter: { uid: 60, nickname: '路人' }, ...overrides,
  };
}

export function staffComment(overrides: Record<string, unknown> = {}) {
  return {
    id: 21, content: '加微信领资料', author: { uid: 90, nickname: '广告号' }, target: { type: 'docs', id: 5, title: '高等数学（第七版）' }, status: 'shown',
    create_time: '2026-11-24T02:00:00.000Z', ...overrides,
  };
}

export function staffApplication(overrides: Record<string, unknown> = {}) {
  return {
    id: 2, user: { uid: 70, nickname: '李教授', level: 5 }, field: '古典文学', real_name: '李四', credentials: '大学中文系教授，研究红楼梦二十年。',
    pictures: ['/img-storage/cert.png'], state: 'pending', state_text: '待审核', reason: '', create_time: '2026-11-24T02:00:00.000Z',
    update_time: '2026-11-24T02:00:00.000Z', ...overrides,
  };
}

export function staffPenalty(overrides: Record<string, unknown> = {}) {
  return {
    id: 12, uid: 80, kind: 'no_comment', kind_text: '禁止评论', reason: '多次辱骂', end_time: null, lifted_time: null, active: true,
    create_time: '2026-11-24T02:00:00.000Z', ...overrides,
  };
}

export function staffUser(overrides: Record<string, unknown> = {}) {
  return {
    uid: 80, nickname: '捣乱者', mobile: '138****0000', level: 1, is_active: 1, inactive_reason: null, roles: [], penalties: [staffPenalty()],
    create_time: '2026-11-01T00:00:00.000Z', ...overrides,
  };
}

export function auditEntry(overrides: Record<string, unknown> = {}) {
  return {
    id: 30, staff: { uid: 1, nickname: '运营' }, action: 'rights.take_down', target_type: 'rights_complaint', target_id: '3',
    before: { state: 'submitted' }, after: { state: 'taken_down' }, reason: '侵权属实', create_time: '2026-11-24T03:00:00.000Z', ...overrides,
  };
}
