import { navigate } from '../app/navigate';
import { matchRoute, routePath } from '../routing/match';
import { NAMED_ROUTES } from '../routing/route-table';

type Params = Record<string, string | number>;
type Query = Record<string, string | number | boolean | undefined>;

/** Goes to a route of the table by name: goTo('articles.docs.detail', { id: 42 }). */
export function goTo(name: string, params: Params = {}, query?: Query, options: { replace?: boolean } = {}): void {
  navigate(routePath(name, params, query), options);
}

/** The forms of the login and registration screen (SPEC.md §2); login_code is the default. */
export const LOGIN_FORM_TYPES = ['login_mobile', 'reg', 'login_code', 'findpwd_mobile', 'login_qrcode'] as const;
export type LoginFormType = (typeof LOGIN_FORM_TYPES)[number];
export const DEFAULT_LOGIN_FORM: LoginFormType = 'login_code';

/** The named route user_login_mobile: the mobile login screen with form_type=login_mobile. */
export function loginPath(formType: LoginFormType = 'login_mobile'): string {
  return routePath(NAMED_ROUTES.user_login_mobile, {}, { form_type: formType });
}

/** The named route user_info; id 0 is the current user; fromReg after registration or a first code login. */
export function userInfoPath(id: number | string = 0, options: { fromReg?: boolean } = {}): string {
  return routePath(NAMED_ROUTES.user_info, { id }, { from_reg: options.fromReg ? 'true' : undefined });
}

/** The current path with query and hash. */
export function currentFullPath(): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

/** A path on this site (not '//host' or 'https://...'): only those are followed after login or payment. */
export function isSitePath(path: string | null | undefined): path is string {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

/** A link an API answer gives: a route of the site as 'articles/docs/detail/12', with an optional query. */
export interface RouteLink {
  route: string;
  query?: Record<string, string>;
}

/**
 * The site path of an answer's link ({route: 'articles/docs/detail/12', query}): the route table's prefix and the
 * route, checked against the table; null when it names no page of the site.
 */
export function routeLinkPath(link: RouteLink | null | undefined): string | null {
  if (!link?.route) return null;
  const route = link.route.replace(/^\/+|\/+$/g, '');
  const pathname = route.startsWith('app/') ? `/${route}` : `/app/${route}`;
  if (!matchRoute(pathname)) return null;
  const query = new URLSearchParams(link.query ?? {}).toString();
  return query ? `${pathname}?${query}` : pathname;
}
