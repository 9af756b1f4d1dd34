import type { IncomingMessage } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { installAccounts } from './auth/install';
import { loadQrOAuthConfig, type QrOAuthConfig } from './auth/oauth/config';
import { installQrOAuth } from './auth/oauth/install';
import { captchaRoutes } from './captcha';
import { loadConfig, type AccountsConfig } from './config';
import { contentPlugin, type ContentOptions } from './content';
import { openDb, runMigrations, type Db } from './db';
import { clientErrorHandler, errorHandler, notFoundHandler } from './http/errors';
import { clientAddressResolver } from './http/client-address';
import { applyResponseHeaders } from './http/headers';
import { validatorCompiler } from './http/validation';
import { migrationsDir } from './paths';
import { accountSecurityRoutes } from './routes/account-security';
import { appVersionRoutes } from './routes/app-versions';
import { codeRoutes } from './routes/codes';
import { devOutboxRoutes } from './routes/dev-outbox';
import { healthRoutes } from './routes/health';
import { loginDeviceRoutes } from './routes/login-devices';
import { loginRoutes } from './routes/login';
import { registerOpenApi } from './routes/openapi';
import { publicKeyRoutes } from './routes/public-key';
import { reportErrorRoutes } from './routes/report-error';
import { trdAccountRoutes } from './routes/trd-accounts';
import { userRoutes } from './routes/users';
import { sitePlugin } from './site';
import type { Limit, RateLimitGroup } from './security/rate-limit';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database, whichever engine runs it. Closed with the server. */
    db: Db;
    /** The client address of a raw request, as `request.ip` (trustProxy) tells it: for the WebSocket upgrade. */
    clientAddressOf: (request: IncomingMessage) => string;
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
  /** Mode, providers, Redis, limit scale; default loadConfig(process.env) (see src/config.ts). */
  accounts?: AccountsConfig;
  /** Clock for expiries and limits; default the real one (tests move theirs). */
  now?: () => Date;
  /** Replaces the limits of some rate-limit groups (tests, the benchmark). */
  rateLimits?: Partial<Record<RateLimitGroup, Limit[]>>;
  /** Fastify's trustProxy: true, or the proxies (IPs, CIDRs, 'loopback') whose X-Forwarded-For to believe. Default none. */
  trustProxy?: boolean | string;
  /** QR and third-party login (expiry, OAuth providers or their simulator); default loadQrOAuthConfig(process.env). */
  qrOAuth?: QrOAuthConfig;
  /** Reading and search: files folder, quick demo seed of an empty database (default: when dataDir is set). */
  content?: ContentOptions;
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
    // PGlite's WASM start-up plus the migrations can pass Fastify's 10 s default on a busy two-core machine
    pluginTimeout: 120_000,
    trustProxy: opts.trustProxy ?? false,
    clientErrorHandler,
    // errors the router raises before any route runs (a bad %-escape in the path, ...)
    frameworkErrors: (error, request, reply) => {
      applyResponseHeaders(request, reply as FastifyReply);
      errorHandler(error, request, reply as FastifyReply);
    },
  });

  app.decorate('clientAddressOf', clientAddressResolver(opts.trustProxy));
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
  app.addHook('onClose', async () => db.close());
  try {
    const result = await runMigrations(db, opts.migrationsDir ?? migrationsDir);
    if (result.applied.length) app.log.info({ applied: result.applied }, 'migrations applied');
    // before any route: rate limits, sessions + CSRF, providers; the OpenAPI collector
    await installAccounts(app, { config: opts.accounts ?? loadConfig(), now: opts.now, rateLimits: opts.rateLimits });
    await registerOpenApi(app);

    await app.register(healthRoutes);
    await app.register(appVersionRoutes);
    await app.register(reportErrorRoutes);
    await app.register(captchaRoutes);
    await app.register(publicKeyRoutes);
    await app.register(codeRoutes);
    await app.register(loginRoutes);
    await app.register(userRoutes);
    await app.register(accountSecurityRoutes);
    await app.register(loginDeviceRoutes);
    await app.register(trdAccountRoutes);
    await installQrOAuth(app, opts.qrOAuth ?? loadQrOAuthConfig());
    await app.register(devOutboxRoutes);
    await app.register((await import('./captcha/dev-answers')).devCaptchaAnswerRoutes);
    await app.register(sitePlugin);
    await app.register(contentPlugin, {
      dataDir: opts.dataDir,
      seedWhenEmpty: opts.dataDir !== undefined,
      secureCookies: app.accountsConfig.mode === 'production',
      ...opts.content,
    });
  } catch (err) {
    await db.close();
    throw err;
  }
  return app;
}
