import type { FastifyInstance } from 'fastify';
import { devRoutesEnabled, type AccountsConfig, type AliyunCredentials } from '../config';
import { aliyunSimulator } from '../providers/aliyun-simulator';
import { fetchTransport, type HttpTransport } from '../providers/http-transport';
import { aliyunDirectMail, type MailSender } from '../providers/mail';
import { dbOutbox, type DevOutbox } from '../providers/outbox';
import { aliyunSms, type SmsSender } from '../providers/sms';
import { wxMiniApp, wxMiniAppSimulator, type WxMiniApp } from '../providers/wx-miniapp';
import { memoryCaptchaTokenStore, redisCaptchaTokenStore, type CaptchaTokenStore } from '../security/captcha-tokens';
import {
  installRateLimits,
  memoryRateLimitStore,
  redisRateLimitStore,
  type Limit,
  type RateLimitGroup,
} from '../security/rate-limit';
import { loadPasswordCipher, type PasswordCipher } from './rsa';
import { installSessions } from './sessions';
import { installThirdPartyRegistry } from './third-party';
import { verificationCodes, type VerificationCodes } from './verification-codes';

declare module 'fastify' {
  interface FastifyInstance {
    accountsConfig: AccountsConfig;
    /** Solved-captcha tokens: issued by the captcha routes, spent by the rate limiter (memory, or Redis). */
    captchaTokens: CaptchaTokenStore;
    /** RSA key pair for passwords in transit (GET /api/public-key/). */
    passwords: PasswordCipher;
    codes: VerificationCodes;
    sms: SmsSender;
    mail: MailSender;
    wxMiniApp: WxMiniApp;
    /** Set when a simulator delivers (development, test, or a staging site with DEV_OUTBOX=1). */
    devOutbox: DevOutbox | null;
  }
}

/** How long the start waits for Redis before going on without it (the limits then fail open until it is back). */
const REDIS_START_WAIT_MS = 2000;

/**
 * An ioredis client that fails fast while Redis is away (no offline queue: a command then rejects at once, and the
 * limiter lets the request through, instead of every request waiting for reconnection attempts). The start waits
 * up to 2 s for the first connection so that the first requests are counted.
 */
async function connectRedis(url: string, app: FastifyInstance) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: false });
  let logged = false;
  redis.on('error', (err: Error) => {
    // ioredis retries on its own; one log line per outage, not one per attempt
    if (!logged) app.log.error({ err }, 'Redis unavailable; rate limits fail open, captcha checks answer 503');
    logged = true;
  });
  redis.on('ready', () => (logged = false));
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, REDIS_START_WAIT_MS);
    function done() {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    }
    redis.once('ready', done);
  });
  return redis;
}

export interface AccountsOptions {
  config: AccountsConfig;
  now?: () => Date;
  rateLimits?: Partial<Record<RateLimitGroup, Limit[]>>;
}

/**
 * Everything the account routes stand on, installed before any route: the clock, per-route rate limits and
 * solved-captcha tokens (memory, or Redis with REDIS_URL), sessions with their CSRF check, the SMS / e-mail / mini-program providers
 * (real adapter or simulator, by configuration), the password key pair and the verification codes.
 */
export async function installAccounts(app: FastifyInstance, options: AccountsOptions): Promise<void> {
  const { config } = options;
  const now = options.now ?? (() => new Date());
  app.decorate('now', now);
  app.decorate('accountsConfig', config);

  // ioredis is loaded only when it is used (it costs some 10 MB of memory). One client for the rate-limit
  // counters and the captcha tokens; the rate-limit store closes it with the server.
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, app) : undefined;
  const prefix = config.redisKeyPrefix;
  const store = redis ? redisRateLimitStore(redis, `${prefix}rl:`) : memoryRateLimitStore();
  app.decorate('captchaTokens', redis ? redisCaptchaTokenStore(redis, `${prefix}ct:`) : memoryCaptchaTokenStore());
  installRateLimits(app, { store, scale: config.rateLimitScale, overrides: options.rateLimits });
  await installSessions(app, { secureCookies: config.mode === 'production', cache: config.sessionCache === 'on' });

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
  const wx = wxMiniApp(
    config.wxMiniApp,
    config.wxMiniApp.provider === 'real' ? real : wxMiniAppSimulator(config.wxMiniApp),
  );
  app.decorate('wxMiniApp', wx);
  installThirdPartyRegistry(app);
  app.thirdPartyIdentities.set('weixin_miniapp', { account: 'weixin_miniapp', resolve: (code) => wx.code2Session(code), authorize: false });

  app.decorate('passwords', await loadPasswordCipher(app.db));
  app.decorate('codes', await verificationCodes({ db: app.db, now, sms: app.sms, mail: app.mail, log: app.log }));
}
