#!/usr/bin/env node
// `npm run orphans -w api [-- --delete]`: lists the stored files (DATA_DIR/files, or the bucket of STORAGE=s3) that no row owns and the file
// rows whose file is missing, in the database of DATABASE_URL or PGlite in DATA_DIR (the server's defaults).
// With --delete, the orphans older than an hour are deleted (a younger one may be an upload whose rows are on
// their way); missing files are only listed. Exit code 1 when anything was found. Stop the API first when it runs
// on PGlite (one process per data folder).
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const dist = (p) => require(path.join(import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname), '..', 'dist', p));
const { openDb, runMigrations } = dist('core/db/index.js');
const { migrationsDir, defaultDataDir } = dist('core/paths.js');
const { findOrphans, deleteOrphans } = dist('modules/content/orphans.js');
const { createStorage } = dist('infra/storage/create-storage.js');
const { loadStorageConfig } = dist('core/config.js');

const HOUR_MS = 3600_000;
const remove = process.argv.includes('--delete');
const dataDir = path.resolve(process.env.DATA_DIR || defaultDataDir);
const storage = createStorage(loadStorageConfig(process.env), () => path.join(dataDir, 'files'));
const db = await openDb({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir });
try {
  await runMigrations(db, migrationsDir);
  const { orphans, missing } = await findOrphans(db, storage);
  console.log(`无记录的文件：${orphans.length} 个`);
  for (const o of orphans) console.log(`  ${o.key}\t${o.size}\t${o.modified.toISOString()}`);
  console.log(`文件缺失的记录：${missing.length} 条`);
  for (const m of missing) console.log(`  content_files ${m.id}\t${m.storage_key}`);
  if (remove) {
    const { deleted, failed } = await deleteOrphans(storage, orphans, new Date(Date.now() - HOUR_MS));
    console.log(`已删除一小时前的无记录文件：${deleted.length} 个${failed.length ? `，未能删除：${failed.map((o) => o.key).join('、')}` : ''}`);
  }
  if (orphans.length > 0 || missing.length > 0) process.exitCode = 1;
} finally {
  await db.close();
}
