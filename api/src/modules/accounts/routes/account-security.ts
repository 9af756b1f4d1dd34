import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { CodeField, CodeSent, Done } from '../fields';
import { requireActiveUser } from '../guards';
import { CountryCodeField, MobileField } from '../phone';
import {
  changeEmail,
  changeMobile,
  checkMobile,
  questionPage,
  sendEmailCode,
  setAnswers,
  updateAnswers,
} from '../services/account-security';
import { SelfUserInfo } from '../users';
import { codeSent } from '../verification-codes';
import { PageQuery, PageSchema } from '../../../core/http/pagination';
import { messages, StringEnum, Text } from '../../../core/http/validation';

const QUESTIONS_PER_USER = 3;

const CheckBody = Type.Object({ code: CodeField }, { additionalProperties: false });
const ChangeMobileBody = Type.Object(
  { mobile: MobileField('新手机号'), country_code: CountryCodeField, code: CodeField },
  { additionalProperties: false },
);
const EmailField = Type.String({
  format: 'email',
  maxLength: 254,
  description: '邮箱地址',
  ...messages('邮箱格式不正确', '请填写邮箱'),
});
const EmailAction = StringEnum(['bind', 'unbind'] as const, {
  description: 'bind：绑定或更换为 email；unbind：解绑当前邮箱',
  default: 'bind',
  ...messages('操作类型不正确'),
});
const EmailVerifyBody = Type.Object(
  { email: Type.Optional(EmailField), action: Type.Optional(EmailAction) },
  { additionalProperties: false },
);
const EmailChangeBody = Type.Object(
  { email: Type.Optional(EmailField), code: CodeField, action: Type.Optional(EmailAction) },
  { additionalProperties: false },
);

const Answer = Type.Object(
  {
    question_id: Type.Integer({ minimum: 1, maximum: 1_000_000, ...messages('密保问题不正确', '请选择密保问题') }),
    answer: Text({ minLength: 1, maxLength: 64, ...messages('答案应为1到64个字符', '请填写答案') }),
  },
  { additionalProperties: false },
);
const Answers = Type.Array(Answer, {
  minItems: QUESTIONS_PER_USER,
  maxItems: QUESTIONS_PER_USER,
  description: `${QUESTIONS_PER_USER} 个不同问题的答案`,
  ...messages(`请设置${QUESTIONS_PER_USER}个密保问题`, '请填写密保答案'),
});
const QuestionQuery = Type.Object({ ...PageQuery });
const SetAnswersBody = Type.Object({ answers: Answers }, { additionalProperties: false });
const UpdateAnswersBody = Type.Object({ old_answers: Answers, answers: Answers }, { additionalProperties: false });
const Question = Type.Object({
  id: Type.Integer(),
  question: Type.String(),
  selected: Type.Boolean({ description: '当前用户已选用该问题' }),
});

/**
 * Phone change (POST /api/mobile/check/ proves the current phone, then POST /api/change-mobile/ binds a new one
 * proven by a REGISTER code), e-mail bind / change / unbind by mailed codes, and security questions.
 */
export async function accountSecurityRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['账号安全'];
  app.post<{ Body: Static<typeof CheckBody> }>(
    '/api/mobile/check/',
    {
      config: { rateLimit: 'account' },
      schema: { tags, body: CheckBody, response: { 200: Type.Object({ detail: Type.String(), valid_seconds: Type.Integer() }) } },
    },
    async (request) => checkMobile(request, requireActiveUser(request), request.body.code),
  );

  app.post<{ Body: Static<typeof ChangeMobileBody> }>(
    '/api/change-mobile/',
    { config: { rateLimit: 'account' }, schema: { tags, body: ChangeMobileBody, response: { 200: SelfUserInfo } } },
    async (request) => changeMobile(request, requireActiveUser(request), request.body),
  );

  app.post<{ Body: Static<typeof EmailVerifyBody> }>(
    '/api/email-verify/',
    { config: { rateLimit: 'mail' }, schema: { tags, body: EmailVerifyBody, response: { 200: CodeSent } } },
    async (request) => {
      await sendEmailCode(request, requireActiveUser(request).user, request.body.email, request.body.action ?? 'bind');
      return codeSent('验证码已发送至邮箱');
    },
  );

  app.post<{ Body: Static<typeof EmailChangeBody> }>(
    '/api/email-change/',
    { config: { rateLimit: 'account' }, schema: { tags, body: EmailChangeBody, response: { 200: SelfUserInfo } } },
    async (request) => changeEmail(request, requireActiveUser(request).user, request.body),
  );

  app.get<{ Querystring: Static<typeof QuestionQuery> }>(
    '/api/pwd_protection_question/',
    { config: { rateLimit: 'read' }, schema: { tags, querystring: QuestionQuery, response: { 200: PageSchema(Question) } } },
    async (request) => questionPage(request),
  );

  app.post<{ Body: Static<typeof SetAnswersBody> }>(
    '/api/pwd_protection_answer/',
    { config: { rateLimit: 'account' }, schema: { tags, body: SetAnswersBody, response: { 201: Done } } },
    async (request, reply) => {
      await setAnswers(request, requireActiveUser(request).user, request.body.answers);
      return reply.code(201).send({ detail: '密保问题设置成功' });
    },
  );

  app.put<{ Body: Static<typeof UpdateAnswersBody> }>(
    '/api/pwd_protection_answer/0/',
    { config: { rateLimit: 'account' }, schema: { tags, body: UpdateAnswersBody, response: { 200: Done } } },
    async (request) => {
      await updateAnswers(request, requireActiveUser(request).user, request.body.old_answers, request.body.answers);
      return { detail: '密保问题修改成功' };
    },
  );
}
