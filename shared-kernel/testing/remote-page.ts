// What the remotes' page tests share: a DRF page of fixtures, a logged-in test user, mounting a remote's `./app`
// as the shell does (and unmounting what a failed test left), resetting the kernel between tests, the toasts on
// screen, and one fake API per test file with a clean page for each test.
import { waitFor } from '@testing-library/react';
import {
  clearToasts,
  clearUser,
  INITIAL_APP_STATE,
  setAppState,
  setUser,
  type RemoteLifecycles,
  type RemoteName,
  type UserInfo,
} from 'shared-kernel';
import { startFakeApi, type FakeApi, type FakeApiOptions, type FakeReply } from './fake-api';

/** A DRF page of `results` out of `count`, with `next` while more remain. */
export function drfPage<T>(results: T[], pageNo = 1, count = results.length, size = 20): FakeReply {
  return { body: { count, next: pageNo * size < count ? `/api/?page=${pageNo + 1}` : null, previous: null, results } };
}

/** Logs in the test user (uid 42, 读者) in the kernel's user state. */
export function logInTestUser(overrides: Partial<UserInfo> = {}): void {
  setUser({ uid: 42, nickname: '读者', is_active: 1, ...overrides } as UserInfo);
}

export interface MountedApp {
  host: HTMLDivElement;
  close: () => Promise<void>;
}

/** open(path) mounts `app` at `path` in a host of its own, as the shell does; closeAll() unmounts what is left. */
export function remoteMounter(remote: RemoteName, app: RemoteLifecycles) {
  const opened: MountedApp[] = [];
  async function open(path: string): Promise<MountedApp> {
    window.history.pushState(null, '', path);
    const host = document.createElement('div');
    document.body.appendChild(host);
    const props = { name: remote, domElementGetter: () => host };
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
  async function closeAll(): Promise<void> {
    for (const handle of opened.splice(0)) await handle.close();
  }
  return { open, closeAll };
}

/** Forgets the last test: the API's page, the kernel's toasts, user and app state, storage, the address. */
export function resetKernelPage(api?: FakeApi): void {
  // the app is its own React root, updated by network answers as a browser updates it, outside act()
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  api?.newPage();
  clearToasts();
  clearUser();
  setAppState({ ...INITIAL_APP_STATE });
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
}

export function toastTexts(): string[] {
  return [...document.querySelectorAll('.kt-item .kt-body')].map((el) => el.textContent ?? '');
}

export async function expectToast(text: string): Promise<void> {
  await waitFor(() => expect(toastTexts()).toContain(text));
}

export interface TestPageOptions {
  /** Resets the page before each test (a remote's resetPage). */
  reset: (api: FakeApi) => void;
  /** Unmounts what each test mounted. */
  closeAll: () => Promise<void>;
  /** The logged-in user of each test (logInTestUser's overrides); null: a visitor. */
  user?: Partial<UserInfo> | null;
  api?: FakeApiOptions;
}

/**
 * One fake API for the test file (started before its tests, closed after them) and a clean page for each test.
 * The answer stands for the API started in beforeAll, so it can be used in the file's hooks and tests.
 */
export function useTestPage({ reset, closeAll, user = {}, api: apiOptions }: TestPageOptions): FakeApi {
  let api: FakeApi | undefined;
  beforeAll(async () => {
    api = await startFakeApi(apiOptions);
  });
  afterAll(() => api?.close());
  beforeEach(() => {
    reset(api!);
    if (user) logInTestUser(user);
  });
  afterEach(closeAll);
  return new Proxy({} as FakeApi, {
    get(_target, key) {
      if (!api) throw new Error('fake API not started yet: use it inside a hook or a test');
      const value = Reflect.get(api, key) as unknown;
      return typeof value === 'function' ? value.bind(api) : value;
    },
  });
}
