// What mf-activity's tests share: fixtures shaped like contracts/src/activities.ts, mounting ./app as the shell
// does, and resetting what a test leaves behind.
import { clearToasts, clearUser, INITIAL_APP_STATE, setAppState, setUser, type UserInfo } from 'shared-kernel';
import type { FakeApi, FakeReply } from 'shared-kernel/testing';
import * as app from '../../src/app';

/** A DRF page of `results` out of `count`, with `next` while more remain. */
export function page<T>(results: T[], pageNo = 1, count = results.length, size = 20): FakeReply {
  return { body: { count, next: pageNo * size < count ? `/api/?page=${pageNo + 1}` : null, previous: null, results } };
}

export function activity(overrides: Record<string, unknown> = {}) {
  return {
    id: 7, kind: 'upload_theme', kind_label: '上传主题', title: '优质文档上传月', summary: '上传 3 篇文档通过审核得 300 金币',
    rules: '1. 报名后上传。\n2. 通过审核计入进度。', cover: '', category: { id: 3, name: '法律' }, target_count: 3,
    reward_coins: 300, inviter_coins: 0, max_account_days: 7, daily_limit: 10, claim_days: 7,
    start_time: '2026-11-01T00:00:00.000Z', end_time: '2026-12-31T00:00:00.000Z', state: 'ongoing', joined_count: 1234,
    mine: null, ...overrides,
  };
}

export function mine(overrides: Record<string, unknown> = {}) {
  return { joined: true, progress: 1, target: 3, claimable: false, claimed: false, reason: '还差 2 篇通过审核的文档', ...overrides };
}

export function claim(overrides: Record<string, unknown> = {}) {
  return {
    id: 7, activity: 7, activity_title: '优质文档上传月', kind: 'theme_prize', kind_label: '主题活动奖励', title: '优质文档上传月',
    coins: 300, state: 'credited', state_label: '已到账', create_time: '2026-11-24T02:00:00.000Z', ...overrides,
  };
}

export function packet(overrides: Record<string, unknown> = {}) {
  return {
    id: 5, title: '新年快乐', sender: '小王', total_coins: 100, shares: 10, remaining_coins: 60, remaining_shares: 6,
    state: 'open', state_label: '领取中', returned_coins: 0, expire_time: '2026-11-25T02:00:00.000Z',
    create_time: '2026-11-24T02:00:00.000Z', my_coins: null, share_path: '/app/activity/home_page1?packet=5', ...overrides,
  };
}

export function logIn(overrides: Partial<UserInfo> = {}): void {
  setUser({ uid: 42, nickname: '读者', is_active: 1, ...overrides } as UserInfo);
}

const opened: { close: () => Promise<void> }[] = [];

/** Mounts mf-activity's ./app at `path`, as the shell does. */
export async function open(path: string) {
  window.history.pushState(null, '', path);
  const host = document.createElement('div');
  document.body.appendChild(host);
  const props = { name: 'mf-activity', domElementGetter: () => host };
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
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
}
