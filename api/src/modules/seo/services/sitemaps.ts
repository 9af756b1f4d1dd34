import type { Db } from '../../../core/db';
import { categoryUrls, itemPages, itemsInRange, siteTimes, type ItemKind, type ItemPageRow } from '../repositories/sitemap';
import { PUBLIC_PAGES } from './pages';
import { etagOf, latest, sitemapIndex, urlEntries, urlset, URLSET_HEAD, URLSET_TAIL, type SitemapEntry } from './xml';

export interface SitemapOptions {
  /** URLs per child sitemap of documents or blogs (the protocol allows 50,000; tests use a few). */
  pageSize: number;
  /** How long the cut into pages is kept before it is computed again (0: on every request). */
  cacheMs: number;
  /** Rows read per query while a child is written out: what one child holds in memory at a time. */
  batchSize: number;
}

/** The protocol's limit of URLs in one sitemap file (and 50 MB, which 50,000 of our URLs stay far below). */
export const MAX_URLS_PER_SITEMAP = 50_000;

export const SITEMAP_DEFAULTS: SitemapOptions = { pageSize: MAX_URLS_PER_SITEMAP, cacheMs: 5 * 60_000, batchSize: 5_000 };

/** A sitemap ready to send: its body (text, or chunks as they are read), a validator and when it last changed. */
export interface SitemapAnswer {
  body: string | AsyncIterable<string>;
  etag: string;
  lastmod: string | null;
}

const KINDS: readonly ItemKind[] = ['docs', 'blogs'];
const DETAIL: Record<ItemKind, (id: number) => string> = { docs: PUBLIC_PAGES.docDetail, blogs: PUBLIC_PAGES.blogDetail };
const CHILD_NAME = /^(docs|blogs)-([1-9][0-9]{0,8})\.xml$/;

/**
 * sitemap.xml and its children (docs/seo.md): a static child, a categories child, and the public documents and
 * blogs in id order cut into pages of `pageSize`. The cut is one pass over the public ids, kept for `cacheMs`; each
 * page is then an id range [first id, next page's first id), read in batches along the primary key (no OFFSET)
 * and written out as it is read.
 */
export class Sitemaps {
  private readonly cuts = new Map<ItemKind, { at: number; pages: Promise<ItemPageRow[]> }>();

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly options: SitemapOptions,
  ) {}

  /** The pages of one kind, from the cache while it is fresh; concurrent callers share one computation. */
  pages(kind: ItemKind): Promise<ItemPageRow[]> {
    const at = this.now().getTime();
    const cached = this.cuts.get(kind);
    if (cached && at - cached.at < this.options.cacheMs) return cached.pages;
    const entry = { at, pages: itemPages(this.db, kind, this.options.pageSize) };
    this.cuts.set(kind, entry);
    // a failed cut is not kept: the next request tries again
    entry.pages.catch(() => this.cuts.get(kind) === entry && this.cuts.delete(kind));
    return entry.pages;
  }

  async index(origin: string): Promise<SitemapAnswer> {
    const [times, ...cuts] = await Promise.all([siteTimes(this.db), ...KINDS.map((kind) => this.pages(kind))]);
    const site = latest([times.items, times.categories]);
    const entries: SitemapEntry[] = [
      { loc: `${origin}/sitemaps/static.xml`, lastmod: site },
      { loc: `${origin}/sitemaps/categories.xml`, lastmod: site },
    ];
    KINDS.forEach((kind, k) =>
      cuts[k].forEach((page, i) => entries.push({ loc: `${origin}/sitemaps/${kind}-${i + 1}.xml`, lastmod: page.lastmod })),
    );
    const body = sitemapIndex(entries);
    return { body, etag: etagOf(body), lastmod: latest(entries.map((e) => e.lastmod)) };
  }

  /** The child sitemap of that file name, or null when there is none (an unknown name, a page past the last). */
  async child(origin: string, name: string): Promise<SitemapAnswer | null> {
    if (name === 'static.xml') return this.staticPages(origin);
    if (name === 'categories.xml') return this.categories(origin);
    const match = CHILD_NAME.exec(name);
    if (!match) return null;
    return this.itemPage(origin, match[1] as ItemKind, Number(match[2]));
  }

  private async staticPages(origin: string): Promise<SitemapAnswer> {
    const times = await siteTimes(this.db);
    const body = urlset([
      { loc: origin + PUBLIC_PAGES.home(), lastmod: times.items },
      { loc: origin + PUBLIC_PAGES.categoryList(), lastmod: times.categories },
    ]);
    return { body, etag: etagOf(body), lastmod: latest([times.items, times.categories]) };
  }

  /** Every category's page, and its document and blog lists when it has public items of its own. */
  private async categories(origin: string): Promise<SitemapAnswer> {
    const rows = await categoryUrls(this.db, Math.floor(MAX_URLS_PER_SITEMAP / 3));
    const entries: SitemapEntry[] = [];
    for (const row of rows) {
      entries.push({ loc: origin + PUBLIC_PAGES.categoryDetail(row.id), lastmod: row.lastmod });
      if (row.docs_time) entries.push({ loc: origin + PUBLIC_PAGES.docList(row.id), lastmod: row.docs_time });
      if (row.blogs_time) entries.push({ loc: origin + PUBLIC_PAGES.blogList(row.id), lastmod: row.blogs_time });
    }
    const body = urlset(entries);
    return { body, etag: etagOf(body), lastmod: latest(entries.map((e) => e.lastmod)) };
  }

  private async itemPage(origin: string, kind: ItemKind, number: number): Promise<SitemapAnswer | null> {
    const pages = await this.pages(kind);
    const page = pages[number - 1];
    if (!page) return null;
    const before = pages[number]?.first_id ?? Number.MAX_SAFE_INTEGER;
    // the page's facts change whenever an item joins, leaves or changes (its count, range or newest time)
    const etag = etagOf(`${origin} ${kind} ${number} ${page.first_id} ${before} ${page.n} ${page.lastmod} ${this.options.pageSize}`);
    return { body: this.itemUrls(origin, kind, page.first_id, before), etag, lastmod: page.lastmod };
  }

  /** The urlset of one id range, batch by batch: at most pageSize URLs even when items were published since the cut. */
  private async *itemUrls(origin: string, kind: ItemKind, from: number, before: number): AsyncGenerator<string> {
    yield URLSET_HEAD;
    let cursor = from;
    let left = this.options.pageSize;
    while (left > 0) {
      const want = Math.min(this.options.batchSize, left);
      const rows = await itemsInRange(this.db, kind, cursor, before, want);
      yield urlEntries(rows.map((row) => ({ loc: origin + DETAIL[kind](row.id), lastmod: row.lastmod })));
      if (rows.length < want) break;
      left -= rows.length;
      cursor = rows[rows.length - 1].id + 1;
    }
    yield URLSET_TAIL;
  }
}
