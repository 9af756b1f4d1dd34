import { isStaff, matchRoute, type RemoteName, type RouteDef, type UserInfo } from 'shared-kernel';
import { SHELL_RENDERED_ROUTES } from './shell-routes';

export { SHELL_RENDERED_ROUTES };

/** The route a visitor is sent to from a login-required page (the SMS quick login, the default form). */
export const LOGIN_ROUTE = 'user.login.code';

/** Where an inactive third-party account binds its phone: open to that account although the route needs login. */
const ACCOUNT_BIND_ROUTE = 'user.welcome.accountBind';

/** The inactive reason of an account disabled for spam: it only ever sees a notice. */
export const DISABLED_REASON = 'POST_SPAM_COMMENTS';

/** What the shell does with a path for the current user. */
export type Decision =
  /** The owning remote renders the page. */
  | { kind: 'remote'; route: RouteDef; params: Record<string, string>; remote: RemoteName }
  /** The shell renders the page (diagnostics). */
  | { kind: 'shell'; route: RouteDef; params: Record<string, string> }
  /** A visitor on a login-required page: to the login route, and back afterwards. */
  | { kind: 'login'; route: RouteDef; params: Record<string, string> }
  /** A logged-in but inactive account on a login-required page: the activation flow. */
  | { kind: 'activate'; route: RouteDef; params: Record<string, string>; reason: string }
  /** A disabled account on a login-required page: only the notice. */
  | { kind: 'disabled'; route: RouteDef; params: Record<string, string> }
  /** Inside the mini-program, user info 0 waits for the mini-program's login-state check. */
  | { kind: 'miniprogram-login'; route: RouteDef; params: Record<string, string> }
  | { kind: 'not-found' };

export interface DecideContext {
  user: UserInfo | null;
  /** True inside the chat-app mini-program (its own login replaces the site's login page there). */
  miniProgram?: boolean;
}

/** Whether the page is user info of the current user (id 0). */
export function isOwnUserInfo(route: RouteDef, params: Record<string, string>): boolean {
  return route.name === 'user.info' && params.id === '0';
}

/**
 * The shell's routing rule, a pure function of the path and the user: which remote (if any) renders, or which
 * guard applies (SPEC.md §2 need_log, §4 inactive states, §6 roles; staff-only routes for staff alone).
 */
export function decide(pathname: string, context: DecideContext): Decision {
  const match = matchRoute(pathname);
  if (!match) return { kind: 'not-found' };
  const { route, params } = match;
  if (SHELL_RENDERED_ROUTES.has(route.name)) return { kind: 'shell', route, params };
  const remote: Decision = { kind: 'remote', route, params, remote: route.remote };
  if (!route.needLog) return remote;

  const { user } = context;
  const known = !!user && user.uid !== 0;
  // the staff console is never activated for anyone else: its files are not fetched, the page is the 404
  if (known && user.is_active === 1) return route.staff && !isStaff(user) ? { kind: 'not-found' } : remote;
  if (known) {
    const reason = user.inactive_reason ?? '';
    if (reason === DISABLED_REASON) return { kind: 'disabled', route, params };
    if (route.name === ACCOUNT_BIND_ROUTE) return remote;
    return { kind: 'activate', route, params, reason };
  }
  if (context.miniProgram && isOwnUserInfo(route, params)) return { kind: 'miniprogram-login', route, params };
  return { kind: 'login', route, params };
}

/** The remote a decision activates, or null. */
export function remoteOf(decision: Decision): RemoteName | null {
  return decision.kind === 'remote' ? decision.remote : null;
}
