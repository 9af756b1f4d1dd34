import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../../core/http/errors';
import { StringEnum } from '../../../core/http/validation';
import type { ChallengeData } from '../challenges';
import { CAPTCHA_TYPES, CHALLENGE_TTL_S, REP_CODE, limitsFromEnv, type CaptchaLimits } from '../config';
import { loadCaptchaFont, locateCaptchaFont } from '../font';
import { issueLoginCaptcha } from '../verify-login';
import { pick } from '../random';
import { countRequest, saveChallenge, sweep, takeChallenge } from '../store';

const CLIENT_UID = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:-]+$', description: '客户端标识（本地存储）' });
const CAPTCHA_ID = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

const IssueBody = Type.Object(
  {
    captchaType: Type.Optional(StringEnum(CAPTCHA_TYPES, { description: '验证码类型；不传时由服务器选择' })),
    clientUid: Type.Optional(CLIENT_UID),
    ts: Type.Optional(
      Type.Union([Type.Integer({ minimum: 0 }), Type.String({ pattern: '^[0-9]{1,16}$' })], { description: '客户端时间戳（毫秒）' }),
    ),
  },
  { additionalProperties: false },
);
/**
 * The same object, or no body at all (SPEC §7: "a variant without a body"; Fastify validates a missing body as
 * null). `nullable` rather than a type list: Ajv knows it, and it is how OpenAPI 3.0 says it.
 */
const OptionalIssueBody = { ...IssueBody, nullable: true };

const Data = Type.Object({
  originalImageBase64: Type.Optional(Type.String()),
  jigsawImageBase64: Type.Optional(Type.String()),
  image_base64: Type.Optional(Type.String()),
  thumb_base64: Type.Optional(Type.String()),
  width: Type.Integer(),
  height: Type.Integer(),
  tile_x: Type.Optional(Type.Integer()),
  tile_y: Type.Optional(Type.Integer()),
  tile_width: Type.Optional(Type.Integer()),
  tile_height: Type.Optional(Type.Integer()),
  count: Type.Optional(Type.Integer()),
});

const IssueAnswer = Type.Object({
  repCode: Type.String({ description: "'0000' 成功；'6201' 请求过于频繁（没有图片）" }),
  repMsg: Type.String(),
  captchaId: Type.Optional(Type.String()),
  captchaType: Type.Optional(StringEnum(CAPTCHA_TYPES)),
  expiresIn: Type.Optional(Type.Integer({ description: '有效期（秒）' })),
  data: Type.Optional(Data),
});

const CheckBody = Type.Object(
  {
    captchaType: StringEnum(CAPTCHA_TYPES),
    verify_value: Type.Union(
      [
        Type.String({ minLength: 1, maxLength: 400 }),
        Type.Object({ x: Type.Number(), y: Type.Number() }, { additionalProperties: false }),
      ],
      { description: '滑块 "x,5"；点选 "x1,y1,x2,y2,x3,y3"；拖动 "x,y"；旋转 "角度"' },
    ),
    id: CAPTCHA_ID,
  },
  { additionalProperties: false },
);

const CheckAnswer = Type.Object({
  repCode: Type.String(),
  repMsg: Type.String(),
  token: Type.String({ description: '一次性凭证：放在请求头 X-Captcha-Token 中重试被限流的请求' }),
  expiresIn: Type.Integer(),
});

const LoginQuery = Type.Object({ clientUid: Type.Optional(CLIENT_UID) });
const LoginAnswer = Type.Object({
  repCode: Type.String(),
  repMsg: Type.String(),
  captcha_key: Type.Optional(Type.String()),
  captcha_image: Type.Optional(Type.String({ description: 'base64 PNG（不带 data: 前缀）' })),
  expiresIn: Type.Optional(Type.Integer()),
});

const LIMITED = { repCode: REP_CODE.limited, repMsg: '获取验证码过于频繁，请稍后再试' } as const;
const TOKEN_TTL_S = 120;
const SWEEP_EVERY_MS = 60_000;

/**
 * The security check (SPEC §3 "Captcha", §7): POST /api/captcha/ issues a challenge, POST /api/captcha/check/
 * answers it and trades a right answer for a one-use token (app.captchaTokens), GET /api/captcha/login/ issues
 * the login form's text captcha (checked by verifyLoginCaptcha). Refuses to start without a CJK font.
 */
