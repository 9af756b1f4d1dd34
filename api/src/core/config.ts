import { randomBytes } from 'node:crypto';

/**
 * Run-time configuration of the accounts side of the API (mode, providers, limits), read from the environment
 * once by main.ts and passed to buildServer. Tests pass their own values through ServerOptions.
 */

export type Mode = 'development' | 'test' | 'production';

/** Which implementation sits behind a provider interface. */
export type ProviderChoice = 'simulator' | 'real';

export interface AliyunCredentials {
  accessKeyId: string;
  accessKeySecret: string;
}

export interface SmsConfig {
  provider: ProviderChoice;
  /** Aliyun SMS (dysmsapi) endpoint; the real one unless a test points it elsewhere. */
  endpoint: string;
  credentials: AliyunCredentials;
  signName: string;
  /** One template with a `${code}` variable, e.g. "您的验证码为${code}，5分钟内有效。" */
  templateCode: string;
  /** A template with an `${event}` variable for security notices ("您的账号刚刚${event}…"); empty: none sent. */
  noticeTemplateCode: string;
}

export interface MailConfig {
  provider: ProviderChoice;
  /** Aliyun DirectMail endpoint. */
  endpoint: string;
  credentials: AliyunCredentials;
  /** The sending address configured in DirectMail. */
  accountName: string;
  fromAlias: string;
}

export interface WxMiniAppConfig {
  provider: ProviderChoice;
  endpoint: string;
  appId: string;
  appSecret: string;
}

export interface AccountsConfig {
  mode: Mode;
  sms: SmsConfig;
  mail: MailConfig;
  wxMiniApp: WxMiniAppConfig;
  /** Rate-limit counters and solved-captcha tokens in Redis when set; in memory otherwise. */
  redisUrl?: string;
  /** Put before every Redis key (REDIS_KEY_PREFIX): several sites, or test servers, may share one Redis. */
  redisKeyPrefix: string;
  /** Every rate limit is multiplied by this (e.g. 10 for end-to-end runs that come from one address). */
  rateLimitScale: number;
  /**
   * Keep sessions in memory between requests (SESSION_CACHE=on, the default, or off). On PostgreSQL the API
   * processes tell each other about changes with LISTEN/NOTIFY; the cache pauses while that channel is down.
   */
  sessionCache: 'on' | 'off';
  /**
   * The secret every dev-only route (/api/dev/...) asks for (query `token` or header `X-Dev-Token`), set when they
   * exist: DEV_ROUTES_TOKEN, else a random one made at start (development) or TEST_DEV_ROUTES_TOKEN (test mode).
   */
  devRoutesToken?: string;
  /**
   * SITE_RENDER_TOKEN: the secret the site's page renderer (a remote's server part, which reads the API as the
   * visitor it renders for) sends in X-Site-Render, so that its reads count against the visitor's address as page
   * renders (RATE_LIMIT_GROUPS['page-render']) rather than as the visitor's own reads. Unset: no request is one.
   */
  renderToken?: string;
}

/** The dev routes' token of test mode when DEV_ROUTES_TOKEN is unset: the API tests' servers use it (loopback only). */
export const TEST_DEV_ROUTES_TOKEN = 'test-dev-routes-token-0123456789';

/** Credentials the simulators check signatures with: public on purpose, they guard nothing real. */
export const SIMULATOR_CREDENTIALS: AliyunCredentials = {
  accessKeyId: 'simulator-access-key',
  accessKeySecret: 'simulator-access-secret',
};

export function modeOf(nodeEnv: string | undefined): Mode {
  if (nodeEnv === 'production' || nodeEnv === 'test') return nodeEnv;
  // unset or anything else: development (the convention of Node tooling); production must say so
  return 'development';
}

/**
 * Whether the dev-only routes exist (GET /api/dev/outbox/, GET /api/dev/captcha-answer/, POST /api/dev/wxgzh/scan/,
 * POST /api/dev/staff-role/, POST /api/dev/assign-doc/):
 * in development and test mode, never in production, whatever DEV_OUTBOX says (that allows the simulators on a
 * staging site, not these routes: the captcha answers would defeat every captcha, the scan would log anyone in).
 * Where they exist they answer this machine only, with the dev routes token (src/infra/security/dev-routes.ts).
 */
export function devRoutesEnabled(config: { mode: Mode }): boolean {
  return config.mode !== 'production';
}

/** A fresh dev routes token: 24 random bytes, base64url (what `npm start` prints in the outbox URL). */
export function newDevRoutesToken(): string {
  return randomBytes(24).toString('base64url');
}

