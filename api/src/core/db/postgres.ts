import { Client, Pool, types as pgTypes, type PoolClient } from 'pg';
import { OID, parseDate, parseInt8 } from './parsers';
import { checkPrepared, type PreparedParam } from './prepared';
import type { Db, Queryable, Row } from './types';

const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (format !== 'binary') {
      if (oid === OID.INT8) return parseInt8;
      if (oid === OID.DATE) return parseDate;
    }
    // pg-types' overloads do not accept a union format; the default parsers are what we want here
    return (pgTypes.getTypeParser as (oid: number, format?: string) => (value: string) => unknown)(oid, format);
  },
};

export interface PostgresOptions {
  /** Called for errors of idle pooled connections (a server restart, a killed backend). */
  onIdleError?: (err: Error) => void;
}

/** Opens the pool and fails at start-up, rather than at the first request, when the server cannot be reached. */
async function connectPool(url: string, options: PostgresOptions): Promise<Pool> {
  const pool = new Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
    application_name: 'wendang-api',
    types: typeParsers,
  });
  // Without a listener an idle client's error would crash the process.
  pool.on('error', (err) => options.onIdleError?.(err));
  try {
    const probe = await pool.connect();
    probe.release();
  } catch (err) {
    await pool.end();
    throw err;
  }
  return pool;
}

function wrap(target: Pool | PoolClient): Queryable {
  return {
    async query<T extends object = Row>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
      const result = await target.query(sql, [...params]);
      return result.rows as T[];
    },
    async exec(sql: string): Promise<void> {
      // no parameters: the simple query protocol, which runs several statements
      await target.query(sql);
    },
  };
}

async function inTransaction<T>(pool: Pool, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await fn(wrap(client));
    await client.query('COMMIT');
    return result;
  } catch (err) {
    try {
      await client.query('ROLLBACK');
    } catch (rollbackErr) {
      broken = rollbackErr as Error; // the connection is unusable: drop it from the pool
    }
    throw err;
  } finally {
    client.release(broken);
  }
}

/** Db.listen: one connection of its own per channel, kept in `listeners` so that close() ends them. */
function listenWith(url: string, listeners: Set<Client>, closing: () => boolean): NonNullable<Db['listen']> {
  return async (channel, onMessage, onLost) => {
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`bad channel name: ${channel}`);
    const client = new Client({ connectionString: url, application_name: 'wendang-api-listen', types: typeParsers });
    let stopped = false;
    const lost = (err: Error) => {
      if (stopped || closing()) return;
      stopped = true;
      listeners.delete(client);
      onLost(err);
      void client.end().catch(() => undefined);
    };
    client.on('error', lost);
    client.on('end', () => lost(new Error('LISTEN connection ended')));
    client.on('notification', (n) => {
      if (n.channel === channel) onMessage(n.payload ?? '');
    });
    await client.connect();
    await client.query(`LISTEN ${channel}`);
    listeners.add(client);
    return async () => {
      stopped = true;
      listeners.delete(client);
      await client.end().catch(() => undefined);
    };
  };
}

/** A real PostgreSQL server through a pg Pool. */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Db> {
  const pool = await connectPool(url, options);
  const root = wrap(pool);
  let closing: Promise<void> | undefined;
  const listeners = new Set<Client>();
  return {
    engine: 'postgres',
    query: root.query,
    async preparedQuery<T extends object = Row>(name: string, sql: string, params: readonly PreparedParam[]): Promise<T[]> {
      checkPrepared(name, params);
      // pg prepares a named statement once per connection and reuses it
      const result = await pool.query({ name, text: sql, values: [...params] });
      return result.rows as T[];
    },
    exec: root.exec,
    listen: listenWith(url, listeners, () => closing !== undefined),
    transaction: (fn) => inTransaction(pool, fn),
    close() {
      closing ??= (async () => {
        for (const client of listeners) await client.end().catch(() => undefined);
        listeners.clear();
        await pool.end();
      })();
      return closing;
    },
  };
}
