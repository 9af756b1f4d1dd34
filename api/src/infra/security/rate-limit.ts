import type { FastifyInstance, FastifyRequest } from 'fastify';
import { throttled } from '../../core/http/errors';
import { CAPTCHA_TOKEN_HEADER } from './captcha-tokens';
import { sameToken } from './dev-routes';

/** At most `max` hits per fixed window of `windowMs`. */
export interface Limit {
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The route groups and their per-address limits. A route names its group in `config.rateLimit`; a route that
 * names none is in `default`. Per-phone SMS caps are not here: they are rules of the codes themselves
 * (src/auth/verification-codes.ts) and no captcha lifts them.
 */
export const RATE_LIMIT_GROUPS = {
  /** Everything without a group of its own. */
  default: [{ max: 300, windowMs: MINUTE }],
  /** Reads: user info, lists, the public key, the OpenAPI document. */
  read: [{ max: 240, windowMs: MINUTE }],
  /**
   * Not a route group: the reads (of groups read and default) the site's page renderer makes for one visitor's
   * address, told by its X-Site-Render token. A page as HTML costs about 4 reads; with the visitor's own 240 a
   * crawler got 503 pages after 60 a minute from one address. This lets one address have 300 pages a minute made,
   * on top of what the edge keeps (a page kept for visitors costs no read at all).
   */
  'page-render': [{ max: 1200, windowMs: MINUTE }],
  /** Logging in, registering, activating, resetting a password. */
  login: [
    { max: 20, windowMs: MINUTE },
    { max: 300, windowMs: DAY },
  ],
  /** Sending SMS codes: per-address caps on top of the per-phone ones. */
  sms: [
    { max: 5, windowMs: MINUTE },
    { max: 20, windowMs: HOUR },
    { max: 50, windowMs: DAY },
  ],
  /** Sending e-mail codes. */
  mail: [
    { max: 10, windowMs: HOUR },
    { max: 30, windowMs: DAY },
  ],
  /** Changes a logged-in person makes to their account. */
  account: [{ max: 60, windowMs: MINUTE }],
  /** Anonymous client error reports. */
  'client-report': [{ max: 30, windowMs: MINUTE }],
  /**
   * Not a route group: new login-QR WebSockets per address (src/auth/qr-socket.ts, refused with a 429 on the
   * upgrade). A page opens one per code (a code lives 100 s) and again after a network drop.
   */
  'qr-socket': [{ max: 30, windowMs: MINUTE }],
  /**
   * Not a route group: wrong passwords of POST /api/token/ for one account (phone), counted only on failure;
   * once reached, every login of that account needs the login form's image captcha. Not scaled.
   */
  'password-failures': [{ max: 3, windowMs: 15 * MINUTE }],
  /** The same per address (many people may share one, so more of them). */
  'password-failures-address': [{ max: 10, windowMs: 15 * MINUTE }],

  // Per-user write limits (review finding 12): counted per logged-in user, whatever the address, on top of the
  // route's per-address group. A route names one in `config.userLimit`; never scaled (USER_LIMIT_GROUPS).
  /** Comments on documents and blogs (one counter for both kinds). */
  comment: [
    { max: 5, windowMs: MINUTE },
    { max: 30, windowMs: HOUR },
    { max: 100, windowMs: DAY },
  ],
  /** Complaints about content (articles-report/). */
  report: [
    { max: 3, windowMs: MINUTE },
    { max: 10, windowMs: HOUR },
    { max: 20, windowMs: DAY },
  ],
  /** Feedback to the site (for its route when it is built). */
  feedback: [
    { max: 3, windowMs: MINUTE },
    { max: 10, windowMs: HOUR },
    { max: 20, windowMs: DAY },
  ],
  /** File uploads: blog appendices (and documents when their upload is built). */
  upload: [
    { max: 10, windowMs: MINUTE },
    { max: 60, windowMs: HOUR },
    { max: 200, windowMs: DAY },
  ],
  /** New blog posts and submissions for review (writing). */
  'blog-write': [
    { max: 10, windowMs: MINUTE },
    { max: 100, windowMs: DAY },
  ],
  /** New favourite folders. */
  folder: [
    { max: 10, windowMs: MINUTE },
    { max: 50, windowMs: DAY },
  ],
  /** New orders (logged-in and guest) per address: each one opens a trade at the provider. */
  order: [
    { max: 20, windowMs: MINUTE },
    { max: 300, windowMs: DAY },
  ],
  /** New orders per user, whatever the address. */
  'user-order': [
    { max: 10, windowMs: MINUTE },
    { max: 100, windowMs: DAY },
  ],
  /** Activity claims and red packet openings per address (a farm of accounts behind one address meets it). */
  claim: [
    { max: 30, windowMs: MINUTE },
    { max: 500, windowMs: DAY },
  ],
  /** Activity claims, red packets opened and sent, per user. */
  'user-claim': [
    { max: 10, windowMs: MINUTE },
    { max: 100, windowMs: DAY },
  ],
  /**
   * The providers' notifications: they come from the providers' many addresses, and each one is verified before
   * anything else; the limit bounds what a forger can make us verify and log.
   */
  'pay-notify': [{ max: 600, windowMs: MINUTE }],
} satisfies Record<string, Limit[]>;

export type RateLimitGroup = keyof typeof RATE_LIMIT_GROUPS;

/** The groups counted per user (`config.userLimit`), with the message of their 429. */
export const USER_LIMIT_GROUPS = {
  comment: '评论太频繁，请稍后再试',
  report: '举报太频繁，请稍后再试',
  feedback: '反馈太频繁，请稍后再试',
  upload: '上传太频繁，请稍后再试',
  folder: '创建收藏夹太频繁，请稍后再试',
  'blog-write': '发文太频繁，请稍后再试',
  'user-order': '下单太频繁，请稍后再试',
  'user-claim': '领取太频繁，请稍后再试',
} as const satisfies Partial<Record<RateLimitGroup, string>>;

export type UserLimitGroup = keyof typeof USER_LIMIT_GROUPS;

/** Groups whose limits are per account or user, not per address: RATE_LIMIT_SCALE leaves them alone. */
const UNSCALED: ReadonlySet<string> = new Set(['password-failures', ...Object.keys(USER_LIMIT_GROUPS)]);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The per-address rate-limit group of the route (default: 'default'); false for none. */
    rateLimit?: Exclude<RateLimitGroup, UserLimitGroup> | false;
    /**
     * A per-user limit on top (a write a spammer would use): counted per logged-in user once the request is
     * valid, before the handler; a request without a session is left to the route's login guard.
     */
    userLimit?: UserLimitGroup;
  }
  interface FastifyInstance {
    rateLimiter: RateLimiter;
  }
}

