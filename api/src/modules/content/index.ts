import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../core/module';
import { categoryTree } from './categories';
import { detailRows, namedRows, userNameCache } from './load';
import { blogRowsByIds } from './repositories/blogs';
import { docRowsByIds } from './repositories/documents';
import { appendixRoutes } from './routes/appendices';
import { devAssignDocRoutes } from './routes/dev-assign-doc';
import { catalogRoutes } from './routes/catalog';
import { searchRoutes } from './routes/search';
import { downloadRecordRoutes } from './routes/download-records';
import { downloadRoutes } from './routes/downloads';
import { previewRoutes } from './routes/previews';
import { metaRoutes } from './routes/meta';
import { socialRoutes } from './routes/social';
import { databaseSearch, forgetOtherPostingsFormats, itemSearchWords, storedTermPostings, termPostingsText, vacuumStoredPostings } from './repositories/search';
import { coalescedReads } from './coalesced-reads';
import { hasContent } from './repositories/seed';
import { loadSigner } from './signing';
import { createStorage } from '../../infra/storage/create-storage';
import type { StorageConfig } from '../../core/config';
import type { SeedResult } from './seed/seed';
import { viewCounter } from './view-counter';
import { keywordCounter } from './keyword-counter';
import { sweepFileDeletions } from './file-sweeper';
import { every, everyMinute } from '../../core/sweep';
import { contentChanges, type ContentChanges } from './changes';
import { contentCaches } from './caches';

/** The start's search warm-up (main.ts runs it after the seed, before the API listens). */
export { warmUpSearch } from './services/search-warm-up';

export interface ContentOptions extends Record<string, unknown> {
  /** Data folder: files are kept in `<dataDir>/files`. Without it, a temporary folder removed at close. */
  dataDir?: string;
  /** Secure cookies (HTTPS only). */
  secureCookies?: boolean;
  /** Where file bytes live (STORAGE, S3_*); default local disk. */
  storage?: StorageConfig;
  /** Keep the public lists' and searches' answers in memory (CONTENT_CACHE, default on; caches.ts). */
  cache?: boolean;
}

/**
 * Reading and search: documents, blogs, categories, comments, favourites, browsing history, downloads, previews
 * and search. Its routes run behind the accounts module's sessions.
 */
export const contentModule = defineModule<ContentOptions>('content', ['core', 'infra', 'accounts', 'notifications', 'pay'], async (app: FastifyInstance, options) => {
  const filesDir = (): string => {
    if (options.dataDir) return path.join(path.resolve(options.dataDir), 'files');
    const dir = mkdtempSync(path.join(tmpdir(), 'api-files-'));
    app.addHook('onClose', async () => rmSync(dir, { recursive: true, force: true }));
    return dir;
  };
  const changes = await contentChanges(app);
  const rows = detailRows(changes.changed);
  const views = viewCounter(
    app.db,
    (err) => app.log.error({ err }, 'view counts not written'),
    (table, ids) => ids.forEach((id) => rows.counted(table, id)),
  );
  const keywords = keywordCounter(app.db, (err) => app.log.warn({ err }, 'search keywords not counted'));
  app.addHook('preClose', async () => {
    await views.close();
    await keywords.close();
  });
  const storage = createStorage(options.storage ?? { kind: 'local' }, filesDir);
  const sweepFiles = () => sweepFileDeletions(app.db, storage, (err, key) => app.log.error({ err, key }, 'queued file not deleted'));
  app.addHook('onReady', async () => void (await sweepFiles().catch((err: unknown) => app.log.error({ err }, 'file sweep failed'))));
  everyMinute(app, sweepFiles);
  const categories = categoryTree(app.db);
  changes.onChange((change) => {
    if (change === 'categories') categories.invalidate();
  });
  keepStoredPostings(app, changes);
  const storedPostings = coalescedReads<string, string>((terms) => storedTermPostings(app.db, terms));
  const caches = contentCaches(changes, options.cache ?? true, app.db.engine, {
    engine: databaseSearch(app.db),
    termPostings: (term) => termPostingsText(app.db, term, storedPostings),
    itemWords: (items) => itemSearchWords(app.db, items),
    onError: (err) => app.log.error({ err }, 'kept search words: a change not applied, every word forgotten'),
  }, {
    documents: namedRows(app, docRowsByIds),
    blogs: namedRows(app, blogRowsByIds),
  });
  app.decorate('content', {
    storage,
    signer: await loadSigner(app.db),
    ...caches,
    changes,
    categories,
    userNames: userNameCache(app.db),
    views,
    keywords,
    rows,
    secureCookies: options.secureCookies ?? false,
    sweepFiles,
  });
  for (const routes of [catalogRoutes, searchRoutes, downloadRoutes, previewRoutes, downloadRecordRoutes, socialRoutes, metaRoutes, appendixRoutes, devAssignDocRoutes]) {
    await app.register(routes);
  }
});

/** How often PGlite's stored search postings are vacuumed, when an item changed since the last time. */
const STORED_POSTINGS_VACUUM_MS = 10 * 60_000;

/**
 * The search words' postings stored in the database (migration 0067): another build's are deleted at the start; on
 * PGlite, which has no autovacuum, the room of those that changes deleted is given back every 10 minutes after a
 * change (a vacuum of the 27 MB the load benchmark's words take is one short pause of PGlite's queue).
 */
function keepStoredPostings(app: FastifyInstance, changes: ContentChanges): void {
  app.addHook('onReady', async () => forgetOtherPostingsFormats(app.db).catch((err: unknown) => app.log.warn({ err }, 'stored search postings of another build not deleted')));
  if (app.db.engine !== 'pglite') return;
  let changed = false;
  changes.onChange((change) => {
    if (change === 'items' || change === 'lists') changed = true;
  });
  every(app, STORED_POSTINGS_VACUUM_MS, 'stored search postings vacuum', async () => {
    if (!changed) return;
    changed = false;
    await vacuumStoredPostings(app.db);
  });
}

/**
 * Seeds the quick demo site into an empty database (what `npm start` does before it listens; tests call it
 * too): answers what it made, or null when there were documents already. The seed's libraries (pdfkit, opencc,
 * the poems) are loaded only when it runs.
 */
export async function seedDemoContent(app: FastifyInstance, log?: (message: string) => void): Promise<SeedResult | null> {
  // a seeded database (every start but the first) never loads the seed's libraries: 20-30 MB of a process's memory
  if (await hasContent(app.db)) return null;
  const { seedIfEmpty } = await import('./seed/seed');
  const result = await seedIfEmpty(app.db, app.content.storage, { size: 'quick', log });
  app.content.categories.invalidate();
  return result;
}
