#!/usr/bin/env node
// `npm run seed -w api [-- --size quick|standard|big]`: fills an empty database (DATABASE_URL, or PGlite in
// DATA_DIR, the same defaults as the server) with the demo site built from the chinese-poetry texts, and its
// files into DATA_DIR/files (or the S3 bucket of STORAGE=s3). Stop the API first when it runs on PGlite (one process per data folder).
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const dist = (p) => require(path.join(import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname), '..', 'dist', p));
const { openDb, runMigrations } = dist('core/db/index.js');
const { migrationsDir, defaultDataDir } = dist('core/paths.js');
const { seedIfEmpty, SEED_SIZES } = dist('modules/content/seed/seed.js');
const { createStorage } = dist('infra/storage/create-storage.js');
const { loadStorageConfig } = dist('core/config.js');

const at = process.argv.indexOf('--size');
const size = at === -1 ? 'standard' : process.argv[at + 1];
if (!Object.hasOwn(SEED_SIZES, size)) {
  console.error(`--size 只能是 ${Object.keys(SEED_SIZES).join('、')}，收到: ${size}`);
  process.exit(2);
}
const dataDir = path.resolve(process.env.DATA_DIR || defaultDataDir);
const db = await openDb({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir });
try {
  await runMigrations(db, migrationsDir);
  console.log(`正在生成演示数据（${size}：${SEED_SIZES[size].docs} 篇文档）…`);
  const result = await seedIfEmpty(db, createStorage(loadStorageConfig(process.env), () => path.join(dataDir, 'files')), { size, log: (m) => console.log(m) });
  if (!result) {
    console.error('数据库里已有文档，未生成演示数据（只往空数据库里生成）。');
    process.exitCode = 1;
  }
} finally {
  await db.close();
}
