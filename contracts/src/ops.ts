import { Type, type Static } from '@sinclair/typebox';
import { CountryCodeField, MobileField } from './accounts';
import { CaptchaId } from './captcha';
import { defineEndpoints } from './endpoint';
import { STAFF_ROLES } from './enums';
import { messages, StringEnum, Text } from './schema';

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

/** POST /api/dev/staff-role/ (development and test mode only): give the account of a phone a staff role. */
export const DevStaffRoleBody = Type.Object(
  { mobile: MobileField('账号的手机号'), country_code: CountryCodeField, role: StringEnum(STAFF_ROLES, messages('角色应为 admin、reviewer、finance 或 support', '请选择角色')) },
  { additionalProperties: false },
);
export type DevStaffRoleBody = Static<typeof DevStaffRoleBody>;
export const DevStaffRoleAnswer = Type.Object({ uid: Type.Integer(), roles: Type.Array(StringEnum(STAFF_ROLES)) });
export type DevStaffRoleAnswer = Static<typeof DevStaffRoleAnswer>;

/** POST /api/dev/assign-doc/ (development and test mode only): make a user the uploader of a document (there is no upload yet). */
export const DevAssignDocBody = Type.Object(
  {
    docs: Type.Integer({ minimum: 1, ...messages('文档编号无效', '请填写文档编号') }),
    uid: Type.Integer({ minimum: 1, ...messages('用户编号无效', '请填写用户编号') }),
  },
  { additionalProperties: false },
);
export type DevAssignDocBody = Static<typeof DevAssignDocBody>;
export const DevAssignDocAnswer = Type.Object({ docs: Type.Integer(), uploader: Type.Integer(), title: Type.String(), price: Type.Integer() });
export type DevAssignDocAnswer = Static<typeof DevAssignDocAnswer>;

export const opsEndpoints = defineEndpoints({
  'GET /api/health/': { response: { 200: HealthAnswer } },
  'POST /api/report_error/': { body: ErrorReportBody, response: { 201: ErrorReportCreated } },
  'GET /api/dev/captcha-answer/': { querystring: DevCaptchaAnswerQuery, response: { 200: DevCaptchaAnswer } },
  'GET /api/dev/outbox/': { response: { 200: DevOutboxAnswer } },
  'POST /api/dev/staff-role/': { body: DevStaffRoleBody, response: { 200: DevStaffRoleAnswer } },
  'POST /api/dev/assign-doc/': { body: DevAssignDocBody, response: { 200: DevAssignDocAnswer } },
});
