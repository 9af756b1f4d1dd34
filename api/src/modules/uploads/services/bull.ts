import { DelayedError, Queue, Worker, type Job } from 'bullmq';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { convertDocument } from '../../../infra/convert';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS, type WorkerOptions } from '../config';
import * as jobs from '../repositories/jobs';
import { failConversion } from './publish';
import type { JobQueue } from './queue';
import { CRASHED, newWorkerId, runJob, type JobContext } from './worker';

const QUEUE_NAME = 'conversion';
/** Open rows handed to BullMQ again per resync. */
const RESYNC_BATCH = 1000;

/** BullMQ's job id of a row: `conv-<id>` (BullMQ refuses ids that look like integers). */
export const bullJobId = (rowId: number) => `conv-${rowId}`;

interface JobData {
  jobId: number;
}

/** Back-off of a processor that threw (the database was away, …): the database queue's delays. */
const backoffStrategy = (attemptsMade: number) => RETRY_DELAYS_MS[Math.min(Math.max(0, attemptsMade - 1), RETRY_DELAYS_MS.length - 1)];

/**
 * The BullMQ queue (REDIS_URL): one BullMQ job per conversion_jobs row, its id `conv-<row id>` (a second add is a
 * no-op). BullMQ decides which process looks at a job, and its stalled-job check gives the job of a worker that
 * died (no lock renewal for lockDuration) to another one; the row decides what happens: the processor claims the
 * row, runs it with the database worker's rules (attempts, back-off, time limit), and a row that is not due
 * (back-off, another worker's live lease) puts the BullMQ job back as delayed until it is; a row already over is
 * skipped.
 */
export function bullQueue(app: FastifyInstance, options: WorkerOptions, convert: typeof convertDocument, redis: { url: string; prefix: string }): JobQueue {
  const workerId = newWorkerId();
  const clients: Redis[] = [];
  const client = (blocking: boolean) => {
    // a worker's blocking connection must retry forever (BullMQ's rule); an add gives up after two reconnection
    // attempts while Redis is away (the row is committed; the next resync adds it)
    const c = new Redis(redis.url, { maxRetriesPerRequest: blocking ? null : 2 });
    c.on('error', () => undefined); // ioredis reconnects on its own; the failing calls are logged where they fail
    clients.push(c);
    return c;
  };
  let queue: Queue<JobData> | null = null;
  let worker: Worker<JobData> | null = null;
  const queueOf = () =>
    (queue ??= new Queue<JobData>(QUEUE_NAME, {
      connection: client(false),
      prefix: redis.prefix,
      defaultJobOptions: { attempts: MAX_ATTEMPTS, backoff: { type: 'custom' }, removeOnComplete: true, removeOnFail: true },
    }));
  const ctx: JobContext = { ...options, workerId, convert, lease: () => new Date(app.now().getTime() + options.leaseMs) };
  const add = (ids: number[]) => queueOf().addBulk(ids.map((id) => ({ name: 'convert', data: { jobId: id }, opts: { jobId: bullJobId(id) } })));

  const self: JobQueue = {
    kind: 'redis',
    workerId,
    async enqueue(jobId) {
      // the row is committed: a failed add is found again by the next resync
      await add([jobId]).catch((err: unknown) => app.log.error({ err, job: jobId }, 'conversion job not added to Redis; the next resync adds it'));
    },
    async start() {
      await self.resync().catch((err: unknown) => app.log.error({ err }, 'conversion queue resync failed'));
      if (!options.enabled) return;
      worker = new Worker<JobData>(QUEUE_NAME, (job, token) => processJob(app, ctx, job, token), {
        connection: client(true),
        prefix: redis.prefix,
        concurrency: options.concurrency,
        lockDuration: options.leaseMs,
        stalledInterval: Math.max(500, Math.floor(options.leaseMs / 2)),
        // the row counts the attempts of a worker that died; BullMQ must not give up before it
        maxStalledCount: MAX_ATTEMPTS + 1,
        settings: { backoffStrategy },
      });
      worker.on('error', (err) => app.log.error({ err }, 'conversion worker (Redis) error'));
    },
    async stop() {
      // Redis away: nothing can be finished over a connection that is down, and BullMQ's close would wait for it
      const up = clients.every((c) => c.status === 'ready');
      if (!up) for (const c of clients) c.disconnect();
      await worker?.close(!up);
      await queue?.close();
      worker = null;
      queue = null;
      await Promise.all(clients.splice(0).map((c) => c.quit().catch(() => c.disconnect())));
    },
    async drain() {
      const q = queueOf();
      for (;;) {
        const counts = await q.getJobCounts('waiting', 'active', 'prioritized');
        if (Object.values(counts).every((n) => n === 0)) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async resync() {
      const ids = await jobs.openJobIds(app.db, RESYNC_BATCH);
      if (ids.length) await add(ids);
    },
  };
  return self;
}

/** BullMQ's processor: the row decides (claimed and run, delayed until due, or skipped when over). */
async function processJob(app: FastifyInstance, ctx: JobContext, job: Job<JobData>, token?: string): Promise<void> {
  const id = Number(job.data.jobId);
  for (const docsId of await jobs.failExhausted(app.db, MAX_ATTEMPTS, app.now(), CRASHED)) await failConversion(app, docsId, CRASHED);
  const row = await jobs.claimById(app.db, id, ctx.workerId, app.now(), ctx.lease(), MAX_ATTEMPTS);
  if (row) await runJob(app, ctx, row);
  const at = await jobs.nextLook(app.db, id);
  if (!at) return; // done, failed or gone: the row is the truth
  // back-off or another worker's lease: look again when it is due (not an attempt of BullMQ's)
  await job.moveToDelayed(Date.now() + Math.max(0, at.getTime() - app.now().getTime()) + 50, token);
  throw new DelayedError();
}
