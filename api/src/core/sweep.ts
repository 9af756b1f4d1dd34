import type { FastifyInstance } from 'fastify';

/**
 * Runs `task` every `ms` while the server is up (old rows of short-lived tables, payments left unfinished): a run
 * never overlaps the one before, a failure is logged and waits for the next run, and the timer neither keeps the
 * process alive nor outlives the server.
 */
export function every(app: FastifyInstance, ms: number, name: string, task: () => Promise<unknown>): void {
  if (ms <= 0) return;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    task()
      .catch((err) => app.log.warn({ err }, `${name} failed; it runs again later`))
      .finally(() => (running = false));
  }, ms);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

/** Every minute. */
export function everyMinute(app: FastifyInstance, task: () => Promise<unknown>, name = 'sweep'): void {
  every(app, 60_000, name, task);
}