export async function captchaRoutes(app: FastifyInstance): Promise<void> {
  // no CJK font, no start; the drawing code (Skia) and the font itself are loaded by the first challenge
  locateCaptchaFont();
  const challenges = () => import('../challenges').then((m) => m.CHALLENGES);
  const limits = limitsFromEnv();
  let lastSweep = 0;

  /** Counts the request; true when its client is over the per-minute limit (repCode 6201). */
  const overLimit = async (request: FastifyRequest, clientUid: string | undefined): Promise<boolean> => {
    if (Date.now() - lastSweep > SWEEP_EVERY_MS) {
      lastSweep = Date.now();
      await sweep(app.db).catch((err: unknown) => request.log.warn({ err }, 'captcha sweep failed'));
    }
    return isOverLimit(await countRequest(app.db, scopes(request.ip, clientUid)), limits);
  };

  app.post<{ Body: Static<typeof IssueBody> | null | undefined }>(
    '/api/captcha/',
    {
      // limited by its own per-minute counts (repCode 6201): a 429 here would ask for a captcha to get a captcha
      config: { rateLimit: false },
      schema: {
        tags: ['安全验证'],
        summary: '获取安全验证（滑块、点选、拖动、旋转）；不带请求体时由服务器选择类型',
        body: OptionalIssueBody,
        response: { 200: IssueAnswer },
      },
    },
    async (request) => {
      const body = request.body ?? {};
      if (await overLimit(request, body.clientUid)) return LIMITED;
      const captchaType = body.captchaType ?? pick(CAPTCHA_TYPES);
      const { data, answer }: { data: ChallengeData; answer: unknown } = await (await challenges())[captchaType].generate(loadCaptchaFont());
      const captchaId = await saveChallenge(app.db, captchaType, answer, CHALLENGE_TTL_S);
      return { repCode: REP_CODE.ok, repMsg: '成功', captchaId, captchaType, expiresIn: CHALLENGE_TTL_S, data };
    },
  );

  app.post<{ Body: Static<typeof CheckBody> }>(
    '/api/captcha/check/',
    {
      schema: {
        tags: ['安全验证'],
        summary: '校验安全验证的答案；答对返回一次性凭证（请求头 X-Captcha-Token）',
        body: CheckBody,
        response: { 200: CheckAnswer },
      },
    },
    async (request) => {
      const { captchaType, id } = request.body;
      const raw = request.body.verify_value;
      const verifyValue = typeof raw === 'string' ? raw : `${raw.x},${raw.y}`;
      const challenge = await takeChallenge(app.db, id, 'image');
      if (!challenge || !challenge.live) {
        throw new ApiError(400, 'captcha_expired', '验证码已失效，请重新获取', undefined, { repCode: REP_CODE.expired });
      }
      const right = challenge.kind === captchaType && (await challenges())[captchaType].check(challenge.answer, verifyValue);
      if (!right) throw new ApiError(400, 'captcha_wrong', '验证失败，请重试', undefined, { repCode: REP_CODE.wrong });
      let token: string;
      try {
        token = await app.captchaTokens.issue(TOKEN_TTL_S * 1000);
      } catch (err) {
        // the token store (Redis) is away: say so, rather than a 500
        request.log.error({ err }, 'captcha token store unavailable');
        throw new ApiError(503, 'captcha_unavailable', '安全验证暂时不可用，请稍后重试');
      }
      return { repCode: REP_CODE.ok, repMsg: '验证成功', token, expiresIn: TOKEN_TTL_S };
    },
  );

  app.get<{ Querystring: Static<typeof LoginQuery> }>(
    '/api/captcha/login/',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['安全验证'],
        summary: '登录表单的图形验证码（5 分钟内有效，只能校验一次）',
        querystring: LoginQuery,
        response: { 200: LoginAnswer },
      },
    },
    async (request) => {
      if (await overLimit(request, request.query.clientUid)) return LIMITED;
      return { repCode: REP_CODE.ok, repMsg: '成功', ...(await issueLoginCaptcha(app)) };
    },
  );
}

function scopes(ip: string, clientUid: string | undefined): string[] {
  return clientUid ? [`ip:${ip}`, `uid:${clientUid}`] : [`ip:${ip}`];
}

function isOverLimit(counts: Map<string, number>, limits: CaptchaLimits): boolean {
  for (const [scope, n] of counts) {
    if (n > (scope.startsWith('uid:') ? limits.perClient : limits.perIp)) return true;
  }
  return false;
}
