import type { FastifyInstance } from 'fastify';
import {
  AccountProofAnswer,
  AccountProofBody,
  ChangeMobileBody,
  CodeSent,
  Done,
  EmailChangeBody,
  EmailVerifyBody,
  MobileCheckAnswer,
  MobileCheckBody,
  PageSchema,
  PwdAnswersBody,
  PwdAnswersUpdateBody,
  PwdQuestion,
  PwdQuestionQuery,
  SelfUserInfo,
} from 'contracts';
import { requireActiveUser } from '../guards';
import { proveSession } from '../services/account-events';
import {
  changeEmail,
  changeMobile,
  questionPage,
  sendEmailCode,
  setAnswers,
  updateAnswers,
} from '../services/account-security';
import { codeSent } from '../verification-codes';

/**
 * A fresh proof of the owner (POST /api/account-proof/, or its older name POST /api/mobile/check/: a LOGIN code or
 * the password), then within 10 minutes: a new phone proven by a REGISTER code (POST /api/change-mobile/), e-mail
 * bind / change / unbind by mailed codes, security questions.
 */
export async function accountSecurityRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['账号安全'];
  app.post<{ Body: MobileCheckBody }>(
    '/api/mobile/check/',
    {
      config: { rateLimit: 'account' },
      schema: { tags, body: MobileCheckBody, response: { 200: MobileCheckAnswer } },
    },
    async (request) => proveSession(request, requireActiveUser(request), request.body),
  );

  app.post<{ Body: AccountProofBody }>(
    '/api/account-proof/',
    {
      config: { rateLimit: 'account' },
      schema: {
        tags,
        summary: '验证身份（短信验证码或登录密码），之后 10 分钟内可修改账号安全设置',
        body: AccountProofBody,
        response: { 200: AccountProofAnswer },
      },
    },
    async (request) => proveSession(request, requireActiveUser(request), request.body),
  );

  app.post<{ Body: ChangeMobileBody }>(
    '/api/change-mobile/',
    { config: { rateLimit: 'account' }, schema: { tags, body: ChangeMobileBody, response: { 200: SelfUserInfo } } },
    async (request) => changeMobile(request, requireActiveUser(request), request.body),
  );

  app.post<{ Body: EmailVerifyBody }>(
    '/api/email-verify/',
    { config: { rateLimit: 'mail' }, schema: { tags, body: EmailVerifyBody, response: { 200: CodeSent } } },
    async (request) => {
      await sendEmailCode(request, requireActiveUser(request).user, request.body.email, request.body.action ?? 'bind');
      return codeSent('验证码已发送至邮箱');
    },
  );

  app.post<{ Body: EmailChangeBody }>(
    '/api/email-change/',
    { config: { rateLimit: 'account' }, schema: { tags, body: EmailChangeBody, response: { 200: SelfUserInfo } } },
    async (request) => changeEmail(request, requireActiveUser(request), request.body),
  );

  app.get<{ Querystring: PwdQuestionQuery }>(
    '/api/pwd_protection_question/',
    { config: { rateLimit: 'read' }, schema: { tags, querystring: PwdQuestionQuery, response: { 200: PageSchema(PwdQuestion) } } },
    async (request) => questionPage(request),
  );

  app.post<{ Body: PwdAnswersBody }>(
    '/api/pwd_protection_answer/',
    { config: { rateLimit: 'account' }, schema: { tags, body: PwdAnswersBody, response: { 201: Done } } },
    async (request, reply) => {
      await setAnswers(request, requireActiveUser(request), request.body.answers);
      return reply.code(201).send({ detail: '密保问题设置成功' });
    },
  );

  app.put<{ Body: PwdAnswersUpdateBody }>(
    '/api/pwd_protection_answer/0/',
    { config: { rateLimit: 'account' }, schema: { tags, body: PwdAnswersUpdateBody, response: { 200: Done } } },
    async (request) => {
      await updateAnswers(request, requireActiveUser(request), request.body.old_answers, request.body.answers);
      return { detail: '密保问题修改成功' };
    },
  );
}