/** Counters of fixed windows, shared by every process when the store is shared. */
export interface RateLimitStore {
  /** Counts one hit of `key` in the current window; answers the count including it and ms until the window ends. */
  hit(key: string, windowMs: number, now: number): Promise<{ count: number; resetMs: number }>;
  /** The current count without counting. */
  peek(key: string, windowMs: number, now: number): Promise<{ count: number; resetMs: number }>;
  close(): Promise<void>;
}

function windowOf(windowMs: number, now: number): { start: number; resetMs: number } {
  const start = Math.floor(now / windowMs) * windowMs;
  return { start, resetMs: start + windowMs - now };
}

export function memoryRateLimitStore(): RateLimitStore {
  const counters = new Map<string, { count: number; expires: number }>();
  let nextSweep = 0;
  const sweep = (now: number) => {
    if (now < nextSweep && counters.size < 100_000) return;
    nextSweep = now + MINUTE;
    for (const [key, entry] of counters) if (entry.expires <= now) counters.delete(key);
  };
  const read = (key: string, windowMs: number, now: number) => {
    const { start, resetMs } = windowOf(windowMs, now);
    const id = `${key}|${windowMs}|${start}`;
    return { id, entry: counters.get(id), resetMs, expires: start + windowMs };
  };
  return {
    async hit(key, windowMs, now) {
      sweep(now);
      const { id, entry, resetMs, expires } = read(key, windowMs, now);
      const count = (entry?.count ?? 0) + 1;
      counters.set(id, { count, expires });
      return { count, resetMs };
    },
    async peek(key, windowMs, now) {
      const { entry, resetMs } = read(key, windowMs, now);
      return { count: entry?.count ?? 0, resetMs };
    },
    async close() {
      counters.clear();
    },
  };
}

/** The subset of an ioredis client the store uses. */
export interface RedisLike {
  eval(script: string, numKeys: number, ...args: (string | number)[]): Promise<unknown>;
  get(key: string): Promise<string | null>;
  quit(): Promise<unknown>;
  disconnect(): void;
}

const HIT_SCRIPT = `local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return c`;

