// What mf-user-center's tests share: fixtures shaped like contracts/src/coins.ts, mounting ./app as the shell does,
// and resetting what a test leaves behind.
import type { UserInfo } from 'shared-kernel';
import { remoteMounter, resetKernelPage, useTestPage } from 'shared-kernel/testing';
import * as app from '../../src/app';

export { drfPage as page, logInTestUser as logIn, resetKernelPage as resetPage } from 'shared-kernel/testing';

export function balance(overrides: Record<string, unknown> = {}) {
  return {
    available: 1234, frozen: 300, withdrawing: 500, total_earned: 98765, coin_value_fen: 1,
    next_release: { coins: 120, time: '2026-11-30T04:00:00.000Z' }, ...overrides,
  };
}

export function record(overrides: Record<string, unknown> = {}) {
  return {
    id: 7, kind: 'released', kind_label: '收益解冻', title: '静夜思赏析', available_change: 50, frozen_change: -50,
    withdrawing_change: 0, balance: { available: 1234, frozen: 300, withdrawing: 500 }, link: { route: 'articles/docs/detail/12' },
    docs: 12, withdraw: null, release_time: null, create_time: '2026-11-24T02:00:00.000Z', ...overrides,
  };
}

export const { open, closeAll } = remoteMounter('mf-user-center', app);

/** The file's fake API; before each test a clean page with `user` logged in (null: a visitor). */
export const usePage = (user?: Partial<UserInfo> | null) => useTestPage({ reset: resetKernelPage, closeAll, user });
