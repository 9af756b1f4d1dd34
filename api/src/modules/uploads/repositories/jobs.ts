import type { Queryable } from '../../../core/db';

/** The SQL of the conversion queue (conversion_jobs): enqueue, claim with a lease, renew, finish, retry. */

export interface JobRow {
  id: number;
  docs_id: number;
  attempts: number;
}

/** A new job for the document; an unfinished one of the same document is cancelled (a new file replaces it). */
export async function enqueue(q: Queryable, docsId: number, now: Date): Promise<number> {
  await q.query(`UPDATE conversion_jobs SET state = 'failed', error = '已被新的转换取代', locked_by = NULL, update_time = $2 WHERE docs_id = $1 AND state IN ('queued', 'running')`, [docsId, now]);
  const [row] = await q.query<{ id: number }>('INSERT INTO conversion_jobs (docs_id, run_after, create_time, update_time) VALUES ($1, $2, $2, $2) RETURNING id', [docsId, now]);
  return row.id;
}

/**
 * Claims the next job that is due: a queued one, or a running one whose lease ran out (its worker died). The row
 * lock with SKIP LOCKED lets workers of several processes claim side by side, never the same job.
 */
export async function claim(q: Queryable, worker: string, now: Date, leaseUntil: Date, maxAttempts: number): Promise<JobRow | undefined> {
  const [row] = await q.query<JobRow>(
    `UPDATE conversion_jobs SET state = 'running', attempts = attempts + 1, locked_by = $1, locked_until = $3, update_time = $2
      WHERE id = (SELECT id FROM conversion_jobs
                   WHERE (state = 'queued' AND run_after <= $2) OR (state = 'running' AND locked_until < $2 AND attempts < $4)
                   ORDER BY run_after, id FOR UPDATE SKIP LOCKED LIMIT 1)
      RETURNING id, docs_id, attempts`,
    [worker, now, leaseUntil, maxAttempts],
  );
  return row;
}

/**
 * Claims one given job (the Redis queue hands out ids): when it is queued and due, or running with a lease that ran
 * out (its worker died). Undefined when it is not to be run now (done, failed, another worker's, not due yet).
 */
export async function claimById(q: Queryable, id: number, worker: string, now: Date, leaseUntil: Date, maxAttempts: number): Promise<JobRow | undefined> {
  const [row] = await q.query<JobRow>(
    `UPDATE conversion_jobs SET state = 'running', attempts = attempts + 1, locked_by = $2, locked_until = $4, update_time = $3
      WHERE id = $1 AND ((state = 'queued' AND run_after <= $3) OR (state = 'running' AND locked_until < $3 AND attempts < $5))
      RETURNING id, docs_id, attempts`,
    [id, worker, now, leaseUntil, maxAttempts],
  );
  return row;
}

/** When a job should be looked at again: its run_after (queued), its lease's end (running), null when it is over. */
export async function nextLook(q: Queryable, id: number): Promise<Date | null> {
  const [row] = await q.query<{ at: Date | null }>(
    `SELECT CASE WHEN state = 'queued' THEN run_after WHEN state = 'running' THEN locked_until END AS at FROM conversion_jobs WHERE id = $1`,
    [id],
  );
  return row?.at ? new Date(row.at) : null;
}

/** Jobs not over yet (queued or running): handed to the Redis queue again at start and every minute. */
export async function openJobIds(q: Queryable, limit: number): Promise<number[]> {
  const rows = await q.query<{ id: number }>(`SELECT id FROM conversion_jobs WHERE state IN ('queued', 'running') ORDER BY id LIMIT $1`, [limit]);
  return rows.map((r) => Number(r.id));
}

/** Keeps the lease while the work goes on; false when the job is no longer this worker's. */
export async function renew(q: Queryable, id: number, worker: string, leaseUntil: Date, stage: string, progress: number): Promise<boolean> {
  const rows = await q.query(
    `UPDATE conversion_jobs SET locked_until = $3, stage = $4, progress = $5 WHERE id = $1 AND locked_by = $2 AND state = 'running' RETURNING id`,
    [id, worker, leaseUntil, stage, progress],
  );
  return rows.length > 0;
}

/** The job ends (done or failed for good); false when it was not this worker's any more. */
export async function finish(q: Queryable, id: number, worker: string, state: 'done' | 'failed', error: string, now: Date): Promise<boolean> {
  const rows = await q.query(
    `UPDATE conversion_jobs SET state = $3, error = $4, locked_by = NULL, locked_until = NULL, progress = CASE WHEN $3 = 'done' THEN 100 ELSE progress END, update_time = $5
      WHERE id = $1 AND locked_by = $2 AND state = 'running' RETURNING id`,
    [id, worker, state, error, now],
  );
  return rows.length > 0;
}

/** Another try later (a failure that may pass: a crash, a timeout of the tools). */
export async function retryLater(q: Queryable, id: number, worker: string, error: string, runAfter: Date, now: Date, countAttempt = true): Promise<boolean> {
  const rows = await q.query(
    `UPDATE conversion_jobs SET state = 'queued', error = $3, attempts = attempts - CASE WHEN $6::boolean THEN 0 ELSE 1 END, locked_by = NULL, locked_until = NULL, run_after = $4, update_time = $5
      WHERE id = $1 AND locked_by = $2 AND state = 'running' RETURNING id`,
    [id, worker, error, runAfter, now, countAttempt],
  );
  return rows.length > 0;
}

/** Jobs whose lease ran out after their last attempt: nobody will claim them again; answers their documents. */
export async function failExhausted(q: Queryable, maxAttempts: number, now: Date, error: string): Promise<number[]> {
  const rows = await q.query<{ docs_id: number }>(
    `UPDATE conversion_jobs SET state = 'failed', error = $3, locked_by = NULL, locked_until = NULL, update_time = $2
      WHERE state = 'running' AND locked_until < $2 AND attempts >= $1 RETURNING docs_id`,
    [maxAttempts, now, error],
  );
  return rows.map((r) => r.docs_id);
}

export async function jobsOf(q: Queryable, docsId: number): Promise<{ id: number; state: string; attempts: number; error: string }[]> {
  return q.query('SELECT id, state, attempts, error FROM conversion_jobs WHERE docs_id = $1 ORDER BY id', [docsId]);
}
