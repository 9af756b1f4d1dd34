import type { PreparedParam } from './prepared';

export type Engine = 'pglite' | 'postgres';

export type Row = Record<string, unknown>;

/** What a query runs against: the database itself or an open transaction. */
export interface Queryable {
  /** One statement with `$1, $2, ...` parameters; resolves to the result rows. */
  query<T extends object = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** A script of one or more statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/**
 * The database as the rest of the API sees it. Both engines return the same JavaScript values:
 * int8 (bigint, count(*)) as number (bigint beyond 2^53), numeric as string, date as 'YYYY-MM-DD' string,
 * timestamptz as Date, json/jsonb parsed.
 */
export interface Db extends Queryable {
  readonly engine: Engine;
  /**
   * Runs `fn` inside BEGIN ... COMMIT on one connection; rolls back and rethrows if `fn` throws.
   * Not re-entrant: do not call `db.transaction` or `db.query` from inside `fn`, use the `tx` given.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * A hot statement whose parameters are all integers (ids, limits), arrays of integers (`$1::bigint[]`) or texts:
   * prepared once under `name` (lower-case letters, digits, underscores; one SQL text per name) and from then on
   * executed without being parsed and planned again. PGlite: `PREPARE name AS sql` once, then `EXECUTE name(1,
   * '{2,3}')` over the simple protocol with the generic plan forced (its extended protocol parses and plans every
   * call: about 1.2 ms against 0.3 ms for a primary-key read of `documents`); so check the statement's generic plan
   * (`EXPLAIN (GENERIC_PLAN) ...`) before making it one. PostgreSQL: a named statement of the driver, prepared once
   * per connection; the server still chooses between its generic plan and a plan per call. Same rows as query().
   */
  preparedQuery<T extends object = Row>(name: string, sql: string, params: readonly PreparedParam[]): Promise<T[]>;
  /**
   * LISTEN on `channel` (PostgreSQL: over a connection of its own; PGlite: in this process); `onMessage` gets each
   * NOTIFY payload once its transaction commits, `onLost` is called once if that connection breaks (no message can
   * be trusted to arrive after it). Resolves
   * to a function that stops listening. Other processes NOTIFY with `SELECT pg_notify(channel, payload)`.
   */
  listen?(channel: string, onMessage: (payload: string) => void, onLost: (err: Error) => void): Promise<() => Promise<void>>;
  /** Idempotent. */
  close(): Promise<void>;
}
