import { Type, type Static } from '@sinclair/typebox';
import { CaptchaId } from './captcha';
import { defineEndpoints } from './endpoint';
import { messages, Text } from './schema';

/** Running the site: health, client error reports and the development-only routes. */

export const HealthAnswer = Type.Object({
  status: Type.Literal('ok'),
  db: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
  version: Type.String(),
  migrations: Type.Integer(),
});
export type HealthAnswer = Static<typeof HealthAnswer>;

/** An uncaught front-end error (POST /api/report_error/). */
export const ErrorReportBody = Type.Object(
  {
    message: Text({ minLength: 1, maxLength: 2000, description: '错误信息' }),
    stack: Type.Optional(Text({ maxLength: 20000, description: '调用栈' })),
    type: Type.Optional(Text({ maxLength: 50, description: '错误类型，如 TypeError、unhandledrejection' })),
    route: Type.Optional(Text({ maxLength: 2000, description: '出错时的页面路径' })),
  },
  { additionalProperties: false },
);
export type ErrorReportBody = Static<typeof ErrorReportBody>;

export const ErrorReportCreated = Type.Object({ id: Type.Integer() });
export type ErrorReportCreated = Static<typeof ErrorReportCreated>;

/** GET /api/dev/captcha-answer/ (development and test mode only). */
export const DevCaptchaAnswerQuery = Type.Object({
  id: Type.String({ ...CaptchaId, description: '验证码 id（captchaId）', ...messages('验证码 id 不正确', '缺少验证码 id') }),
});
export type DevCaptchaAnswerQuery = Static<typeof DevCaptchaAnswerQuery>;

export const DevCaptchaAnswer = Type.Object({
  kind: Type.String({ description: 'slide / click / drag / rotate / login' }),
  answer: Type.Unknown({ description: '服务器保存的正确答案：slide {x}，click {points:[{x,y,r}]}，drag {x,y}，rotate {angle}' }),
});
export type DevCaptchaAnswer = Static<typeof DevCaptchaAnswer>;

/** A message the SMS or e-mail simulator delivered (GET /api/dev/outbox/, development and test mode only). */
export const DevOutboxMessage = Type.Object({
  id: Type.Integer(),
  channel: Type.String(),
  recipient: Type.String(),
  subject: Type.String(),
  body: Type.String(),
  code: Type.Union([Type.String(), Type.Null()]),
  create_time: Type.String({ format: 'date-time' }),
});
export type DevOutboxMessage = Static<typeof DevOutboxMessage>;

export const DevOutboxAnswer = Type.Object({ results: Type.Array(DevOutboxMessage) });
export type DevOutboxAnswer = Static<typeof DevOutboxAnswer>;

export const opsEndpoints = defineEndpoints({
  'GET /api/health/': { response: { 200: HealthAnswer } },
  'POST /api/report_error/': { body: ErrorReportBody, response: { 201: ErrorReportCreated } },
  'GET /api/dev/captcha-answer/': { querystring: DevCaptchaAnswerQuery, response: { 200: DevCaptchaAnswer } },
  'GET /api/dev/outbox/': { response: { 200: DevOutboxAnswer } },
});
