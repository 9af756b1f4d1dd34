import {
  appState$,
  currentFullPath,
  followNextPath,
  isLoggedIn,
  navigate,
  on,
  returnAfterLogin,
  routePath,
  saveRedirectPath,
  setAppState,
  user$,
  type LocationSetter,
  type UserInfo,
} from 'shared-kernel';
import { requestActivation } from '../auth/auth-requests';
import { decide, isOwnUserInfo, LOGIN_ROUTE, remoteOf, type Decision } from './decide';
import { route$, type RouteState } from './route-state';
import { titleFor } from './titles';

export interface RouterServices {
  /** Inside the chat-app mini-program. */
  isMiniProgram: () => boolean;
  /** The mini-program's login-state check (user info 0 inside the mini-program). */
  checkMiniProgramLogin: () => Promise<unknown>;
  /** Asks single-spa to re-evaluate which remote is active (single-spa's triggerAppChange). */
  reroute: () => void;
  /** Every navigation, before anything else (the ads are removed here). */
  beforeNavigation?: () => void;
  /** After a navigation has settled and the remote is mounted (page views, ads). */
  navigated?: (state: RouteState) => void;
  setLocation?: LocationSetter;
}

export type RouteOutcome = 'redirected' | 'settled';

/**
 * The shell's router around single-spa: single-spa activates the remote that `decide()` names, and on every route
 * change this applies the nextPath cookie, the login guard, the way back after login, the activation flow, the
 * mini-program's login check and the page title.
 */
export function createRouter(services: RouterServices) {
  const context = (user: UserInfo | null = user$.value) => ({ user, miniProgram: services.isMiniProgram() });
  /** What was last acted on (path, decision and user), so a repeated reroute raises no event twice. */
  let lastHandled = '';

  /** The work of one route change (single-spa's before-routing event). */
  function handleRouteChange(): RouteOutcome {
    services.beforeNavigation?.();
    if (followNextPath(services.setLocation)) return 'redirected';

    const fullPath = currentFullPath();
    const user = user$.value;
    const decision = decide(location.pathname, context(user));
    if (decision.kind === 'login') {
      saveRedirectPath(fullPath);
      navigate(routePath(LOGIN_ROUTE), { replace: true });
      return 'redirected';
    }
    // a logged-in person on a login screen goes back to the saved page (the kernel decides)
    if (returnAfterLogin('user-change')) return 'redirected';

    document.title = titleFor(decision);
    const key = `${fullPath}|${decision.kind}|${user?.uid ?? 0}|${user?.is_active ?? 0}`;
    if (key !== lastHandled) {
      lastHandled = key;
      if (decision.kind === 'activate') requestActivation(decision.reason, fullPath);
      const ownInfo = decision.kind !== 'not-found' && isOwnUserInfo(decision.route, decision.params);
      if (ownInfo && services.isMiniProgram()) void services.checkMiniProgramLogin();
    }
    route$.next({ decision, fullPath });
    return 'settled';
  }

  /** A login, logout or activation: back after login, or another decision for the same path. */
  function userChanged(user: UserInfo | null): void {
    const decision = decide(location.pathname, context(user));
    if (isLoggedIn(user) && appState$.value.showActivateDialog) setAppState({ showActivateDialog: false });
    if (returnAfterLogin('user-change')) return;
    const previous = route$.value?.decision;
    if (!previous || previous.kind !== decision.kind || remoteOf(previous) !== remoteOf(decision)) services.reroute();
  }

  function onRouted(): void {
    const state = route$.value;
    // a redirect made during this route change is still to come: it reports when it settles
    if (!state || state.fullPath !== currentFullPath()) return;
    services.navigated?.(state);
  }

  return {
    /** The decision for a path now (single-spa's activity functions call it). */
    decide: (pathname: string): Decision => decide(pathname, context()),
    handleRouteChange,
    /** Listens to single-spa and the kernel; returns the function that stops. */
    start(): () => void {
      const before = () => handleRouteChange();
      window.addEventListener('single-spa:before-routing-event', before);
      window.addEventListener('single-spa:routing-event', onRouted);
      const off = on('user:changed', ({ user }) => userChanged(user));
      return () => {
        window.removeEventListener('single-spa:before-routing-event', before);
        window.removeEventListener('single-spa:routing-event', onRouted);
        off();
      };
    },
  };
}

export type ShellRouter = ReturnType<typeof createRouter>;
