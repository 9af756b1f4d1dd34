import type { FastifyInstance } from 'fastify';
import type { convertDocument } from '../../../infra/convert';
import type { WorkerOptions } from '../config';
import { conversionWorker, newWorkerId } from './worker';

/**
 * Where conversion jobs wait for a worker. The row in conversion_jobs is always the truth (state, attempts, lease);
 * a queue only tells workers which rows to look at. Two kinds: the database itself (a lease claimed with
 * FOR UPDATE SKIP LOCKED, the default: PGlite in-process, or several processes on one PostgreSQL) and BullMQ on
 * Redis (REDIS_URL).
 */
export interface JobQueue {
  readonly kind: 'database' | 'redis';
  /** This process's worker id (`locked_by` of the rows it runs). */
  readonly workerId: string;
  /** A job row was committed: hand it to the workers. Adding the same id twice is a no-op. Never throws. */
  enqueue(jobId: number): Promise<void>;
  /** Starts converting in this process (when the worker is enabled) and hands open rows to the queue. */
  start(): Promise<void>;
  /** Stops taking jobs; waits for the running ones to end. */
  stop(): Promise<void>;
  /** Runs every due job now and answers when none is left (tests). */
  drain(): Promise<void>;
  /** Hands the rows that are not over to the queue again (a job added while Redis was away); every minute. */
  resync(): Promise<void>;
}

/** The database queue: `concurrency` lease workers in this process, woken at once by a new job. */
export function databaseQueue(app: FastifyInstance, options: WorkerOptions, convert: typeof convertDocument): JobQueue {
  const workerId = newWorkerId();
  const workers = Array.from({ length: Math.max(1, options.concurrency) }, (_, i) => conversionWorker(app, options, convert, i === 0 ? workerId : `${workerId}:${i}`));
  return {
    kind: 'database',
    workerId,
    async enqueue() {
      if (options.enabled) for (const w of workers) w.wake();
    },
    async start() {
      if (options.enabled) for (const w of workers) w.start();
    },
    async stop() {
      await Promise.all(workers.map((w) => w.stop()));
    },
    drain: () => workers[0].drain(),
    async resync() {},
  };
}

/** The one place that chooses the queue: BullMQ when REDIS_URL is set, the database otherwise. */
export function createJobQueue(app: FastifyInstance, options: WorkerOptions, convert: typeof convertDocument): JobQueue {
  const { redisUrl, redisKeyPrefix } = app.accountsConfig;
  if (redisUrl) {
    // loaded only with Redis: BullMQ and its client are about 9 MB of a process's memory
    const { bullQueue } = require('./bull') as typeof import('./bull');
    return bullQueue(app, options, convert, { url: redisUrl, prefix: `${redisKeyPrefix}bull` });
  }
  return databaseQueue(app, options, convert);
}
