import type { PayNext } from 'contracts';
import type { PayMethodName } from 'contracts/enums';
import { COOKIES, matchRoute, routeLinkPath, routePath, setCookie } from 'shared-kernel';

/** The site path of an answer's `next` ({route: 'articles/docs/detail/12', query}); null when it names no page. */
export function nextPath(next: PayNext | null | undefined): string | null {
  return routeLinkPath(next);
}

/**
 * The path the provider sends the person back to after a redirect payment: this page with the method and
 * `return=1`; the order's number, unknown when the path is sent, is remembered meanwhile (pending.ts).
 */
export function returnPath(route: 'user.pay.order' | 'guest.pay.order', query: Record<string, string | undefined>, method: PayMethodName): string {
  return routePath(route, {}, { ...query, method, return: '1' });
}

/**
 * Where a purchase started, for the order's `from_path` (a package's order goes back there once paid): the
 * document of `?docs=`, else `?from=` when it is a page of this site (the 查看套餐 advert adds it).
 */
export function startedFrom(query: Record<string, string | undefined>): string | undefined {
  const docs = Number(query.docs);
  if (Number.isSafeInteger(docs) && docs > 0) return routePath('articles.docs.detail', { id: docs });
  const from = query.from ?? '';
  return from.startsWith('/app/') && matchRoute(from.split('?')[0]) ? from : undefined;
}

/**
 * SPEC §2 "Navigation behaviour", docs-pay: the shell, on the first route change after the provider sends the
 * person back, reads nextPath and goes to the document (docs-id) after setting the location to docs-url.
 */
export function setDocsPayCookies(docsId: number): void {
  const detail = routePath('articles.docs.detail', { id: docsId });
  setCookie(COOKIES.docsId, String(docsId));
  setCookie(COOKIES.docsUrl, detail);
  setCookie(COOKIES.nextPath, 'docs-pay');
}

/** Leaves the site for the provider's page: a seam so tests can see it. */
export const leave = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** The query of a page without the return's own parameters (what the page shows again after giving up on it). */
export function withoutReturn(params: URLSearchParams): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [k, v] of params) if (!['order_no', 'out_trade_no', 'method', 'return'].includes(k)) query[k] = v;
  return query;
}
