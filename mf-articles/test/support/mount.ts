import { clearToasts, INITIAL_APP_STATE, setAppState } from 'shared-kernel';
import * as app from '../../src/app';

const opened: { close: () => Promise<void> }[] = [];

/** Unmounts what a test left mounted (a failed test does not reach its close()). */
export async function closeAll(): Promise<void> {
  for (const page of opened.splice(0)) await page.close();
}

/** Mounts mf-articles' ./app as the shell does, at `path`. */
export async function open(path: string) {
  window.history.pushState(null, '', path);
  const host = document.createElement('div');
  document.body.appendChild(host);
  const props = { name: 'mf-articles', domElementGetter: () => host };
  await app.bootstrap(props);
  await app.mount(props);
  let closed = false;
  const page = {
    host,
    close: async () => {
      if (closed) return;
      closed = true;
      await app.unmount(props);
      host.remove();
    },
  };
  opened.push(page);
  return page;
}

/** Forgets what the last test left: kernel state, storage, the address. */
export function resetPage(): void {
  // The app is its own React root, updated by network answers as a browser updates it, outside act().
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  clearToasts();
  setAppState({ ...INITIAL_APP_STATE });
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  // jsdom does not scroll; the pages call scrollTo on navigation.
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
}
