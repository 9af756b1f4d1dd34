import { createRoot, type Root } from 'react-dom/client';
import { isCaptchaPending, LOGIN_FORM_TYPES, on, setAppState, type KernelEvents, type LoginFormType } from 'shared-kernel';
import { ensureStyles } from '../styles/inject';
import { DialogHost } from './DialogHost';
import { closeCaptchaDialog, openCaptchaDialog, openLoginDialog } from './store';

/** What the shell may hand over: an event raised before the dialog layer listened. */
export interface InitialDialogs {
  loginRequired?: KernelEvents['auth:login-required'];
}

export interface DialogsHandle {
  unmount(): void;
}

/**
 * Opens the login dialog for a kernel 'auth:login-required' event. A `form` in the payload (one of the kernel's
 * LOGIN_FORM_TYPES, e.g. 'reg' for a register button) picks the form; an unknown one is ignored, as the event
 * may come from an app built against another kernel.
 */
export function answerLoginRequired(payload: KernelEvents['auth:login-required']): void {
  const form: unknown = payload.form;
  openLoginDialog({
    title: payload.title,
    redirect: payload.redirect,
    ...((LOGIN_FORM_TYPES as readonly unknown[]).includes(form) ? { form: form as LoginFormType } : {}),
  });
}

let mounted: { root: Root; host: HTMLElement; ownHost: boolean; offs: (() => void)[] } | null = null;

/**
 * Mounts mf-auth's dialog layer once per page (later calls reuse it): into `container`, or into an element of
 * its own at the end of <body>. From the moment it returns it answers, for any app, 'auth:login-required' (the
 * login dialog), 'captcha:required' (the security check; one already pending opens at once),
 * 'captcha:cancelled' and 'auth:activation-required': the listeners are set before React renders, so an event
 * the shell raises again right after this call is not lost. `initial.loginRequired` replays an event raised
 * before the layer existed.
 */
export function mountDialogs(container?: HTMLElement | null, initial: InitialDialogs = {}): DialogsHandle {
  if (!mounted) {
    ensureStyles();
    const offs = [
      on('auth:login-required', answerLoginRequired),
      on('captcha:required', openCaptchaDialog),
      on('captcha:cancelled', closeCaptchaDialog),
      on('auth:activation-required', () => setAppState({ showActivateDialog: true })),
    ];
    if (isCaptchaPending()) openCaptchaDialog();
    const host = container ?? document.createElement('div');
    const ownHost = !container;
    if (ownHost) {
      host.id = 'mf-auth-dialogs';
      document.body.appendChild(host);
    }
    const root = createRoot(host);
    root.render(<DialogHost />);
    mounted = { root, host, ownHost, offs };
  }
  if (initial.loginRequired) answerLoginRequired(initial.loginRequired);
  return { unmount: unmountDialogs };
}

/** Takes the dialog layer off the page and stops answering the kernel (tests; a shell that unloads it). */
export function unmountDialogs(): void {
  if (!mounted) return;
  mounted.offs.forEach((off) => off());
  mounted.root.unmount();
  if (mounted.ownHost) mounted.host.remove();
  mounted = null;
}
