import { BehaviorSubject } from 'rxjs';
import { UPLOAD_TYPES_DESKTOP, UPLOAD_TYPES_MOBILE, type UploadTypes } from '../constants/upload-types';

/**
 * The app-wide state of SPEC.md §3 (besides the user, in user$, and the theme, in theme$). One subject holds it
 * all; read a slice with useAppState(selector) so a component re-renders only when its slice changes.
 */
export interface AppState {
  /** Cross-site-request token (the API also sets it as the csrftoken cookie). */
  csrfToken: string;
  showNavbar: boolean;
  online: boolean;
  /** True while at least one request is under way. */
  loading: boolean;
  loadingCount: number;
  /** Per-route "nothing more to load" flags, by route name or path. */
  loadFinished: Readonly<Record<string, boolean>>;
  /** Captcha challenge key, the last solution sent, and how many retries were made with a solution. */
  captchaKey: string;
  captchaValue: string;
  captchaRetryCount: number;
  /** True while requests wait for a captcha after a 429. */
  frequencyLimited: boolean;
  /** True while the login page (or dialog) is showing. */
  isLoginPage: boolean;
  /** The user agreed to the agreement and privacy policy (checked by default). */
  agreePolicy: boolean;
  showActivateDialog: boolean;
  allowedUploadTypes: { desktop: UploadTypes; mobile: UploadTypes };
}

function initialOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

export const INITIAL_APP_STATE: AppState = {
  csrfToken: '',
  showNavbar: true,
  online: initialOnline(),
  loading: false,
  loadingCount: 0,
  loadFinished: {},
  captchaKey: '',
  captchaValue: '',
  captchaRetryCount: 0,
  frequencyLimited: false,
  isLoginPage: false,
  agreePolicy: true,
  showActivateDialog: false,
  allowedUploadTypes: { desktop: UPLOAD_TYPES_DESKTOP, mobile: UPLOAD_TYPES_MOBILE },
};

export const appState$ = new BehaviorSubject<AppState>(INITIAL_APP_STATE);

/** Changes some fields; listeners hear only when something actually changed. */
export function setAppState(patch: Partial<AppState>): void {
  const current = appState$.value;
  const changed = (Object.keys(patch) as Array<keyof AppState>).some((k) => !Object.is(current[k], patch[k]));
  if (changed) appState$.next({ ...current, ...patch });
}

/** Counts a unit of work as started; `loading` is true while the count is above zero. */
export function beginLoading(): void {
  const count = appState$.value.loadingCount + 1;
  setAppState({ loadingCount: count, loading: true });
}

export function endLoading(): void {
  const count = Math.max(0, appState$.value.loadingCount - 1);
  setAppState({ loadingCount: count, loading: count > 0 });
}

export function setLoadFinished(route: string, finished: boolean): void {
  if (appState$.value.loadFinished[route] === finished) return;
  setAppState({ loadFinished: { ...appState$.value.loadFinished, [route]: finished } });
}

// Load-more handlers are functions: kept beside the state, not in it, so the state stays plain data.
const loadMoreHandlers = new Map<string, () => void>();

/** Registers what "load more" does on a route (the shared list footer calls it); returns the unregister function. */
export function registerLoadMore(route: string, handler: () => void): () => void {
  loadMoreHandlers.set(route, handler);
  return () => {
    if (loadMoreHandlers.get(route) === handler) loadMoreHandlers.delete(route);
  };
}

/** Runs the route's load-more handler; false when it has none. */
export function triggerLoadMore(route: string): boolean {
  const handler = loadMoreHandlers.get(route);
  if (!handler) return false;
  handler();
  return true;
}

// The online flag follows the browser.
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => setAppState({ online: true }));
  window.addEventListener('offline', () => setAppState({ online: false }));
}
