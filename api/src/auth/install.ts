import type { FastifyInstance } from 'fastify';
import { devRoutesEnabled, type AccountsConfig, type AliyunCredentials } from '../config';
import { aliyunSimulator } from '../providers/aliyun-simulator';
import { fetchTransport, type HttpTransport } from '../providers/http-transport';
import { aliyunDirectMail, type MailSender } from '../providers/mail';
import { dbOutbox, type DevOutbox } from '../providers/outbox';
import { aliyunSms, type SmsSender } from '../providers/sms';
import { wxMiniApp, wxMiniAppSimulator, type WxMiniApp } from '../providers/wx-miniapp';
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

export interface AccountsOptions {
  config: AccountsConfig;
  now?: () => Date;
  rateLimits?: Partial<Record<RateLimitGroup, Limit[]>>;
}

/**
 * Everything the account routes stand on, installed before any route: the clock, per-route rate limits
 * (memory, or Redis with REDIS_URL), sessions with their CSRF check, the SMS / e-mail / mini-program providers
 * (real adapter or simulator, by configuration), the password key pair and the verification codes.
 */
export async function installAccounts(app: FastifyInstance, options: AccountsOptions): Promise<void> {
  const { config } = options;
  const now = options.now ?? (() => new Date());
  app.decorate('now', now);
  app.decorate('accountsConfig', config);

  // ioredis is loaded only when it is used (it costs some 10 MB of memory)
  const store = config.redisUrl
    ? redisRateLimitStore(new (await import('ioredis')).Redis(config.redisUrl, { maxRetriesPerRequest: 2 }))
    : memoryRateLimitStore();
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
  app.thirdPartyIdentities.set('weixin_miniapp', (code) => wx.code2Session(code));

  app.decorate('passwords', await loadPasswordCipher(app.db));
  app.decorate('codes', await verificationCodes({ db: app.db, now, sms: app.sms, mail: app.mail, log: app.log }));
}