/** Counters in Redis (REDIS_URL): INCR and PEXPIRE in one script, one key per window. */
export function redisRateLimitStore(redis: RedisLike, prefix = 'rl:'): RateLimitStore {
  const keyOf = (key: string, windowMs: number, start: number) => `${prefix}${key}|${windowMs}|${start}`;
  return {
    async hit(key, windowMs, now) {
      const { start, resetMs } = windowOf(windowMs, now);
      const count = Number(await redis.eval(HIT_SCRIPT, 1, keyOf(key, windowMs, start), windowMs + 1000));
      return { count, resetMs };
    },
    async peek(key, windowMs, now) {
      const { start, resetMs } = windowOf(windowMs, now);
      return { count: Number((await redis.get(keyOf(key, windowMs, start))) ?? 0), resetMs };
    },
    async close() {
      // quit waits for pending replies; a server that is away would keep it waiting
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

export interface RateLimiter {
  /** Limits of a group, scaled. */
  limits(group: RateLimitGroup): Limit[];
  /**
   * Counts a hit of `key` against `limits`; over any of them, the request passes only if it carries an unspent
   * solved-captcha token (header X-Captcha-Token), which is spent; otherwise a 429 with Retry-After is thrown.
   */
  enforce(request: FastifyRequest, key: string, limits: Limit[], message?: string): Promise<void>;
  /**
   * Like enforce, one window after the other from the shortest: a hit refused by one is not counted by the longer
   * ones, so a burst refused within the minute does not use up the hour's or the day's allowance (per-user limits).
   */
  enforceInTurn(request: FastifyRequest, key: string, limits: Limit[], message?: string): Promise<void>;
  /** Like enforce, but without counting (for limits counted only on failure: see `count`). */
  check(request: FastifyRequest, key: string, limits: Limit[], message?: string): Promise<void>;
  /** Counts a hit without checking. */
  count(key: string, limits: Limit[]): Promise<void>;
  /** True when the hits so far have reached one of the limits (nothing counted; false while the store is down). */
  reached(key: string, limits: Limit[]): Promise<boolean>;
  readonly store: RateLimitStore;
}

export interface RateLimitOptions {
  store: RateLimitStore;
  /** Multiplies every limit of RATE_LIMIT_GROUPS. */
  scale?: number;
  /** Replaces the limits of some groups (tests, the benchmark). */
  overrides?: Partial<Record<RateLimitGroup, Limit[]>>;
  /** The page renderer's secret (SITE_RENDER_TOKEN): its reads are counted as 'page-render'. */
  renderToken?: string;
}

/** The header the site's page renderer sends its token in. */
const RENDER_TOKEN_HEADER = 'x-site-render';

/** Whether the request carries the page renderer's token (the dev routes' constant-time comparison). */
function renderedFor(request: FastifyRequest, token: string | undefined): boolean {
  const given = request.headers[RENDER_TOKEN_HEADER];
  return token !== undefined && typeof given === 'string' && sameToken(given, token);
}

/**
 * The solved-captcha token of the request, spent; true when it was valid and issued to this client's address
 * (false for another address's token, which stays unspent, and while the store is away). Also what lifts the
 * SMS-code send's own 429 (accounts).
 */
export async function spendCaptchaToken(request: FastifyRequest): Promise<boolean> {
  const token = request.headers[CAPTCHA_TOKEN_HEADER];
  if (typeof token !== 'string' || token.length === 0 || token.length > 200) return false;
  try {
    return await request.server.captchaTokens.consume(token, request.ip);
  } catch (err) {
    request.log.error({ err }, 'captcha token store unavailable; token not accepted');
    return false;
  }
}

/**
 * Installs per-address rate limiting on every route: an onRoute hook checks each route's group exists, an
 * onRequest hook counts the request (before the session is loaded or the body read). Call before the routes.
 */
export function installRateLimits(app: FastifyInstance, options: RateLimitOptions): void {
  const scale = options.scale ?? 1;
  const now = () => app.now().getTime();
  /**
   * The counters, or null when the store fails (Redis down): the request then goes through and the failure is
   * logged. Refusing every request of the site while Redis is away would be worse than a few minutes unlimited;
   * the per-phone SMS caps live in the database and hold regardless.
   */
  const counted = async (
    request: FastifyRequest | undefined,
    work: () => Promise<{ count: number; resetMs: number }[]>,
  ): Promise<{ count: number; resetMs: number }[] | null> => {
    try {
      return await work();
    } catch (err) {
      (request?.log ?? app.log).error({ err }, 'rate-limit store unavailable; request not limited');
      return null;
    }
  };
  const limiter: RateLimiter = {
    store: options.store,
    limits(group) {
      const base = options.overrides?.[group] ?? RATE_LIMIT_GROUPS[group];
      const factor = UNSCALED.has(group) ? 1 : scale;
      return base.map((l) => ({ max: Math.max(1, Math.round(l.max * factor)), windowMs: l.windowMs }));
    },
    async enforce(request, key, limits, message) {
      const t = now();
      const results = await counted(request, () => Promise.all(limits.map((l) => options.store.hit(key, l.windowMs, t))));
      if (results) await refuseOver(request, limits, results, message);
    },
    async enforceInTurn(request, key, limits, message) {
      for (const limit of [...limits].sort((x, y) => x.windowMs - y.windowMs)) await limiter.enforce(request, key, [limit], message);
    },
    async check(request, key, limits, message) {
      const t = now();
      // peek counts the hits so far: the next one is refused once they reach the limit
      const results = await counted(request, () => Promise.all(limits.map((l) => options.store.peek(key, l.windowMs, t))));
      if (results) await refuseOver(request, limits, results.map((r) => ({ ...r, count: r.count + 1 })), message);
    },
    async count(key, limits) {
      const t = now();
      await counted(undefined, () => Promise.all(limits.map((l) => options.store.hit(key, l.windowMs, t))));
    },
    async reached(key, limits) {
      const t = now();
      const results = await counted(undefined, () => Promise.all(limits.map((l) => options.store.peek(key, l.windowMs, t))));
      return results !== null && results.some((r, i) => r.count >= limits[i].max);
    },
  };
  app.decorate('rateLimiter', limiter);

  app.addHook('onRoute', (route) => checkRouteGroups(route.url, route.config));
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.url === undefined) return; // 404: no route, nothing to protect
    let group: RateLimitGroup | false = request.routeOptions.config.rateLimit ?? 'default';
    if (group === false) return;
    // a page made as HTML for this address: its reads are page renders (writes and the other groups stay theirs)
    if ((group === 'read' || group === 'default') && (request.method === 'GET' || request.method === 'HEAD') && renderedFor(request, options.renderToken || undefined)) {
      group = 'page-render';
    }
    await limiter.enforce(request, `${group}:${request.ip}`, limiter.limits(group));
  });
  // per user: after the session hook (onRequest) and the body's validation, before the handler writes anything
  app.addHook('preHandler', async (request) => {
    const group = request.routeOptions.config.userLimit;
    const userId = group === undefined ? undefined : (request as { user?: { id: number } | null }).user?.id;
    if (group === undefined || userId === undefined) return;
    await limiter.enforceInTurn(request, `user-${group}:${userId}`, limiter.limits(group), USER_LIMIT_GROUPS[group]);
  });
  app.addHook('onClose', async () => options.store.close());
}

