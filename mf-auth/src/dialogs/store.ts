import { BehaviorSubject } from 'rxjs';
import type { LoginFormType } from 'shared-kernel';

/**
 * Which of mf-auth's dialogs are open. One store per loaded mf-auth (the `./app` and `./dialogs` exposes share
 * it), read by the dialog host; pages and forms open dialogs through the functions below.
 */
export interface LoginDialogState {
  title?: string;
  /** Where to go after logging in, when it is not the page the dialog opened on. */
  redirect?: string;
  form: LoginFormType;
}

export interface ConfirmOptions {
  title: string;
  message: string;
  okText?: string;
  cancelText?: string;
}

interface ConfirmState extends ConfirmOptions {
  resolve: (ok: boolean) => void;
}

export interface DialogsState {
  login: LoginDialogState | null;
  confirm: ConfirmState | null;
  appDownload: boolean;
  /** The chat-app official-account QR login (SPEC §2). */
  officialAccountLogin: boolean;
  /** The security check answering the kernel's 429 flow. */
  captcha: boolean;
}

const INITIAL: DialogsState = { login: null, confirm: null, appDownload: false, officialAccountLogin: false, captcha: false };

export const dialogs$ = new BehaviorSubject<DialogsState>(INITIAL);

function patch(change: Partial<DialogsState>): void {
  dialogs$.next({ ...dialogs$.value, ...change });
}

export function openLoginDialog(state: Partial<LoginDialogState> = {}): void {
  patch({ login: { form: 'login_code', ...state } });
}

export function closeLoginDialog(): void {
  if (dialogs$.value.login) patch({ login: null });
}

/** The confirm dialog (OK and cancel): resolves true for OK, false for cancel or close. */
export function confirmDialog(options: ConfirmOptions): Promise<boolean> {
  dialogs$.value.confirm?.resolve(false); // one at a time: a newer question replaces an open one
  return new Promise((resolve) => patch({ confirm: { ...options, resolve } }));
}

export function settleConfirm(ok: boolean): void {
  const current = dialogs$.value.confirm;
  if (!current) return;
  patch({ confirm: null });
  current.resolve(ok);
}

export function openAppDownload(): void {
  patch({ appDownload: true });
}

export function closeAppDownload(): void {
  patch({ appDownload: false });
}

export function openOfficialAccountLogin(): void {
  patch({ officialAccountLogin: true });
}

export function closeOfficialAccountLogin(): void {
  patch({ officialAccountLogin: false });
}

export function openCaptchaDialog(): void {
  if (!dialogs$.value.captcha) patch({ captcha: true });
}

export function closeCaptchaDialog(): void {
  if (dialogs$.value.captcha) patch({ captcha: false });
}

/** Forgets every open dialog (tests, and the host's unmount). */
export function resetDialogs(): void {
  dialogs$.value.confirm?.resolve(false);
  dialogs$.next(INITIAL);
}
