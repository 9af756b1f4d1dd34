import { clearToasts, INITIAL_APP_STATE, setAppState } from 'shared-kernel';
import { remoteMounter } from 'shared-kernel/testing';
import * as app from '../../src/app';

export const { open, closeAll } = remoteMounter('mf-articles', app);

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
