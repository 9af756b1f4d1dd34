import { compressed } from './page-render';

/**
 * The shell's server as the site's edge keeps server-rendered pages a few seconds, as a CDN honours a page's
 * `s-maxage`: the remote that made a page says how long it may be reused (`RenderedPage.maxAge`, at most
 * PAGE_KEEP_MAX_S; none: never). A page many people open at once is rendered once per that time instead of once per
 * reader, and the body is compressed once per encoding. Requests that miss together share one render. Bounded by
 * entries and bytes; the oldest go first.
 *
 * Pages are made as the visitor sees them (the renders read the API without anyone's session), so signed-in readers
 * share them too. The one thing a kept page must not do is hide what its reader has just done: a request says when
 * its reader last wrote (`notBefore`, the `wrote_at` cookie the /api/ proxy sets; static-server.ts), and only a page
 * whose render started after that answers it.
 */
export interface CachedPage {
  status: number;
  remote: string;
  version: string;
  /** The whole page: index.html with the remote's HTML in it. */
  html: string;
}

/** The longest a page is kept, whatever its remote says: the `wrote_at` cookie lives as long, so it outlives every kept page. */
export const PAGE_KEEP_MAX_S = 60;

interface Entry {
  page: CachedPage;
  /** When its render started: what it shows was read after this. */
  made: number;
  expires: number;
  bytes: number;
  bodies: Map<string, { body: Buffer; encoding?: string }>;
}

interface Making {
  made: number;
  result: Promise<{ page: CachedPage; maxAge: number } | null>;
}

export interface PageCacheOptions {
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
}

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Making>();
  private bytes = 0;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly now: () => number;

  constructor(options: PageCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 2000;
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.now = options.now ?? Date.now;
  }

  /** A fresh page under `key` whose render started after `notBefore` (ms), or undefined. */
  get(key: string, notBefore = 0): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const now = this.now();
    // made "later" than now: the clock was set back, and the page's time says nothing about the writes since
    if (entry.expires <= now || entry.made > now) {
      this.remove(key, entry);
      return undefined;
    }
    return entry.made > notBefore ? entry.page : undefined;
  }

  /**
   * The page under `key`: a kept one or one being made, when its render started after `notBefore` (0: any), else made
   * by `make` (one call for all who miss at once) and kept for the seconds it answers. Null when `make` has no page.
   */
  async fetch(key: string, notBefore: number, make: () => Promise<{ page: CachedPage; maxAge: number } | null>): Promise<CachedPage | null> {
    const hit = this.get(key, notBefore);
    if (hit) return hit;
    const pending = this.inFlight.get(key);
    if (pending && pending.made > notBefore) return (await pending.result)?.page ?? null;
    const made = this.now();
    const making: Making = {
      made,
      result: make().then((result) => {
        if (result && result.maxAge > 0) this.set(key, result.page, made, result.maxAge);
        return result;
      }),
    };
    this.inFlight.set(key, making);
    void making.result
      .finally(() => {
        if (this.inFlight.get(key) === making) this.inFlight.delete(key);
      })
      .catch(() => undefined);
    return (await making.result)?.page ?? null;
  }

  /** The page's body for the browser's encodings, compressed once per encoding while the page is kept. */
  body(key: string, page: CachedPage, acceptsBr: boolean, acceptsGzip: boolean): { body: Buffer; encoding?: string } {
    const variant = acceptsBr ? 'br' : acceptsGzip ? 'gzip' : 'identity';
    const entry = this.entries.get(key);
    const known = entry?.page === page ? entry.bodies.get(variant) : undefined;
    if (known) return known;
    const made = compressed(page.html, acceptsBr, acceptsGzip);
    if (entry?.page === page) {
      entry.bodies.set(variant, made);
      entry.bytes += made.body.length;
      this.bytes += made.body.length;
      this.trim();
    }
    return made;
  }

  get size(): number {
    return this.entries.size;
  }

  private set(key: string, page: CachedPage, made: number, maxAgeS: number): void {
    const old = this.entries.get(key);
    // a render that started before the kept page's (and took longer) does not replace the newer page
    if (old && old.made > made && old.expires > this.now()) return;
    if (old) this.remove(key, old);
    const keepS = Math.min(maxAgeS, PAGE_KEEP_MAX_S);
    const entry: Entry = { page, made, expires: made + keepS * 1000, bytes: page.html.length * 2, bodies: new Map() };
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    this.trim();
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  /** Drops the oldest pages (Map order is insertion order) until within both bounds. */
  private trim(): void {
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.remove(key, entry);
    }
  }
}
