import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPgliteWorker } from '../src/core/db/pglite-worker';
import type { Db } from '../src/core/db/types';

// PGlite in a worker thread (the API server's way to run it, pglite-worker.ts) behaves as PGlite in the thread:
// rows and their types, prepared statements, PostgreSQL's errors with their fields, transactions that commit and roll
// back, NOTIFY, and a thread that stops failing what waits on it.
const TS = ['--require', path.join(__dirname, 'fixtures', 'ts-require.cjs')];

describe('PGlite in a worker thread', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPgliteWorker(undefined, { execArgv: TS });
    await db.exec('CREATE TABLE t (id int PRIMARY KEY, v text NOT NULL, at timestamptz NOT NULL DEFAULT now(), n bigint NOT NULL DEFAULT 5)');
  }, 60_000);
  afterAll(() => db.close());

  it('answers rows with the same types as in the thread, and prepared statements', async () => {
    await db.query('INSERT INTO t (id, v) VALUES ($1, $2)', [1, 'a']);
    const [row] = await db.query<{ id: number; v: string; at: Date; n: number }>('SELECT * FROM t');
    expect(row).toMatchObject({ id: 1, v: 'a', n: 5 });
    // a Date (of the test's own realm or Node's: structured clone makes Node's)
    expect(Object.prototype.toString.call(row.at)).toBe('[object Date]');
    expect(await db.preparedQuery('t_by_ids', 'SELECT v FROM t WHERE id = ANY($1::int[])', [[1, 2]])).toEqual([{ v: 'a' }]);
  });

  it("rejects with PostgreSQL's error and its fields", async () => {
    await expect(db.query('INSERT INTO t (id, v) VALUES (1, $1)', ['again'])).rejects.toMatchObject({
      code: '23505',
      constraint: 't_pkey',
      message: expect.stringContaining('duplicate key'),
    });
  });

  it('commits a transaction, and rolls back one whose function throws or whose statement fails', async () => {
    expect(await db.transaction(async (tx) => (await tx.query<{ id: number }>("INSERT INTO t (id, v) VALUES (2, 'b') RETURNING id"))[0].id)).toBe(2);
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO t (id, v) VALUES (3, 'c')");
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await expect(db.transaction((tx) => tx.query("INSERT INTO t (id, v) VALUES (1, 'dup')"))).rejects.toMatchObject({ code: '23505' });
    expect((await db.query<{ id: number }>('SELECT id FROM t ORDER BY id')).map((r) => r.id)).toEqual([1, 2]);
  });

  it('hears NOTIFY until it stops listening', async () => {
    const heard: string[] = [];
    const stop = await (db.listen as NonNullable<Db['listen']>)('worker_test', (payload) => heard.push(payload), () => {});
    await db.query("SELECT pg_notify('worker_test', 'one')");
    await stop();
    await db.query("SELECT pg_notify('worker_test', 'two')");
    await db.query('SELECT 1');
    expect(heard).toEqual(['one']);
  });

  it('fails what waits once the thread is closed or stops on its own, and a thread that cannot open its folder fails to open', async () => {
    const other = await openPgliteWorker(undefined, { execArgv: TS });
    await other.close();
    await expect(other.query('SELECT 1')).rejects.toThrow(/stopped/);
    // a thread that stops on its own once open: the owner is told, LISTEN is lost, what waits and what comes fails
    const fatal: Error[] = [];
    const lost: Error[] = [];
    const dying = await openPgliteWorker(undefined, {
      execArgv: [...TS, '--require', path.join(__dirname, 'fixtures', 'pglite-thread-exit.cjs')],
      onFatal: (err) => fatal.push(err),
    });
    await (dying.listen as NonNullable<Db['listen']>)('worker_test', () => {}, (err) => lost.push(err));
    await expect(dying.query('-- stop the thread')).rejects.toThrow(/stopped \(7\)/);
    await expect(dying.query('SELECT 1')).rejects.toThrow(/stopped \(7\)/);
    expect(fatal.map((e) => e.message)).toEqual(["PGlite's thread stopped (7)"]);
    expect(lost).toHaveLength(1);
    await dying.close();
    expect(fatal).toHaveLength(1);
    // a folder under a file cannot be made
    const scratch = mkdtempSync(path.join(os.tmpdir(), 'pglite-worker-'));
    try {
      writeFileSync(path.join(scratch, 'file'), '');
      await expect(openPgliteWorker(path.join(scratch, 'file', 'pglite'), { execArgv: TS })).rejects.toMatchObject({ code: 'EEXIST' });
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }, 60_000);
});