/** A route's groups must exist, a per-address one in `rateLimit` and a per-user one in `userLimit`. */
function checkRouteGroups(url: string, config: { rateLimit?: unknown; userLimit?: unknown } | undefined): void {
  const group = config?.rateLimit;
  if (group !== undefined && group !== false && (!Object.hasOwn(RATE_LIMIT_GROUPS, group as string) || Object.hasOwn(USER_LIMIT_GROUPS, group as string))) {
    throw new Error(`unknown rate-limit group "${String(group)}" on ${url}`);
  }
  const perUser = config?.userLimit;
  if (perUser !== undefined && !Object.hasOwn(USER_LIMIT_GROUPS, perUser as string)) {
    throw new Error(`unknown per-user limit "${String(perUser)}" on ${url}`);
  }
}

async function refuseOver(
  request: FastifyRequest,
  limits: Limit[],
  results: { count: number; resetMs: number }[],
  message?: string,
): Promise<void> {
  let retryMs = 0;
  results.forEach((r, i) => {
    if (r.count > limits[i].max) retryMs = Math.max(retryMs, r.resetMs);
  });
  if (retryMs === 0) return;
  if (lifted.has(request)) return;
  if (await spendCaptchaToken(request)) {
    lifted.add(request);
    return;
  }
  throw throttled(retryMs / 1000, message);
}

/** Requests whose solved captcha was spent: one token lifts every limit of its request (per address and per user). */
const lifted = new WeakSet<FastifyRequest>();