/** A secret from the environment: unset or empty is none; one shorter than 16 or with other than visible ASCII is refused. */
function secretOf(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const given = env[name];
  if (given === undefined || given === '') return undefined;
  if (given.length < 16 || !/^[\x21-\x7e]+$/.test(given)) throw new Error(`${name} 至少 16 个字符，且只能是可见的 ASCII 字符`);
  return given;
}

function devToken(env: NodeJS.ProcessEnv, mode: Mode): string | undefined {
  if (!devRoutesEnabled({ mode })) return undefined;
  return secretOf(env, 'DEV_ROUTES_TOKEN') ?? (mode === 'test' ? TEST_DEV_ROUTES_TOKEN : newDevRoutesToken());
}

/** Loopback host names and addresses (127.0.0.0/8, ::1, localhost): a server listening there is reachable from this machine only. */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || /^::ffff:127(\.\d{1,3}){3}$/.test(h);
}

/**
 * Refuses (throws a Chinese message) to listen on a non-loopback address in development or test mode: there the
 * dev-only routes and the simulators (SMS and mail outbox, OAuth provider pages, official-account scan) exist,
 * and they let whoever reaches them log in as anyone. A site others reach runs in production mode; a staging
 * site with the simulators says so with NODE_ENV=production and DEV_OUTBOX=1 (the dev-only routes stay off there).
 */
export function checkListenAddress(host: string, config: { mode: Mode }): void {
  if (isLoopbackHost(host) || !devRoutesEnabled(config)) return;
  throw new Error(
    `${config.mode === 'test' ? '测试' : '开发'}模式下 API 只能监听本机地址（API_HOST=127.0.0.1 或 localhost），收到 API_HOST=${host}：` +
      '开发模式的开发专用接口和模拟服务（短信发件箱、验证码答案、第三方登录模拟）能让任何访问者登录任意账号。' +
      '要让其他机器访问，请用 NODE_ENV=production 和真实服务商；预发布站点确需模拟服务时再加 DEV_OUTBOX=1（开发专用接口仍然关闭）',
  );
}

function choice(raw: string | undefined, mode: Mode, name: string): ProviderChoice {
  if (raw === undefined || raw === '') return mode === 'production' ? 'real' : 'simulator';
  if (raw === 'simulator' || raw === 'real') return raw;
  throw new Error(`${name} 只能是 simulator 或 real，收到: ${raw}`);
}

function required(env: NodeJS.ProcessEnv, name: string, provider: ProviderChoice, fallback: string): string {
  const value = env[name];
  if (value) return value;
  if (provider === 'real') throw new Error(`使用真实服务商时必须设置环境变量 ${name}`);
  return fallback;
}

