import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import { ConversionError, convertDocument, converterStatus, inspectUpload, type ConversionResult } from '../../../infra/convert';
import { MAX_ATTEMPTS, OFFICE_TYPES, RETRY_DELAYS_MS, WAIT_CONVERTER_MS, type WorkerOptions } from '../config';
import * as docs from '../repositories/docs';
import * as jobs from '../repositories/jobs';
import { storeResult } from './checks';
import { failConversion } from './publish';

export const CRASHED = '转换进程异常退出，请稍后重试或更换文件';
const timeoutReason = (ms: number) => `转换超时（超过${Math.round(ms / 60000) || 1}分钟），请检查文件后重试`;

/** A worker's id, `host:pid:random` (`conversion_jobs.locked_by`): which machine and process holds a job. */
export function newWorkerId(): string {
  return `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

/** The in-process conversion worker: claims jobs with a lease, converts, stores the results; one job at a time. */
export function conversionWorker(app: FastifyInstance, options: WorkerOptions, convert: typeof convertDocument, id = newWorkerId()) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  const lease = () => new Date(app.now().getTime() + options.leaseMs);
  const runOnce = async (): Promise<boolean> => {
    for (const docsId of await jobs.failExhausted(app.db, MAX_ATTEMPTS, app.now(), CRASHED)) await failConversion(app, docsId, CRASHED);
    const job = await jobs.claim(app.db, id, app.now(), lease(), MAX_ATTEMPTS);
    if (!job) return false;
    await runJob(app, { ...options, workerId: id, lease, convert }, job);
    return true;
  };
  const drain = async () => {
    try {
      while (!stopped && (await runOnce()));
    } catch (err) {
      app.log.error({ err }, 'conversion worker failed; it looks again later');
    }
  };
  const wake = () => {
    if (stopped || running) return;
    running = drain().finally(() => (running = null));
  };
  return {
    id,
    wake,
    start() {
      timer = setInterval(wake, options.pollMs);
      timer.unref();
      wake();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
    /** Runs every due job now (tests, the command that starts a worker). */
    drain,
  };
}

export interface JobContext extends WorkerOptions {
  workerId: string;
  lease: () => Date;
  convert: typeof convertDocument;
}

/** Copies the stored file into the job's folder (the converter reads a path). */
async function fetchInput(app: FastifyInstance, key: string, dir: string, name: string): Promise<string> {
  const file = path.join(dir, `input${path.extname(name).toLowerCase().replace(/[^.a-z0-9]/g, '')}`);
  await pipeline(app.content.storage.open(key), createWriteStream(file));
  return file;
}

/** Converts with a hard time limit of its own (the library kills its tools at the same limit). */
function withTimeout(work: Promise<ConversionResult>, ms: number): Promise<ConversionResult> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new ConversionError(timeoutReason(ms))), ms)));
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

/** Renews the job's lease every third of it while the work runs (a converter may report no progress for minutes). */
function keepLease(app: FastifyInstance, ctx: JobContext, job: jobs.JobRow, state: { stage: string; progress: number }): () => void {
  const timer = setInterval(() => void jobs.renew(app.db, job.id, ctx.workerId, ctx.lease(), state.stage, state.progress).catch(() => undefined), Math.max(1000, ctx.leaseMs / 3));
  timer.unref();
  return () => clearInterval(timer);
}

/** Runs one claimed job to its end: done, failed with a reason, or queued again for later (run_after). */
export async function runJob(app: FastifyInstance, ctx: JobContext, job: jobs.JobRow): Promise<void> {
  const doc = await docs.docForConversion(app.db, job.docs_id);
  if (!doc || doc.status !== 6) {
    await jobs.finish(app.db, job.id, ctx.workerId, 'done', '', app.now());
    return;
  }
  const dir = path.join(app.uploads.dir, 'work', `job-${job.id}-${job.attempts}`);
  await mkdir(dir, { recursive: true });
  const state = { stage: 'converting', progress: 0 };
  const stopLease = keepLease(app, ctx, job, state);
  try {
    const input = await fetchInput(app, doc.storage_key, dir, doc.original_name);
    const inspected = await inspectUpload(input, doc.original_name);
    if (!inspected.ok) throw new ConversionError(inspected.reason);
    if (OFFICE_TYPES.includes(inspected.type) && !converterStatus().ready) {
      await docs.setProgress(app.db, doc.id, 'waiting_converter', 0);
      await jobs.retryLater(app.db, job.id, ctx.workerId, converterStatus().message, new Date(app.now().getTime() + WAIT_CONVERTER_MS), app.now(), false);
      return;
    }
    let last = 0;
    const onProgress = (stage: string, percent: number) => {
      if (Date.now() - last < 500) return;
      last = Date.now();
      Object.assign(state, { stage, progress: Math.max(0, Math.min(100, Math.round(percent))) });
      void docs.setProgress(app.db, doc.id, state.stage, state.progress).catch(() => undefined);
    };
    await docs.setProgress(app.db, doc.id, 'converting', 0);
    const result = await withTimeout(ctx.convert({ file: input, type: inspected.type, workDir: dir, timeoutMs: ctx.timeoutMs, onProgress }), ctx.timeoutMs);
    await storeResult(app, doc, result);
    await jobs.finish(app.db, job.id, ctx.workerId, 'done', '', app.now());
  } catch (err) {
    await jobFailed(app, ctx, job, err);
  } finally {
    stopLease();
    await rm(dir, { recursive: true, force: true });
  }
}

/** A ConversionError is the file's fault: failed at once. Anything else may pass: tried again later, 3 times in all. */
async function jobFailed(app: FastifyInstance, ctx: JobContext, job: jobs.JobRow, err: unknown): Promise<void> {
  const now = app.now();
  if (!(err instanceof ConversionError) && job.attempts < MAX_ATTEMPTS) {
    app.log.warn({ err, job: job.id }, 'conversion failed; it is tried again');
    const delay = RETRY_DELAYS_MS[job.attempts - 1] ?? RETRY_DELAYS_MS[RETRY_DELAYS_MS.length - 1];
    await jobs.retryLater(app.db, job.id, ctx.workerId, String((err as Error)?.message ?? err).slice(0, 500), new Date(now.getTime() + delay), now);
    return;
  }
  const reason = err instanceof ConversionError ? err.reason : CRASHED;
  if (await jobs.finish(app.db, job.id, ctx.workerId, 'failed', reason, now)) await failConversion(app, job.docs_id, reason);
}
