import { compressed } from './page-render';

/**
 * The shell's server as the site's edge keeps server-rendered pages for visitors a few seconds, as a CDN honours a
 * page's `s-maxage`: the remote that made a page says how long it may be reused (`RenderedPage.maxAge`; none: never).
 * A page many people open at once is rendered once per that time instead of once per visitor, and the body is
 * compressed once per encoding. Requests that miss together share one render. Bounded by entries and bytes; the
 * oldest go first.
 */
export interface CachedPage {
  status: number;
  remote: string;
  version: string;
  /** The whole page: index.html with the remote's HTML in it. */
  html: string;
}

interface Entry {
  page: CachedPage;
  expires: number;
  bytes: number;
  bodies: Map<string, { body: Buffer; encoding?: string }>;
}

export interface PageCacheOptions {
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
}

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<{ page: CachedPage; maxAge: number } | null>>();
  private bytes = 0;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly now: () => number;

  constructor(options: PageCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 2000;
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.now = options.now ?? Date.now;
  }

  /** A fresh page under `key`, or undefined. */
  get(key: string): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.remove(key, entry);
      return undefined;
    }
    return entry.page;
  }

  /**
   * The page under `key` from the cache when `useCached`, else made by `make` (one call for all who miss at once)
   * and kept for the seconds it answers. Null when `make` has no page.
   */
  async fetch(key: string, useCached: boolean, make: () => Promise<{ page: CachedPage; maxAge: number } | null>): Promise<CachedPage | null> {
    if (useCached) {
      const hit = this.get(key);
      if (hit) return hit;
      const pending = this.inFlight.get(key);
      if (pending) return (await pending)?.page ?? null;
    }
    const pending = make().then((made) => {
      if (made && made.maxAge > 0) this.set(key, made.page, made.maxAge);
      return made;
    });
    if (useCached) {
      this.inFlight.set(key, pending);
      void pending.finally(() => this.inFlight.delete(key)).catch(() => undefined);
    }
    return (await pending)?.page ?? null;
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

  private set(key: string, page: CachedPage, maxAgeS: number): void {
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    const entry: Entry = { page, expires: this.now() + maxAgeS * 1000, bytes: page.html.length * 2, bodies: new Map() };
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