/**
 * Configuration from environment variables (see api/README.md). Throws a Chinese message for a setting that
 * cannot work: a real provider without credentials, or a simulator chosen in production without DEV_OUTBOX=1.
 * DEV_OUTBOX=1 only allows the simulators in production (a staging site); the dev routes stay off there.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AccountsConfig {
  const mode = modeOf(env.NODE_ENV);
  const explicitOutbox = env.DEV_OUTBOX === '1';
  const smsProvider = choice(env.SMS_PROVIDER, mode, 'SMS_PROVIDER');
  const mailProvider = choice(env.MAIL_PROVIDER, mode, 'MAIL_PROVIDER');
  const wxProvider = choice(env.WX_MINIAPP_PROVIDER, mode, 'WX_MINIAPP_PROVIDER');
  if (mode === 'production' && !explicitOutbox) {
    const simulated = [
      ['SMS_PROVIDER', smsProvider],
      ['MAIL_PROVIDER', mailProvider],
      ['WX_MINIAPP_PROVIDER', wxProvider],
    ].filter(([, p]) => p === 'simulator');
    if (simulated.length) {
      throw new Error(
        `生产环境不能使用模拟服务（${simulated.map(([n]) => n).join('、')}=simulator）；确需如此请同时设置 DEV_OUTBOX=1`,
      );
    }
  }
  const scale = env.RATE_LIMIT_SCALE ? Number(env.RATE_LIMIT_SCALE) : 1;
  const sessionCache = env.SESSION_CACHE || 'on';
  if (sessionCache !== 'on' && sessionCache !== 'off') {
    throw new Error(`SESSION_CACHE 只能是 on 或 off，收到: ${sessionCache}`);
  }
  if (!Number.isFinite(scale) || scale <= 0) throw new Error(`RATE_LIMIT_SCALE 应为正数，收到: ${env.RATE_LIMIT_SCALE}`);

  const aliyun = (provider: ProviderChoice): AliyunCredentials =>
    provider === 'real'
      ? {
          accessKeyId: required(env, 'ALIYUN_ACCESS_KEY_ID', provider, ''),
          accessKeySecret: required(env, 'ALIYUN_ACCESS_KEY_SECRET', provider, ''),
        }
      : SIMULATOR_CREDENTIALS;

  return {
    mode,
    sms: {
      provider: smsProvider,
      endpoint: env.ALIYUN_SMS_ENDPOINT || 'https://dysmsapi.aliyuncs.com/',
      credentials: aliyun(smsProvider),
      signName: required(env, 'ALIYUN_SMS_SIGN_NAME', smsProvider, '文档分享'),
      templateCode: required(env, 'ALIYUN_SMS_TEMPLATE_CODE', smsProvider, 'SMS_SIMULATED'),
      noticeTemplateCode: env.ALIYUN_SMS_NOTICE_TEMPLATE_CODE ?? (smsProvider === 'simulator' ? 'SMS_NOTICE_SIMULATED' : ''),
    },
    mail: {
      provider: mailProvider,
      endpoint: env.ALIYUN_DM_ENDPOINT || 'https://dm.aliyuncs.com/',
      credentials: aliyun(mailProvider),
      accountName: required(env, 'ALIYUN_DM_ACCOUNT_NAME', mailProvider, 'no-reply@example.com'),
      fromAlias: env.ALIYUN_DM_FROM_ALIAS || '文档分享',
    },
    wxMiniApp: {
      provider: wxProvider,
      endpoint: env.WX_API_ENDPOINT || 'https://api.weixin.qq.com',
      appId: required(env, 'WX_MINIAPP_APPID', wxProvider, 'wx-simulator-appid'),
      appSecret: required(env, 'WX_MINIAPP_SECRET', wxProvider, 'wx-simulator-secret'),
    },
    redisUrl: env.REDIS_URL || undefined,
    redisKeyPrefix: env.REDIS_KEY_PREFIX ?? '',
    rateLimitScale: scale,
    sessionCache,
    devRoutesToken: devToken(env, mode),
    renderToken: secretOf(env, 'SITE_RENDER_TOKEN'),
  };
}

/** Where an S3-compatible store is and how to sign for it (STORAGE=s3). */
export interface S3StorageConfig {
  /** Endpoint URL of an S3-compatible store (MinIO, OSS, COS ...); unset for AWS itself. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` addresses instead of `bucket.endpoint/key` (most self-hosted stores want this). */
  forcePathStyle: boolean;
}

/** Where file bytes live: local disk in `DATA_DIR/files` (the default), or a bucket of an S3-compatible store. */
export type StorageConfig = { kind: 'local' } | { kind: 's3'; s3: S3StorageConfig };

/**
 * CONTENT_CACHE (on, the default, or off): keep the public lists' and searches' answers in memory (the content
 * module's caches; off measures the API without them).
 */
export function loadContentCache(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env.CONTENT_CACHE || 'on';
  if (value !== 'on' && value !== 'off') throw new Error(`CONTENT_CACHE 只能是 on 或 off，收到: ${value}`);
  return value === 'on';
}

/** The storage settings (STORAGE, S3_*; see api/README.md); throws a Chinese message for one that cannot work. */
export function loadStorageConfig(env: NodeJS.ProcessEnv = process.env): StorageConfig {
  const kind = env.STORAGE || 'local';
  if (kind === 'local') return { kind };
  if (kind !== 's3') throw new Error(`STORAGE 只能是 local 或 s3，收到: ${kind}`);
  const need = (name: string): string => {
    const value = env[name];
    if (!value) throw new Error(`STORAGE=s3 时必须设置环境变量 ${name}`);
    return value;
  };
  const endpoint = env.S3_ENDPOINT || undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/]/.test(endpoint)) throw new Error(`S3_ENDPOINT 应为 http:// 或 https:// 开头的地址，收到: ${endpoint}`);
  const pathStyle = env.S3_FORCE_PATH_STYLE || 'false';
  if (pathStyle !== 'true' && pathStyle !== 'false') throw new Error(`S3_FORCE_PATH_STYLE 只能是 true 或 false，收到: ${pathStyle}`);
  return {
    kind,
    s3: {
      endpoint,
      region: need('S3_REGION'),
      bucket: need('S3_BUCKET'),
      accessKeyId: need('S3_ACCESS_KEY_ID'),
      secretAccessKey: need('S3_SECRET_ACCESS_KEY'),
      forcePathStyle: pathStyle === 'true',
    },
  };
}
