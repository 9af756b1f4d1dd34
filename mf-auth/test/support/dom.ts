// Helpers the component tests share: waiting for the DOM, reading toasts, resetting kernel state between tests.
import { act, screen, waitFor } from '@testing-library/react';
import { clearToasts, clearUser, INITIAL_APP_STATE, setAppState } from 'shared-kernel';
import type { FakeApi } from 'shared-kernel/testing';
import { resetDialogs } from '../../src/dialogs/store';
import { resetCooldowns } from '../../src/fields/send-code';

/** Texts of the kernel's toasts on screen. */
export function toastTexts(): string[] {
  return [...document.querySelectorAll('.kt-item .kt-body')].map((el) => el.textContent ?? '');
}

export async function expectToast(text: string): Promise<void> {
  await waitFor(() => expect(toastTexts()).toContain(text));
}

/**
 * Points the kernel's HTTP client at the fake API for a new test page (it ignores the previous test's stragglers)
 * and forgets everything the last test left.
 */
export function resetPage(api: FakeApi): void {
  actLikeABrowser();
  api.newPage();
  clearToasts();
  clearUser();
  resetDialogs();
  resetCooldowns();
  setAppState({ ...INITIAL_APP_STATE });
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
}

/** Waits for the request of a route to arrive at the fake API. */
export async function waitForCall(api: FakeApi, route: string, count = 1) {
  await waitFor(() => expect(api.calls(route).length).toBeGreaterThanOrEqual(count));
  return api.calls(route)[count - 1];
}

/** The input of a field by its (visually hidden) label. */
export function field(label: string): HTMLInputElement {
  return screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
}

/**
 * The dialog layer is a React root of its own (mountDialogs), updated by kernel events and network answers the
 * way a browser updates it, outside testing-library's act(): React is told this is not an act() environment,
 * so it renders those updates without a warning for each.
 */
export function actLikeABrowser(): void {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
}

/** Flushes pending React work started outside of testing-library's helpers. */
export async function flush(): Promise<void> {
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
}
