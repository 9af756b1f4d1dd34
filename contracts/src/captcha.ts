import { Type, type Static } from '@sinclair/typebox';
import { defineEndpoints } from './endpoint';
import { CAPTCHA_TYPES } from './enums';
import { StringEnum } from './schema';

/** The security check (SPEC §3 "Captcha", §7): POST /api/captcha/, POST /api/captcha/check/, GET /api/captcha/login/. */

export const CaptchaClientUid = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_.:-]+$',
  description: '客户端标识（本地存储）',
});

/** A challenge's id (captchaId, captcha_key): 22 base64url characters; the schemas accept a little more, nothing else. */
export const CaptchaId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

export const CaptchaIssueBody = Type.Object(
  {
    captchaType: Type.Optional(StringEnum(CAPTCHA_TYPES, { description: '验证码类型；不传时由服务器选择' })),
    clientUid: Type.Optional(CaptchaClientUid),
    ts: Type.Optional(
      Type.Union([Type.Integer({ minimum: 0 }), Type.String({ pattern: '^[0-9]{1,16}$' })], { description: '客户端时间戳（毫秒）' }),
    ),
  },
  { additionalProperties: false },
);
export type CaptchaIssueBody = Static<typeof CaptchaIssueBody>;

/**
 * The same object, or no body at all (SPEC §7: "a variant without a body"; Fastify validates a missing body as
 * null). `nullable` rather than a type list: Ajv knows it, and it is how OpenAPI 3.0 says it.
 */
export const CaptchaOptionalIssueBody = Type.Unsafe<CaptchaIssueBody | null | undefined>({ ...CaptchaIssueBody, nullable: true });

/** The public fields of a challenge (`data` of the answer to POST /api/captcha/); images are plain base64 PNG. */
export const ChallengeData = Type.Object({
  originalImageBase64: Type.Optional(Type.String()),
  jigsawImageBase64: Type.Optional(Type.String()),
  image_base64: Type.Optional(Type.String()),
  thumb_base64: Type.Optional(Type.String()),
  /** Size of the main image, the reference frame of the answer's coordinates. */
  width: Type.Integer(),
  height: Type.Integer(),
  /** drag: where the tile starts (top-left corner) and its size. */
  tile_x: Type.Optional(Type.Integer()),
  tile_y: Type.Optional(Type.Integer()),
  tile_width: Type.Optional(Type.Integer()),
  tile_height: Type.Optional(Type.Integer()),
  /** click: how many characters to click. */
  count: Type.Optional(Type.Integer()),
});
export type ChallengeData = Static<typeof ChallengeData>;

/** A challenge, or repCode 6201 (too many images) with a message and nothing else. */
export const CaptchaIssueAnswer = Type.Object({
  repCode: Type.String({ description: "'0000' 成功；'6201' 请求过于频繁（没有图片）" }),
  repMsg: Type.String(),
  captchaId: Type.Optional(Type.String()),
  captchaType: Type.Optional(StringEnum(CAPTCHA_TYPES)),
  expiresIn: Type.Optional(Type.Integer({ description: '有效期（秒）' })),
  data: Type.Optional(ChallengeData),
});
export type CaptchaIssueAnswer = Static<typeof CaptchaIssueAnswer>;

export const CaptchaCheckBody = Type.Object(
  {
    captchaType: StringEnum(CAPTCHA_TYPES),
    verify_value: Type.Union(
      [
        Type.String({ minLength: 1, maxLength: 400 }),
        Type.Object({ x: Type.Number(), y: Type.Number() }, { additionalProperties: false }),
      ],
      { description: '滑块 "x,5"；点选 "x1,y1,x2,y2,x3,y3"；拖动 "x,y"；旋转 "角度"' },
    ),
    id: CaptchaId,
  },
  { additionalProperties: false },
);
export type CaptchaCheckBody = Static<typeof CaptchaCheckBody>;

export const CaptchaCheckAnswer = Type.Object({
  repCode: Type.String(),
  repMsg: Type.String(),
  token: Type.String({ description: '一次性凭证：放在请求头 X-Captcha-Token 中重试被限流的请求' }),
  expiresIn: Type.Integer(),
});
export type CaptchaCheckAnswer = Static<typeof CaptchaCheckAnswer>;

export const LoginCaptchaQuery = Type.Object({ clientUid: Type.Optional(CaptchaClientUid) });
export type LoginCaptchaQuery = Static<typeof LoginCaptchaQuery>;

export const LoginCaptchaAnswer = Type.Object({
  repCode: Type.String(),
  repMsg: Type.String(),
  captcha_key: Type.Optional(Type.String()),
  captcha_image: Type.Optional(Type.String({ description: 'base64 PNG（不带 data: 前缀）' })),
  expiresIn: Type.Optional(Type.Integer()),
});
export type LoginCaptchaAnswer = Static<typeof LoginCaptchaAnswer>;

export const captchaEndpoints = defineEndpoints({
  'POST /api/captcha/': { body: CaptchaOptionalIssueBody, response: { 200: CaptchaIssueAnswer } },
  'POST /api/captcha/check/': { body: CaptchaCheckBody, response: { 200: CaptchaCheckAnswer } },
  'GET /api/captcha/login/': { querystring: LoginCaptchaQuery, response: { 200: LoginCaptchaAnswer } },
});
