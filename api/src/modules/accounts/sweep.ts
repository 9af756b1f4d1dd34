import type { FastifyInstance } from 'fastify';

/** Runs `task` every minute while the server is up: old rows of short-lived tables go now and then. */
export function everyMinute(app: FastifyInstance, task: () => Promise<unknown>): void {
  const timer = setInterval(() => void task().catch(() => undefined), 60_000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
