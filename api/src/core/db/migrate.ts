import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Db, Queryable } from './types';

/** Key of the transaction-scoped advisory lock that serialises migrations between processes. */
export const MIGRATION_LOCK_KEY = 72_640_001;

const FILE_PATTERN = /^(\d{4})_([a-z0-9_]+)\.sql$/;

export interface MigrationFile {
  version: number;
  name: string;
  sql: string;
  checksum: string;
}

export interface MigrationResult {
  /** Versions applied by this call, in order. */
  applied: number[];
  /** Rows in schema_migrations afterwards. */
  total: number;
}

/** Reads `NNNN_name.sql` files in version order; anything else in the folder is an error. */
export function readMigrations(dir: string): MigrationFile[] {
  const files: MigrationFile[] = [];
  for (const entry of readdirSync(dir).sort()) {
    if (entry.startsWith('.')) continue;
    const match = FILE_PATTERN.exec(entry);
    if (!match) throw new Error(`迁移文件名不合规范（应为 NNNN_name.sql）: ${entry}`);
    const sql = readFileSync(path.join(dir, entry), 'utf8').replace(/\r\n/g, '\n');
    const version = Number(match[1]);
    if (files.some((f) => f.version === version)) throw new Error(`迁移版本号重复: ${match[1]}`);
    files.push({ version, name: match[2], sql, checksum: createHash('sha256').update(sql).digest('hex') });
  }
  return files;
}

async function appliedMigrations(q: Queryable): Promise<Map<number, string>> {
  // A plain catalog query, not to_regclass(): inside a transaction that waited for the advisory lock,
  // to_regclass() answers from the backend's relation cache, which has not yet seen the table another
  // process created meanwhile; a SELECT on pg_tables uses a fresh snapshot.
  const [{ present }] = await q.query<{ present: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_tables
                     WHERE schemaname = current_schema() AND tablename = 'schema_migrations') AS present`,
  );
  if (!present) return new Map();
  const rows = await q.query<{ version: number; checksum: string }>(
    'SELECT version, checksum FROM schema_migrations ORDER BY version',
  );
  return new Map(rows.map((r) => [r.version, r.checksum]));
}

function checkUnchanged(file: MigrationFile, checksum: string | undefined): void {
  if (checksum !== undefined && checksum !== file.checksum) {
    throw new Error(
      `迁移 ${String(file.version).padStart(4, '0')}_${file.name} 已执行过，但文件内容被修改了；` +
        '已发布的迁移不能修改，请新增一个迁移',
    );
  }
}

/**
 * Applies the pending migrations of `dir` in version order, each in its own transaction together with its
 * row in schema_migrations. The first migration creates schema_migrations itself. Each transaction first
 * takes an advisory lock and re-reads what is applied, so two processes starting together apply each
 * migration once (on PGlite a single process owns the database anyway). A migration file that was changed
 * after it was applied stops the start-up.
 */
export async function runMigrations(db: Db, dir: string): Promise<MigrationResult> {
  const files = readMigrations(dir);
  const known = await appliedMigrations(db);
  const applied: number[] = [];
  for (const file of files) {
    if (known.has(file.version)) {
      checkUnchanged(file, known.get(file.version));
      continue;
    }
    const didApply = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      const current = await appliedMigrations(tx);
      if (current.has(file.version)) {
        checkUnchanged(file, current.get(file.version));
        return false; // another process got there first
      }
      await tx.exec(file.sql);
      await tx.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
        file.version,
        file.name,
        file.checksum,
      ]);
      return true;
    });
    if (didApply) applied.push(file.version);
  }
  return { applied, total: (await appliedMigrations(db)).size };
}
