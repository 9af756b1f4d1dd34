// What mf-activity's tests share: fixtures shaped like contracts/src/activities.ts, mounting ./app as the shell
// does, and resetting what a test leaves behind.
import type { UserInfo } from 'shared-kernel';
import { remoteMounter, resetKernelPage, useTestPage } from 'shared-kernel/testing';
import * as app from '../../src/app';

export { drfPage as page, logInTestUser as logIn, resetKernelPage as resetPage } from 'shared-kernel/testing';

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

export const { open, closeAll } = remoteMounter('mf-activity', app);

/** The file's fake API; before each test a clean page with `user` logged in (null: a visitor). */
export const usePage = (user?: Partial<UserInfo> | null) => useTestPage({ reset: resetKernelPage, closeAll, user });
