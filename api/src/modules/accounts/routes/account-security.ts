import type { FastifyInstance } from 'fastify';
import {
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
import {
  changeEmail,
  changeMobile,
  checkMobile,
  questionPage,
  sendEmailCode,
  setAnswers,
  updateAnswers,
} from '../services/account-security';
import { codeSent } from '../verification-codes';

/**
 * Phone change (POST /api/mobile/check/ proves the current phone, then POST /api/change-mobile/ binds a new one
 * proven by a REGISTER code), e-mail bind / change / unbind by mailed codes, and security questions.
 */
export async function accountSecurityRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['账号安全'];
  app.post<{ Body: MobileCheckBody }>(
    '/api/mobile/check/',
    {
      config: { rateLimit: 'account' },
      schema: { tags, body: MobileCheckBody, response: { 200: MobileCheckAnswer } },
    },
    async (request) => checkMobile(request, requireActiveUser(request), request.body.code),
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
    async (request) => changeEmail(request, requireActiveUser(request).user, request.body),
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
      await setAnswers(request, requireActiveUser(request).user, request.body.answers);
      return reply.code(201).send({ detail: '密保问题设置成功' });
    },
  );

  app.put<{ Body: PwdAnswersUpdateBody }>(
    '/api/pwd_protection_answer/0/',
    { config: { rateLimit: 'account' }, schema: { tags, body: PwdAnswersUpdateBody, response: { 200: Done } } },
    async (request) => {
      await updateAnswers(request, requireActiveUser(request).user, request.body.old_answers, request.body.answers);
      return { detail: '密保问题修改成功' };
    },
  );
}
