// The one owner of "back to where you were" (SPEC.md §2 navigation, §3 browser storage, §4 activation): the path
// saved under the session's redirect key, the nextPath cookie, and the return after a login or an activation. The
// shell and mf-auth call these functions; none of them keeps a rule of its own.
import { navigate } from '../app/navigate';
import { emit } from '../events/bus';
import { matchRoute, routePath } from '../routing/match';
import { isLoggedIn, loadUserFromCookie, user$ } from '../state/user';
import { COOKIES, takeCookie } from '../storage/cookies';
import { setSession, takeSession } from '../storage/local-store';
import { currentFullPath, isSitePath, userInfoPath } from './routes';

/** The login and registration screens: never a place to come back to, and the screens a login leaves. */
export const LOGIN_SCREENS: ReadonlySet<string> = new Set(['user.login.code', 'user.login.mobile', 'user.reg.mobile']);

/** True when `path` (a pathname or a full path) is one of the login screens. */
export function isLoginScreen(path: string): boolean {
  const name = matchRoute(new URL(path, 'http://site.invalid').pathname)?.route.name;
  return name !== undefined && LOGIN_SCREENS.has(name);
}

/** Remembers the path to come back to after login (session storage, redirect key). Only site paths are kept. */
export function saveRedirectPath(path: string = currentFullPath()): void {
  if (isSitePath(path)) setSession('redirectPath', path);
}

/**
 * Asks for login: remembers where to come back to and raises 'auth:login-required', which mf-auth answers with
 * its login dialog.
 */
export function openLogin(options: { title?: string; redirect?: string } = {}): void {
  const redirect = options.redirect ?? currentFullPath();
  saveRedirectPath(redirect);
  emit('auth:login-required', { reason: 'required', redirect, title: options.title });
}

/**
 * What asks for the way back:
 * - 'user-change': the user changed or a route changed (the shell, every time): only a person on a login screen
 *   is moved, so a login in another tab, or in a dialog over a page, does not move the page by itself;
 * - 'login-page': a login form on a login screen completed; with nothing saved, the screen is left for home;
 * - 'login-dialog': a login in the dialog over a page completed; the page stays unless another one was saved;
 * - 'activation': an inactive account became active.
 */
export type ReturnTrigger = 'user-change' | 'login-page' | 'login-dialog' | 'activation';

/**
 * Goes back to the saved path after a login or an activation: when the user is logged in, the saved path is taken
 * (once) and followed if it is a site path, not a login screen and not the current page. Leaving a login screen
 * replaces its history entry, so "back" does not return to a form that is done. Whoever calls first, the outcome
 * is the same: a later call finds nothing saved. Returns true when it navigated.
 */
export function returnAfterLogin(trigger: ReturnTrigger): boolean {
  if (!isLoggedIn(user$.value)) return false;
  const here = currentFullPath();
  const onLoginScreen = isLoginScreen(here);
  if (trigger === 'user-change' && !onLoginScreen) return false;
  const back = takeSession('redirectPath');
  let to: string | null = isSitePath(back) && !isLoginScreen(back) && back !== here ? back : null;
  if (!to && trigger === 'login-page' && onLoginScreen) to = routePath('home');
  if (!to) return false;
  navigate(to, { replace: onLoginScreen });
  return true;
}

/** Values of the nextPath cookie (SPEC.md §2). */
export const NEXT_PATH_KINDS = ['coin-pay', 'docs-pay', 'trd-login', 'redirect-path'] as const;
export type NextPathKind = (typeof NEXT_PATH_KINDS)[number];

export interface NextPathAction {
  kind: NextPathKind;
  /** Where to navigate; null when the cookie pointed nowhere usable. */
  to: string | null;
  /** docs-pay only: the URL to set as the browser location (a download), when the docs-url cookie held one. */
  location?: string | null;
}

function isHttpUrl(value: string | null): value is string {
  if (!value) return false;
  if (isSitePath(value)) return true;
  try {
    const protocol = new URL(value).protocol;
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * Reads and clears the nextPath cookie and says what to do (followNextPath() does it):
 * - coin-pay: go to user info 0;
 * - docs-pay: read and clear docs-url and docs-id: set the location to docs-url, go to that document's detail;
 * - trd-login: take the user info the third-party login left (its cookie), then go to user info 0;
 * - redirect-path: go to the path saved under the redirect key (with its query), and clear it.
 * Null when there is no cookie or an unknown value. Only site paths and http(s) URLs are ever returned.
 */
export function consumeNextPath(): NextPathAction | null {
  const kind = takeCookie(COOKIES.nextPath);
  switch (kind) {
    case 'coin-pay':
      return { kind, to: userInfoPath(0) };
    case 'docs-pay': {
      const url = takeCookie(COOKIES.docsUrl);
      const id = takeCookie(COOKIES.docsId);
      return {
        kind,
        to: id && /^\d+$/.test(id) ? routePath('articles.docs.detail', { id }) : null,
        location: isHttpUrl(url) ? url : null,
      };
    }
    case 'trd-login':
      loadUserFromCookie();
      return { kind, to: userInfoPath(0) };
    case 'redirect-path': {
      const path = takeSession('redirectPath');
      return { kind, to: isSitePath(path) ? path : null };
    }
    default:
      return null;
  }
}

/** Sets the browser location (docs-pay's download): a seam so tests can see it. */
export type LocationSetter = (url: string) => void;

/**
 * Sets the location once the page has loaded: a navigation started while the page still loads would stop its
 * loading (and a download address never replaces the page anyway).
 */
export const assignLocation: LocationSetter = (url) => {
  const go = () => window.location.assign(url);
  if (document.readyState === 'complete') go();
  else window.addEventListener('load', go, { once: true });
};

/**
 * Carries out the nextPath cookie, on every route change (the shell calls it): docs-pay first sets the browser
 * location to the download, then every kind goes to its page, replacing the current entry (the page that came
 * back from the payment or third-party login is not one to go back to). Returns true when it navigated.
 */
export function followNextPath(setLocation: LocationSetter = assignLocation): boolean {
  const action = consumeNextPath();
  if (!action) return false;
  if (action.location) setLocation(action.location);
  if (!action.to || action.to === currentFullPath()) return false;
  navigate(action.to, { replace: true });
  return true;
}
