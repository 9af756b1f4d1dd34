import type { FastifyInstance } from 'fastify';
import type { AccountsConfig } from './config';
import { openDb, runMigrations, type Db } from './db';
import { clientAddressResolver } from './http/client-address';
import { errorHandler, notFoundHandler } from './http/errors';
import { applyResponseHeaders } from './http/headers';
import { registerOpenApi } from './http/openapi';
import { installRefusedBodyDrain } from './http/refused-body';
import { validatorCompiler } from './http/validation';
import { defineModule } from './module';
import type { IncomingMessage } from 'node:http';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database, whichever engine runs it. Closed with the server. */
    db: Db;
    /** The clock every expiry and limit is computed with (tests move it). */
    now: () => Date;
    /** Mode, providers, Redis and limits (core/config.ts). */
    accountsConfig: AccountsConfig;
    /** The client address of a raw request, as `request.ip` (trustProxy) tells it: for the WebSocket upgrade. */
    clientAddressOf: (request: IncomingMessage) => string;
  }
}

export interface CoreOptions extends Record<string, unknown> {
  databaseUrl?: string;
  dataDir?: string;
  migrationsDir: string;
  config: AccountsConfig;
  now: () => Date;
  trustProxy?: boolean | string;
}

/**
 * The bottom layer: the HTTP conventions every route follows (validation, error answers, security headers,
 * JSON-only bodies, the OpenAPI collector) and the database with its migrations, the clock and the configuration.
 */
export const corePlugin = defineModule<CoreOptions>('core', [], async (app: FastifyInstance, opts) => {
  app.decorate('clientAddressOf', clientAddressResolver(opts.trustProxy));
  app.decorate('now', opts.now);
  app.decorate('accountsConfig', opts.config);
  app.setValidatorCompiler(validatorCompiler);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);
  app.addHook('onRequest', async (request, reply) => applyResponseHeaders(request, reply));
  installRefusedBodyDrain(app);
  // JSON only (multipart where a route parses it itself): plain text bodies answer 415 instead of reaching a handler
  app.removeContentTypeParser('text/plain');

  const db = await openDb({
    databaseUrl: opts.databaseUrl,
    dataDir: opts.dataDir,
    onIdleError: (err) => app.log.error({ err }, 'idle database connection failed'),
    thread: true,
    // the database is gone for good: stop, as a crash of PGlite in this thread would have, for the supervisor to start again
    onFatal: (err) => {
      app.log.fatal({ err }, 'PGlite thread stopped');
      console.error('PGlite 数据库线程已退出，API 随之退出:', err);
      process.exit(1);
    },
  });
  app.decorate('db', db);
  app.addHook('onClose', async () => db.close());
  const result = await runMigrations(db, opts.migrationsDir);
  if (result.applied.length) app.log.info({ applied: result.applied }, 'migrations applied');
  // before any route: routes registered earlier would be missing from the document
  await registerOpenApi(app);
});
