import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { loadConfig, loadContentCache, loadStorageConfig, type AccountsConfig } from './core/config';
import { corePlugin } from './core';
import { clientErrorHandler, errorHandler } from './core/http/errors';
import { applyResponseHeaders } from './core/http/headers';
import { migrationsDir } from './core/paths';
import { infraPlugin } from './infra';
import { loadQrOAuthConfig, type QrOAuthConfig } from './infra/oauth/config';
import type { Limit, RateLimitGroup } from './infra/security/rate-limit';
import { accountsModule } from './modules/accounts';
import { captchaModule } from './modules/captcha';
import { contentModule, type ContentOptions } from './modules/content';
import { notificationsModule } from './modules/notifications';
import { oauthModule } from './modules/oauth';
import { payModule, type PayOptions } from './modules/pay';
import { activitiesModule } from './modules/activities';
import { coinsModule } from './modules/coins';
import { libraryModule } from './modules/library';
import { opsModule } from './modules/ops';
import { seoModule, type SeoOptions } from './modules/seo';
import { siteModule } from './modules/site';
import { uploadsModule, type UploadsOptions } from './modules/uploads';
import { trustModule } from './modules/trust';
import { writingModule } from './modules/writing';

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
  /** Mode, providers, Redis, limit scale; default loadConfig(process.env) (see src/core/config.ts). */
  accounts?: AccountsConfig;
  /** Clock for expiries and limits; default the real one (tests move theirs). */
  now?: () => Date;
  /** Replaces the limits of some rate-limit groups (tests, the benchmark). */
  rateLimits?: Partial<Record<RateLimitGroup, Limit[]>>;
  /** Fastify's trustProxy: true, or the proxies (IPs, CIDRs, 'loopback') whose X-Forwarded-For to believe. Default none. */
  trustProxy?: boolean | string;
  /** QR and third-party login (expiry, OAuth providers or their simulator); default loadQrOAuthConfig(process.env). */
  qrOAuth?: QrOAuthConfig;
  /** Payments: providers (or their simulators), site origin for return URLs; default from the environment. */
  pay?: PayOptions;
  /** Reading and search: files folder (default: `<dataDir>/files`), storage (default loadStorageConfig(process.env)), secure cookies. */
  content?: ContentOptions;
  /** Uploads: the conversion worker (default from the environment, CONVERT_WORKER=off for none). */
  uploads?: UploadsOptions;
  /** robots.txt and the sitemaps: page size and cache (tests); default origin SITE_ORIGIN's. */
  seo?: SeoOptions;
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

  const config = opts.accounts ?? loadConfig();
  try {
    const qrOAuth = opts.qrOAuth ?? loadQrOAuthConfig();
    // core (conventions, database), infra (limits, providers), then the domain modules; each names what it stands on
    await app.register(corePlugin, {
      databaseUrl: opts.databaseUrl,
      dataDir: opts.dataDir,
      migrationsDir: opts.migrationsDir ?? migrationsDir,
      config,
      now: opts.now ?? (() => new Date()),
      trustProxy: opts.trustProxy,
    });
    await app.register(infraPlugin, { rateLimits: opts.rateLimits });
    await app.register(accountsModule, { qr: { expireS: qrOAuth.qrExpireS, siteOrigin: qrOAuth.siteOrigin } });
    await app.register(notificationsModule);
    await app.register(captchaModule);
    await app.register(oauthModule, { config: qrOAuth });
    await app.register(siteModule);
    await app.register(payModule, { siteOrigin: qrOAuth.siteOrigin, ...opts.pay });
    await app.register(coinsModule);
    await app.register(activitiesModule);
    await app.register(contentModule, {
      dataDir: opts.dataDir,
      secureCookies: config.mode === 'production',
      ...opts.content,
      storage: opts.content?.storage ?? loadStorageConfig(),
      cache: opts.content?.cache ?? loadContentCache(),
    });
    await app.register(uploadsModule, { dataDir: opts.dataDir, ...opts.uploads });
    await app.register(trustModule);
    await app.register(libraryModule);
    await app.register(writingModule);
    await app.register(seoModule, { siteOrigin: qrOAuth.siteOrigin, ...opts.seo });
    await app.register(opsModule);
  } catch (err) {
    await app.close().catch(() => undefined); // closes the database if it was opened
    throw err;
  }
  return app;
}
