import type { Db } from '../../../core/db';

/**
 * Tells the other API processes of a PostgreSQL database (NOTIFY on `channel`); nothing to tell on PGlite, where
 * this process is the only one.
 */
export async function notifyOtherProcesses(db: Db, channel: string, payload: string): Promise<void> {
  if (db.engine === 'postgres') await db.query('SELECT pg_notify($1, $2)', [channel, payload]);
}
