import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../core/module';
import { everyMinute } from '../../core/sweep';
import { convertDocument } from '../../infra/convert';
import { workerOptionsFrom, type WorkerOptions } from './config';
import { docRoutes } from './routes/docs';
import { imageRoutes } from './routes/images';
import { sessionRoutes } from './routes/sessions';
import { staffDocRoutes } from './routes/staff';
import { sweepSessions } from './services/sessions';
import { createJobQueue, type JobQueue } from './services/queue';

export interface UploadsOptions extends Record<string, unknown> {
  /** Data folder: upload sessions' temporary files go to `<dataDir>/uploads`. Without it, a temporary folder. */
  dataDir?: string;
  /** The conversion worker; default from the environment (CONVERT_WORKER=off: none in this process). */
  worker?: Partial<WorkerOptions>;
  /** The converter the worker calls; default the library's convertDocument (tests give a slow or failing one). */
  convert?: typeof convertDocument;
}

export interface UploadsService {
  /** Folder of the upload sessions' temporary files (and the conversion jobs' work folders under `work/`). */
  dir: string;
  /** The conversion queue (database, or BullMQ with REDIS_URL); `enqueue(jobId)` after a job row is committed. */
  queue: JobQueue;
  /** Runs every due conversion job now (tests); answers when none is left. */
  drain(): Promise<void>;
  /** Removes expired upload sessions and their files (every minute; tests call it). */
  sweep(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    uploads: UploadsService;
  }
}

/**
 * Uploads (issue 15): resumable upload sessions, documents people upload, the conversion queue and its in-process
 * worker, the machine checks and staff review, img-storage. docs/uploads.md.
 */
export const uploadsModule = defineModule<UploadsOptions>('uploads', ['core', 'infra', 'accounts', 'notifications', 'pay', 'coins', 'content'], async (app: FastifyInstance, options) => {
  let dir: string;
  if (options.dataDir) {
    dir = path.join(path.resolve(options.dataDir), 'uploads');
    mkdirSync(dir, { recursive: true });
  } else {
    dir = mkdtempSync(path.join(tmpdir(), 'api-uploads-'));
    app.addHook('onClose', async () => rmSync(dir, { recursive: true, force: true }));
  }
  const workerOptions = { ...workerOptionsFrom(process.env), ...options.worker };
  const queue = createJobQueue(app, workerOptions, options.convert ?? convertDocument);
  app.decorate('uploads', {
    dir,
    queue,
    drain: () => queue.drain(),
    sweep: () => sweepSessions(app),
  });
  app.addHook('onReady', async () => queue.start());
  app.addHook('preClose', async () => queue.stop());
  everyMinute(app, () => app.uploads.sweep(), 'upload sessions sweep');
  everyMinute(app, () => queue.resync(), 'conversion queue resync');
  for (const routes of [sessionRoutes, docRoutes, staffDocRoutes, imageRoutes]) await app.register(routes);
});
