import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { openDb, runMigrations, type Db } from './db';
import { clientErrorHandler, errorHandler, notFoundHandler } from './http/errors';
import { applyResponseHeaders } from './http/headers';
import { validatorCompiler } from './http/validation';
import { migrationsDir } from './paths';
import { appVersionRoutes } from './routes/app-versions';
import { healthRoutes } from './routes/health';
import { reportErrorRoutes } from './routes/report-error';
import { memoryCaptchaTokenStore, type CaptchaTokenStore } from './security/captcha-tokens';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database, whichever engine runs it. Closed with the server. */
    db: Db;
    /** Solved-captcha tokens: issued by the captcha routes, spent by the rate limiter. */
    captchaTokens: CaptchaTokenStore;
  }
}

export interface ServerOptions {
  /** PostgreSQL URL; without it the embedded PGlite is used. */
  databaseUrl?: string;
  /** Data folder: PGlite keeps its files in `<dataDir>/pglite`. Without it (and without databaseUrl) PGlite runs in memory. */
  dataDir?: string;
  /** Log with pino to stdout (JSON lines). */
  logger?: boolean;
  /** pino level when logging; default 'info'. */
  logLevel?: string;
  /** Folder of the NNNN_name.sql migrations; default api/migrations. */
  migrationsDir?: string;
}

/**
 * Opens the database, applies pending migrations and returns the app with every route registered but not
 * yet listening (callers may still add routes or hooks; `listen` or `ready` next). `app.close()` closes the
 * database.
 */
export async function buildServer(opts: ServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ? { level: opts.logLevel ?? 'info' } : false,
    bodyLimit: 1024 * 1024,
    clientErrorHandler,
    // errors the router raises before any route runs (a bad %-escape in the path, ...)
    frameworkErrors: (error, request, reply) => {
      applyResponseHeaders(request, reply as FastifyReply);
      errorHandler(error, request, reply as FastifyReply);
    },
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);
  app.addHook('onRequest', async (request, reply) => applyResponseHeaders(request, reply));
  // JSON only (multipart comes with uploads): plain text bodies answer 415 instead of reaching a handler
  app.removeContentTypeParser('text/plain');

  const db = await openDb({
    databaseUrl: opts.databaseUrl,
    dataDir: opts.dataDir,
    onIdleError: (err) => app.log.error({ err }, 'idle database connection failed'),
  });
  app.decorate('db', db);
  app.decorate('captchaTokens', memoryCaptchaTokenStore());
  app.addHook('onClose', async () => db.close());
  try {
    const result = await runMigrations(db, opts.migrationsDir ?? migrationsDir);
    if (result.applied.length) app.log.info({ applied: result.applied }, 'migrations applied');

    await app.register(healthRoutes);
    await app.register(appVersionRoutes);
    await app.register(reportErrorRoutes);
  } catch (err) {
    await db.close();
    throw err;
  }
  return app;
}
