import { ROUTES, type RemoteName, type RouteDef } from './route-table';

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string>;
}

interface Compiled {
  route: RouteDef;
  regex: RegExp;
  keys: string[];
}

function compile(route: RouteDef): Compiled {
  const keys: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      keys.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  // A trailing slash is tolerated, as browsers and links often add one.
  return { route, keys, regex: new RegExp(`^${source === '' ? '' : source}/?$`) };
}

const compiled = ROUTES.map(compile);
const byName = new Map(ROUTES.map((r) => [r.name, r]));

/** The route a pathname resolves to, or null (the shell then shows its 404 page). */
export function matchRoute(pathname: string): RouteMatch | null {
  for (const c of compiled) {
    const m = c.regex.exec(pathname);
    if (m) {
      const params: Record<string, string> = {};
      try {
        c.keys.forEach((k, i) => (params[k] = decodeURIComponent(m[i + 1])));
      } catch {
        return null; // a malformed %-escape: no page has that address
      }
      return { route: c.route, params };
    }
  }
  return null;
}

export function ownerOf(pathname: string): RemoteName | null {
  return matchRoute(pathname)?.route.remote ?? null;
}

export function routesOf(remote: RemoteName): RouteDef[] {
  return ROUTES.filter((r) => r.remote === remote);
}

export function getRoute(name: string): RouteDef {
  const route = byName.get(name);
  if (!route) throw new Error(`未知路由: ${name}`);
  return route;
}

/**
 * Builds a URL from a route name, its parameters and an optional query, e.g.
 * routePath('articles.docs.detail', { id: 42 }) -> '/app/articles/docs/detail/42'.
 */
export function routePath(
  name: string,
  params: Record<string, string | number> = {},
  query?: Record<string, string | number | boolean | undefined>,
): string {
  const route = getRoute(name);
  const path = route.path.replace(/:([A-Za-z_]+)/g, (_, key: string) => {
    if (params[key] === undefined) throw new Error(`路由 ${name} 缺少参数 ${key}`);
    return encodeURIComponent(String(params[key]));
  });
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) search.set(k, String(v));
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}
