import { Subject, filter, map, type Observable } from 'rxjs';
import type { LoginFormType } from '../navigation/routes';
import type { UserInfo } from '../state/user';

/**
 * The events apps exchange through the kernel, by name -> payload. Remotes never import each other: one raises
 * an event here and another answers it. Every cross-app event is declared here, once, with its payload: the one
 * place to read who may raise what (no app augments this interface).
 */
export interface KernelEvents {
  /** A request hit 429: mf-auth shows the captcha dialog and answers with resolveCaptcha() or cancelCaptcha(). */
  'captcha:required': { retryCount: number };
  /** Outcome of retrying with a solved captcha: ok closes the dialog (after showing success), else it refreshes. */
  'captcha:result': { ok: boolean };
  /** The captcha was cancelled (by the user, through cancelCaptcha()); the dialog closes. */
  'captcha:cancelled': Record<string, never>;
  /**
   * Login is needed: mf-auth opens its login dialog. `reason` says why, `redirect` where to go afterwards, `form`
   * which form to show (a register button asks for 'reg'; the default is the SMS login).
   */
  'auth:login-required': { reason: 'expired' | 'required'; redirect?: string; title?: string; form?: LoginFormType };
  /**
   * A logged-in but inactive account opened a page that needs an active one (SPEC.md §4): mf-auth shows the
   * activation dialog for `reason` (TRD_LOGIN_NO_MOBILE: bind a phone; CODE_LOGIN_NO_PASSWORD: set nickname and
   * password). Raised by the shell, which also sets the kernel's `showActivateDialog` flag; `redirect` is the page
   * to come back to (saved with saveRedirectPath()).
   */
  'auth:activation-required': { reason: string; redirect: string };
  /**
   * A page changed the user's messages (read, read all, delete; mf-user-center): the shell's bell shows `unread`
   * at once. The bell's own stream (GET /api/notifications/stream/) then confirms it, in every tab and device.
   */
  'notifications:unread-changed': { unread: number };
  /** The user info changed (login, logout, update); null when cleared. */
  'user:changed': { user: UserInfo | null };
}

export type KernelEventName = keyof KernelEvents;

interface Envelope {
  type: string;
  payload: unknown;
}

const events$ = new Subject<Envelope>();

/** Raises an event for every current listener (synchronously). */
export function emit<K extends KernelEventName>(type: K, payload: KernelEvents[K]): void {
  events$.next({ type, payload });
}

/** The stream of one event's payloads. */
export function eventsOf<K extends KernelEventName>(type: K): Observable<KernelEvents[K]> {
  return events$.pipe(
    filter((e) => e.type === type),
    map((e) => e.payload as KernelEvents[K]),
  );
}

/** Listens to one event; returns the function that stops listening. */
export function on<K extends KernelEventName>(type: K, handler: (payload: KernelEvents[K]) => void): () => void {
  const sub = eventsOf(type).subscribe(handler);
  return () => sub.unsubscribe();
}
