import { mkdirSync } from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { acquireDirLock } from './lockfile';
import { OID, parseDate, parseInt8 } from './parsers';
import { checkPrepared, preparedLiteral, type PreparedParam } from './prepared';
import type { Db, Queryable, Row } from './types';

/** PGlite's buffer pool (see the comment at PGlite.create). */
export const SHARED_BUFFERS = '8MB';

/**
 * Embedded PostgreSQL (WASM). `dir` is the database folder (created when missing); without it the database
 * lives in memory and is gone at close.
 */
export async function openPglite(dir?: string): Promise<Db> {
  let release = (): void => {};
  if (dir) {
    release = acquireDirLock(dir);
    mkdirSync(dir, { recursive: true });
  }
  let pg: PGlite;
  try {
    pg = await PGlite.create({
      ...(dir ? { dataDir: dir } : {}),
      parsers: { [OID.INT8]: parseInt8, [OID.DATE]: parseDate },
      // PostgreSQL's default 128MB of shared buffers all end up resident in the WASM heap; the data files sit in
      // the operating system's cache anyway, so a smaller pool keeps the process under its memory budget (8MB since
      // the search pages' rows are kept in the API's memory, which reads far fewer rows: 20 MB less at the load
      // benchmark's peak than 16MB, for 6% more CPU per search and 20% more per list page; docs/performance.md)
      postgresqlconf: [`shared_buffers = ${SHARED_BUFFERS}`],
    });
  } catch (err) {
    release();
    throw err;
  }

  const wrap = (target: PGlite | Transaction): Queryable => ({
    async query<T extends object = Row>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
      const result = await target.query<T>(sql, [...params]);
      return result.rows;
    },
    async exec(sql: string): Promise<void> {
      await target.exec(sql);
    },
  });

  const root = wrap(pg);
  const prepared = new Map<string, { sql: string; ready: Promise<unknown> }>();
  let closing: Promise<void> | undefined;
  return {
    engine: 'pglite',
    query: root.query,
    exec: root.exec,
    async preparedQuery<T extends object = Row>(name: string, sql: string, params: readonly PreparedParam[]): Promise<T[]> {
      checkPrepared(name, params);
      let statement = prepared.get(name);
      if (!statement) {
        statement = { sql, ready: pg.exec(`PREPARE ${name} AS ${sql}`) };
        prepared.set(name, statement);
        statement.ready.catch(() => prepared.delete(name));
      } else if (statement.sql !== sql) {
        throw new Error(`prepared statement ${name} has another SQL text`);
      }
      await statement.ready;
      // integers, or texts quoted by preparedLiteral (checked above), so the literals cannot carry SQL. The generic
      // plan, always: PostgreSQL would otherwise plan each call anew whenever its generic plan looks costlier than
      // the custom ones, which it always does for `LIMIT $n` (guessed as 10 % of the rows); planning is what PGlite
      // pays most for. The three statements run as one implicit transaction, so a failing EXECUTE rolls the SET back.
      const args = params.length ? `(${params.map(preparedLiteral).join(', ')})` : '';
      const results = await pg.exec(`SET plan_cache_mode = force_generic_plan; EXECUTE ${name}${args}; RESET plan_cache_mode`);
      return (results[1]?.rows ?? []) as T[];
    },
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    // PGlite's own LISTEN: this process is the only one, and NOTIFY is still heard only once its transaction commits
    async listen(channel, onMessage) {
      const stop = await pg.listen(channel, onMessage);
      return async () => {
        if (!pg.closed) await stop();
      };
    },
    close() {
      closing ??= (async () => {
        try {
          if (!pg.closed) await pg.close();
        } finally {
          release();
        }
      })();
      return closing;
    },
  };
}
