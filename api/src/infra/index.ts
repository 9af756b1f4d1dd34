import type { FastifyInstance } from 'fastify';
import { devRoutesEnabled, type AliyunCredentials } from '../core/config';
import { defineModule } from '../core/module';
import { aliyunSimulator } from './providers/aliyun-simulator';
import { fetchTransport, type HttpTransport } from './providers/http-transport';
import { aliyunDirectMail, type MailSender } from './providers/mail';
import { dbOutbox, type DevOutbox } from './providers/outbox';
import { aliyunSms, type SmsSender } from './providers/sms';
import { wxMiniApp, wxMiniAppSimulator, type WxMiniApp } from './providers/wx-miniapp';
import { connectRedis } from './redis';
import { installDevRouteGuard } from './security/dev-routes';
import { memoryCaptchaTokenStore, redisCaptchaTokenStore, type CaptchaTokenStore } from './security/captcha-tokens';
import { installRateLimits, memoryRateLimitStore, redisRateLimitStore, type Limit, type RateLimitGroup } from './security/rate-limit';

declare module 'fastify' {
  interface FastifyInstance {
    /** Solved-captcha tokens: issued by the captcha routes, spent by the rate limiter (memory, or Redis). */
    captchaTokens: CaptchaTokenStore;
    sms: SmsSender;
    mail: MailSender;
    wxMiniApp: WxMiniApp;
    /** Set when a simulator delivers (development, test, or a staging site with DEV_OUTBOX=1). */
    devOutbox: DevOutbox | null;
  }
}

export interface InfraOptions extends Record<string, unknown> {
  /** Replaces the limits of some rate-limit groups (tests, the benchmark). */
  rateLimits?: Partial<Record<RateLimitGroup, Limit[]>>;
}

/**
 * What the modules stand on outside the database: per-route rate limits and solved-captcha tokens (memory, or
 * Redis with REDIS_URL), and the SMS / e-mail / mini-program providers (real adapter or simulator, by
 * configuration) with the development outbox the simulators deliver into.
 */
export const infraPlugin = defineModule<InfraOptions>('infra', ['core'], async (app: FastifyInstance, opts) => {
  const config = app.accountsConfig;
  const now = app.now;
  // ioredis is loaded only when it is used (it costs some 10 MB of memory). One client for the rate-limit
  // counters and the captcha tokens; the rate-limit store closes it with the server.
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, app) : undefined;
  const prefix = config.redisKeyPrefix;
  const store = redis ? redisRateLimitStore(redis, `${prefix}rl:`) : memoryRateLimitStore();
  app.decorate('captchaTokens', redis ? redisCaptchaTokenStore(redis, `${prefix}ct:`) : memoryCaptchaTokenStore());
  installRateLimits(app, { store, scale: config.rateLimitScale, overrides: opts.rateLimits, renderToken: config.renderToken });
  // every route under /api/dev/ from this machine only, with the dev routes token but the OAuth simulator's
  // (security/dev-routes.ts). In every mode: production has no token and no dev-only route, but a staging site's
  // OAuth simulator (DEV_OUTBOX=1) is there, and its pages log in whatever name is typed
  installDevRouteGuard(app, devRoutesEnabled(config) ? config.devRoutesToken : undefined);

  // the outbox exists whenever a simulator may deliver into it (its route only in development and test)
  const simulated = config.sms.provider === 'simulator' || config.mail.provider === 'simulator';
  const outbox: DevOutbox | null =
    simulated || devRoutesEnabled(config)
      ? dbOutbox(app.db, now, (m) =>
          app.log.warn(
            { outbox: { channel: m.channel, recipient: m.recipient, code: m.code } },
            `开发发件箱（模拟${m.channel === 'sms' ? '短信' : '邮件'}）: ${m.body}`,
          ),
        )
      : null;
  app.decorate('devOutbox', outbox);
  const real = fetchTransport();
  const aliyun = (choice: 'simulator' | 'real', credentials: AliyunCredentials): HttpTransport =>
    choice === 'real' || !outbox ? real : aliyunSimulator(outbox, credentials, now);
  app.decorate('sms', aliyunSms(config.sms, aliyun(config.sms.provider, config.sms.credentials), now));
  app.decorate('mail', aliyunDirectMail(config.mail, aliyun(config.mail.provider, config.mail.credentials), now));
  app.decorate('wxMiniApp', wxMiniApp(config.wxMiniApp, config.wxMiniApp.provider === 'real' ? real : wxMiniAppSimulator(config.wxMiniApp)));
});
