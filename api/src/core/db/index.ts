import path from 'node:path';
import { openPglite } from './pglite';
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
}

export function openDb(options: OpenDbOptions): Promise<Db> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, { onIdleError: options.onIdleError });
  return openPglite(options.dataDir ? path.join(path.resolve(options.dataDir), 'pglite') : undefined);
}
