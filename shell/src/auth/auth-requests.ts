import {
  cancelCaptcha,
  currentFullPath,
  emit,
  LOGIN_SCREENS,
  matchRoute,
  navigate,
  on,
  openLogin,
  routePath,
  saveRedirectPath,
  setAppState,
  type KernelEventName,
  type KernelEvents,
} from 'shared-kernel';
import { LOGIN_ROUTE } from '../routing/decide';

/** The events mf-auth's dialogs answer; the shell makes sure someone does. */
export const AUTH_DIALOG_EVENTS = ['auth:login-required', 'auth:activation-required', 'captcha:required'] as const;
type DialogEvent = (typeof AUTH_DIALOG_EVENTS)[number];

export const REGISTER_ROUTE = 'user.reg.mobile';

export interface DialogsSource {
  /** Loads and mounts mf-auth's dialogs; false when they cannot be had. */
  load: () => Promise<boolean>;
}

/**
 * unknown: not tried yet (nothing of mf-auth is fetched before a first request needs it); loading; ready: mounted
 * and listening; unavailable: not exposed or failed to load (for this page load).
 */
export type DialogsState = 'unknown' | 'loading' | 'ready' | 'unavailable';

interface Waiting {
  type: DialogEvent;
  payload: unknown;
  fallbackRoute: string;
}

let source: DialogsSource | null = null;
let state: DialogsState = 'unknown';
let reemitting = false;
let waiting: Waiting[] = [];
/** The route the next 'auth:login-required' falls back to (set by requestAuth for the register button). */
let nextFallbackRoute: string | null = null;

export function dialogsState(): DialogsState {
  return state;
}

function currentRouteName(): string | null {
  return matchRoute(location.pathname)?.route.name ?? null;
}

/**
 * The login (or register) page instead of the dialog, the redirect path saved for the way back (unless the
 * person is on a login page already: that is no place to come back to).
 */
function toLoginPage(route: string, redirect: string): void {
  const current = currentRouteName();
  if (current === route) return;
  if (!current || !LOGIN_SCREENS.has(current)) saveRedirectPath(redirect);
  navigate(routePath(route));
}

/** What happens when no dialog can answer. */
function fallback({ type, payload, fallbackRoute }: Waiting): void {
  if (type === 'auth:login-required') {
    // on a login page already: mf-auth's page is the answer
    if (LOGIN_SCREENS.has(currentRouteName() ?? '')) return;
    toLoginPage(fallbackRoute, (payload as KernelEvents['auth:login-required']).redirect ?? currentFullPath());
  } else if (type === 'captcha:required') {
    // nobody can show the captcha: the waiting requests fail now instead of hanging
    cancelCaptcha();
  }
  // 'auth:activation-required': the shell's activation notice is on the page already
}

function reemit(item: Waiting): void {
  reemitting = true;
  try {
    emit(item.type as KernelEventName, item.payload as never);
  } finally {
    reemitting = false;
  }
}

function settle(ok: boolean): void {
  state = ok ? 'ready' : 'unavailable';
  const list = waiting;
  waiting = [];
  for (const item of list) (ok ? reemit : fallback)(item);
}

function handle(type: DialogEvent, payload: unknown): void {
  const fallbackRoute = nextFallbackRoute ?? LOGIN_ROUTE;
  nextFallbackRoute = null;
  if (reemitting || state === 'ready') return;
  const item: Waiting = { type, payload, fallbackRoute };
  if (state === 'unavailable' || !source) return fallback(item);
  waiting.push(item);
  if (state === 'loading') return;
  state = 'loading';
  source.load().then(settle, () => settle(false));
}

/**
 * Makes sure every login, activation and captcha request is answered. mf-auth's dialogs are loaded on the first
 * such event and the event is raised again for them; when they cannot be had, a login request goes to the login
 * page (the redirect path saved) and a captcha request is cancelled. Returns the function that stops it.
 */
export function installAuthRequests(dialogs: DialogsSource): () => void {
  source = dialogs;
  const offs = AUTH_DIALOG_EVENTS.map((type) => on(type, (payload) => handle(type, payload)));
  return () => {
    offs.forEach((off) => off());
    source = null;
    state = 'unknown';
    waiting = [];
  };
}

/**
 * The navbar's 登录 / 注册: the kernel's openLogin() (redirect path saved, 'auth:login-required' raised with the
 * form's title) for mf-auth's dialog, loaded on this first request; the login or register page when the dialog
 * cannot be had (known from an earlier try, or found out now).
 */
export function requestAuth(form: 'login' | 'register'): void {
  const route = form === 'register' ? REGISTER_ROUTE : LOGIN_ROUTE;
  if (!source || state === 'unavailable') {
    toLoginPage(route, currentFullPath());
    return;
  }
  nextFallbackRoute = route;
  try {
    openLogin({ title: form === 'register' ? '注册' : '登录' });
  } finally {
    nextFallbackRoute = null;
  }
}

/** Raises the activation flow for an inactive account (the shell's guard calls it). */
export function requestActivation(reason: string, redirect: string = currentFullPath()): void {
  saveRedirectPath(redirect);
  setAppState({ showActivateDialog: true });
  emit('auth:activation-required', { reason, redirect });
}
