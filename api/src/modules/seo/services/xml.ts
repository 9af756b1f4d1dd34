import { createHash } from 'node:crypto';
import { escapeHtml } from '../../content/search/highlight';

/** The sitemaps.org 0.9 namespace. */
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

export const URLSET_HEAD = `${DECLARATION}<urlset xmlns="${NS}">\n`;
export const URLSET_TAIL = '</urlset>\n';
const INDEX_HEAD = `${DECLARATION}<sitemapindex xmlns="${NS}">\n`;
const INDEX_TAIL = '</sitemapindex>\n';

/** One location of a sitemap: an absolute URL and, when known, its W3C datetime. */
export interface SitemapEntry {
  loc: string;
  lastmod?: string | null;
}

// &, <, >, " and ' as entities: what sitemaps.org asks of every value (the HTML escape is the XML one too)
function entry(tag: 'url' | 'sitemap', e: SitemapEntry): string {
  const lastmod = e.lastmod ? `<lastmod>${escapeHtml(e.lastmod)}</lastmod>` : '';
  return `<${tag}><loc>${escapeHtml(e.loc)}</loc>${lastmod}</${tag}>\n`;
}

export function urlEntries(entries: readonly SitemapEntry[]): string {
  let out = '';
  for (const e of entries) out += entry('url', e);
  return out;
}

export function urlset(entries: readonly SitemapEntry[]): string {
  return URLSET_HEAD + urlEntries(entries) + URLSET_TAIL;
}

export function sitemapIndex(entries: readonly SitemapEntry[]): string {
  let out = INDEX_HEAD;
  for (const e of entries) out += entry('sitemap', e);
  return out + INDEX_TAIL;
}

/** A strong validator of a text: its digest, quoted as an ETag. */
export function etagOf(text: string): string {
  return `"${createHash('sha256').update(text).digest('base64url').slice(0, 22)}"`;
}

/** The latest of W3C datetimes (they sort as text: all UTC, same shape), or null when none is known. */
export function latest(times: readonly (string | null | undefined)[]): string | null {
  let best: string | null = null;
  for (const t of times) if (t && (best === null || t > best)) best = t;
  return best;
}
