import path from 'node:path';
import { openPglite } from './pglite';
import { openPgliteWorker, pgliteThreadBuilt } from './pglite-worker';
import { openPostgres } from './postgres';
import type { Db } from './types';

export type { Db, Engine, Queryable, Row } from './types';
export { runMigrations, type MigrationResult } from './migrate';

export interface OpenDbOptions {
  /** PostgreSQL connection URL; when set, the real server is used. */
  databaseUrl?: string;
  /** Data folder; PGlite keeps its database in `<dataDir>/pglite`. Without it PGlite runs in memory. */
  dataDir?: string;
  onIdleError?: (err: Error) => void;
  /**
   * PGlite only: run it in a worker thread of its own (pglite-worker.ts) where that thread's entry is built, i.e. the
   * API server from dist/ (not a script, not the tests' sources); `PGLITE_THREAD=0` keeps it in the calling thread.
   */
  thread?: boolean;
  /** PGlite in its thread: the thread stopped on its own, and every query fails from then on. */
  onFatal?: (err: Error) => void;
}

export function openDb(options: OpenDbOptions): Promise<Db> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, { onIdleError: options.onIdleError });
  const dir = options.dataDir ? path.join(path.resolve(options.dataDir), 'pglite') : undefined;
  return options.thread && process.env.PGLITE_THREAD !== '0' && pgliteThreadBuilt() ? openPgliteWorker(dir, { onFatal: options.onFatal }) : openPglite(dir);
}
