import { currentFullPath, navigate, returnAfterLogin, saveRedirectPath, setAppState, setUser, toastSuccess, userInfoPath } from 'shared-kernel';
import { toKernelUser, type LoginAnswer } from '../api/accounts';
import { TEXTS, USER_INFO_DAYS } from '../texts';

export type LoginKind = 'password' | 'code' | 'register' | 'qrcode';
/** Where the form is: on an auth route ('inline') or in the dialog over another page. */
export type Surface = 'inline' | 'dialog';

/**
 * Goes where the user was headed before logging in: the kernel owns the saved path and the way back (inline, a
 * login screen with nothing saved is left for the home page; in the dialog, the page stays unless another was saved).
 */
export function resumeAfterLogin(surface: Surface): void {
  returnAfterLogin(surface === 'inline' ? 'login-page' : 'login-dialog');
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
