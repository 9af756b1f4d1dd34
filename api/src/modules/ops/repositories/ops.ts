import type { Queryable } from '../../../core/db';

/** How many migrations the database has applied (a real round trip for the health check). */
export async function countMigrations(db: Queryable): Promise<number> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
  return row.n;
}

export interface ClientErrorReport {
  type: string;
  message: string;
  stack: string;
  route: string;
  userAgent: string;
}

/** Stores an uncaught front-end error; returns its id. */
export async function insertClientErrorReport(db: Queryable, report: ClientErrorReport): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO client_error_reports (type, message, stack, route, user_agent)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [report.type, report.message, report.stack, report.route, report.userAgent],
  );
  return row.id;
}
