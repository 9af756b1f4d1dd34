import { siteContext } from 'shared-kernel';
import type { Decision } from './decide';

/** The title of the 404 page (before the site title). */
export const NOT_FOUND_TITLE = '页面不存在';

/**
 * The document title of a page: the route's title, then the site title of the host's sub-site (SPEC.md §1, the
 * kernel's siteContext(): brand and subject word). The home page carries the site title alone.
 */
export function titleFor(decision: Decision, hostname: string = location.hostname): string {
  const site = siteContext(hostname).title;
  if (decision.kind === 'not-found') return `${NOT_FOUND_TITLE} - ${site}`;
  if (decision.route.name === 'home') return site;
  return `${decision.route.title} - ${site}`;
}
