// What mf-user-center's tests share: fixtures shaped like contracts/src/coins.ts, mounting ./app as the shell does,
// and resetting what a test leaves behind.
import { clearToasts, clearUser, INITIAL_APP_STATE, setAppState, setUser, type UserInfo } from 'shared-kernel';
import type { FakeApi, FakeReply } from 'shared-kernel/testing';
import * as app from '../../src/app';

/** A DRF page of `results` out of `count`, with `next` while more remain. */
export function page<T>(results: T[], pageNo = 1, count = results.length, size = 20): FakeReply {
  return { body: { count, next: pageNo * size < count ? `/api/?page=${pageNo + 1}` : null, previous: null, results } };
}

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

export function logIn(overrides: Partial<UserInfo> = {}): void {
  setUser({ uid: 42, nickname: '读者', is_active: 1, ...overrides } as UserInfo);
}

const opened: { close: () => Promise<void> }[] = [];

/** Mounts mf-user-center's ./app at `path`, as the shell does. */
export async function open(path: string) {
  window.history.pushState(null, '', path);
  const host = document.createElement('div');
  document.body.appendChild(host);
  const props = { name: 'mf-user-center', domElementGetter: () => host };
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
