import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../core/module';
import { categoryTree } from './categories';
import { detailRows, userNameCache } from './load';
import { appendixRoutes } from './routes/appendices';
import { catalogRoutes } from './routes/catalog';
import { searchRoutes } from './routes/search';
import { downloadRecordRoutes } from './routes/download-records';
import { downloadRoutes } from './routes/downloads';
import { previewRoutes } from './routes/previews';
import { metaRoutes } from './routes/meta';
import { socialRoutes } from './routes/social';
import { databaseSearch } from './search/engine';
import { loadSigner } from './signing';
import { localDiskStorage } from '../../infra/storage/storage';
import { viewCounter } from './view-counter';

export interface ContentOptions extends Record<string, unknown> {
  /** Data folder: files are kept in `<dataDir>/files`. Without it, a temporary folder removed at close. */
  dataDir?: string;
  /** Seed the quick demo set when the database has no documents yet (what `npm start` does). */
  seedWhenEmpty?: boolean;
  /** Secure cookies (HTTPS only). */
  secureCookies?: boolean;
}

/**
 * Reading and search: documents, blogs, categories, comments, favourites, browsing history, downloads, previews
 * and search. Its routes run behind the accounts module's sessions.
 */
export const contentModule = defineModule<ContentOptions>('content', ['core', 'infra', 'accounts'], async (app: FastifyInstance, options) => {
  let filesDir: string;
  if (options.dataDir) {
    filesDir = path.join(path.resolve(options.dataDir), 'files');
  } else {
    filesDir = mkdtempSync(path.join(tmpdir(), 'api-files-'));
    app.addHook('onClose', async () => rmSync(filesDir, { recursive: true, force: true }));
  }
  const rows = detailRows();
  const views = viewCounter(
    app.db,
    (err) => app.log.error({ err }, 'view counts not written'),
    (table, ids) => ids.forEach((id) => rows.changed(table, id)),
  );
  app.addHook('preClose', async () => views.close());
  app.decorate('content', {
    storage: localDiskStorage(filesDir),
    signer: await loadSigner(app.db),
    search: databaseSearch(app.db),
    categories: categoryTree(app.db),
    userNames: userNameCache(app.db),
    views,
    rows,
    secureCookies: options.secureCookies ?? false,
  });
  // The first start of an empty database seeds the demo site in the background: the server listens at once
  // (health answers), and the content routes wait for the seed to finish.
  const ready = options.seedWhenEmpty
    ? // the seed's libraries (pdfkit, opencc, the poems) are loaded only when a seed runs
      import('./seed/seed').then(({ seedIfEmpty }) => seedIfEmpty(app.db, app.content.storage, { size: 'quick', log: (m) => app.log.warn(m) })).then(
        () => app.content.categories.invalidate(),
        (err: unknown) => app.log.error({ err }, 'demo content not seeded'),
      )
    : Promise.resolve();
  app.addHook('preClose', async () => {
    await ready;
  });
  await app.register(async (routes) => {
    routes.addHook('onRequest', async () => {
      await ready;
    });
    await routes.register(catalogRoutes);
    await routes.register(searchRoutes);
    await routes.register(downloadRoutes);
    await routes.register(previewRoutes);
    await routes.register(downloadRecordRoutes);
    await routes.register(socialRoutes);
    await routes.register(metaRoutes);
    await routes.register(appendixRoutes);
  });
});
