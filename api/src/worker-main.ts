import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig, loadStorageConfig } from './core/config';
import { defaultDataDir } from './core/paths';
import type { convertDocument } from './infra/convert';
import { buildServer } from './server';

// `npm run worker -w api`: a conversion worker process without an HTTP server (docs/uploads.md). It converts the
// jobs of a PostgreSQL database, taken from BullMQ when REDIS_URL is set, else from the database's lease queue.

export const NEEDS_POSTGRES = '转换工作进程需要 PostgreSQL：请设置 DATABASE_URL=postgres://…（内置的 PGlite 数据库只能由一个进程使用，无法与 API 共享）';

export interface WorkerProcess {
  app: FastifyInstance;
  /** Stops taking jobs, waits for the running ones, closes the database and Redis. */
  stop(): Promise<void>;
}

/** Starts the worker of this process; `convert` replaces the converter (the tests' slow one). */
export async function startWorkerProcess(env: NodeJS.ProcessEnv = process.env, convert?: typeof convertDocument): Promise<WorkerProcess> {
  const databaseUrl = env.DATABASE_URL ?? '';
  if (!/^postgres(ql)?:\/\//.test(databaseUrl)) throw new Error(NEEDS_POSTGRES);
  const app = await buildServer({
    databaseUrl,
    dataDir: path.resolve(env.DATA_DIR || defaultDataDir),
    logger: true,
    logLevel: env.API_LOG_LEVEL || 'warn',
    accounts: loadConfig(env),
    content: { storage: loadStorageConfig(env) },
    // this process exists to convert: CONVERT_WORKER=off does not apply
    uploads: { worker: { enabled: true }, ...(convert ? { convert } : {}) },
  });
  await app.ready(); // starts the queue's worker (onReady); no listen: no HTTP server
  return { app, stop: () => app.close() };
}

async function main(): Promise<void> {
  const worker = await startWorkerProcess();
  const { queue } = worker.app.uploads;
  console.log(`转换工作进程已启动: ${queue.workerId} (队列: ${queue.kind === 'redis' ? 'Redis (BullMQ)' : 'PostgreSQL'})`);
  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) {
      // the running job's lease runs out and another worker takes it again
      console.error(`再次收到 ${signal}，立即退出`);
      process.exit(1);
    }
    stopping = true;
    console.log('正在停止：等待进行中的转换完成…');
    worker.stop().then(
      () => {
        console.log('转换工作进程已停止');
        process.exitCode = 0;
      },
      (err: unknown) => {
        console.error('关闭时出错:', err);
        process.exitCode = 1;
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error('转换工作进程启动失败:', err instanceof Error && err.message === NEEDS_POSTGRES ? err.message : err);
    process.exit(1);
  });
}
