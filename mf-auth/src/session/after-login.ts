import {
  currentFullPath,
  isSitePath,
  navigate,
  ownerOf,
  routePath,
  saveRedirectPath,
  setAppState,
  setUser,
  takeSession,
  toastSuccess,
  userInfoPath,
} from 'shared-kernel';
import { toKernelUser, type LoginAnswer } from '../api/accounts';
import { TEXTS, USER_INFO_DAYS } from '../texts';

export type LoginKind = 'password' | 'code' | 'register' | 'qrcode';
/** Where the form is: on an auth route ('inline') or in the dialog over another page. */
export type Surface = 'inline' | 'dialog';

function pathnameOf(path: string): string {
  return new URL(path, 'http://site.invalid').pathname;
}

/** A saved path worth going back to: on this site, and not a login or registration screen. */
function resumablePath(path: string | null): string | null {
  if (!isSitePath(path) || ownerOf(pathnameOf(path)) === 'mf-auth') return null;
  return path;
}

/**
 * Goes where the user was headed before logging in (the redirect path of the session, SPEC §3). Inline, the
 * login screen is left for that path or the home page; in the dialog, the page stays unless the redirect
 * names another one. The shell takes a person on a login page back to the saved path itself when the user
 * changes (setUser() raises user:changed before this runs): then the page is no longer ours and stays.
 */
export function resumeAfterLogin(surface: Surface): void {
  const target = resumablePath(takeSession('redirectPath'));
  if (target && target !== currentFullPath()) navigate(target);
  else if (surface === 'inline' && ownerOf(pathnameOf(currentFullPath())) === 'mf-auth') navigate(routePath('home'));
}

/**
 * What follows every successful login or registration (SPEC §4, §8): the user info is stored; an inactive
 * account after an SMS login keeps the current path and goes to the user info screen (a new account with
 * from_reg), and the activation dialog opens; otherwise the success toast, then the redirect.
 */
export function completeLogin(answer: LoginAnswer, kind: LoginKind, surface: Surface): void {
  setUser(toKernelUser(answer), USER_INFO_DAYS);
  if (answer.is_active !== 1) {
    if (kind === 'code') {
      saveRedirectPath(currentFullPath());
      navigate(userInfoPath(0, { fromReg: answer.is_new }));
    }
    toastSuccess(TEXTS.loginSuccess);
    setAppState({ showActivateDialog: true });
    return;
  }
  if (kind === 'register') {
    toastSuccess(TEXTS.registerSuccess);
    if (surface === 'inline') navigate(userInfoPath(0, { fromReg: true }));
    else resumeAfterLogin(surface);
    return;
  }
  toastSuccess(TEXTS.loginSuccess);
  resumeAfterLogin(surface);
}

/** After an activation completes: back to the path saved at the SMS login, if it is worth going back to. */
export function resumeAfterActivation(): void {
  const target = resumablePath(takeSession('redirectPath'));
  if (target && target !== currentFullPath()) navigate(target);
}
