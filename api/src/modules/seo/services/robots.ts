import { ROBOTS_ALLOW, ROBOTS_DISALLOW } from './pages';

/** The site's robots.txt: one group for every crawler, then where the sitemap index is. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    ...ROBOTS_ALLOW.map((path) => `Allow: ${path}`),
    ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
