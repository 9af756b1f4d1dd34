import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { CodeField, CodeSent, Done } from '../fields';
import { requireActiveUser } from '../guards';
import { userChanged } from '../sessions';
import { hash, verify } from '../passwords';
import { CountryCodeField, MobileField, parsePhone, type Phone } from '../phone';
import { findUserById, selfInfo, SelfUserInfo, type UserRow } from '../users';
import { CODE_RULES } from '../verification-codes';
import { isUniqueViolation } from '../../../core/db/errors';
import { ApiError, invalid } from '../../../core/http/errors';
import { PageQuery, PageSchema, paginate } from '../../../core/http/pagination';
import { messages, StringEnum, Text } from '../../../core/http/validation';

/** How long a POST /api/mobile/check/ lets this session change its phone. */
export const MOBILE_CHECK_VALID_MS = 10 * 60_000;
const ANSWER_FAILURE_LIMITS = [{ max: 5, windowMs: 3_600_000 }];
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

function userPhone(user: UserRow): Phone {
  if (user.mobile === null || user.country_code === null) {
    throw new ApiError(400, 'no_mobile', '您的账号还未绑定手机号');
  }
  return { countryCode: user.country_code, mobile: user.mobile };
}

/** Answers compare case- and width-insensitively, spaces collapsed: '北京 ' and '北京' are the same answer. */
export function normaliseAnswer(answer: string): string {
  return answer.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

function distinctQuestions(answers: { question_id: number; answer: string }[], field: string): void {
  if (answers.some((a) => normaliseAnswer(a.answer) === '')) throw invalid({ [field]: ['请填写答案'] }, '请填写答案');
  if (new Set(answers.map((a) => a.question_id)).size !== answers.length) {
    throw invalid({ [field]: ['请选择不同的密保问题'] }, '请选择不同的密保问题');
  }
}

async function me(app: FastifyInstance, id: number): Promise<UserRow> {
  const user = await findUserById(app.db, id);
  if (!user) throw new ApiError(404, 'user_not_found', '用户不存在');
  return user;
}

/**
 * Phone change (POST /api/mobile/check/ proves the current phone, then POST /api/change-mobile/ binds a new one
 * proven by a REGISTER code), e-mail bind / change / unbind by mailed codes, and security questions.
 */
export async function accountSecurityRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: Static<typeof CheckBody> }>(
    '/api/mobile/check/',
    {
      config: { rateLimit: 'account' },
      schema: {
        tags: ['账号安全'],
        body: CheckBody,
        response: { 200: Type.Object({ detail: Type.String(), valid_seconds: Type.Integer() }) },
      },
    },
    async (request) => {
      const { user, session } = requireActiveUser(request);
      await app.codes.verifySms(userPhone(user), 'LOGIN', request.body.code);
      await app.db.query('UPDATE sessions SET mobile_check_time = $2 WHERE id = $1', [session.id, app.now()]);
      await userChanged(app, user.id);
      return { detail: '手机号验证成功', valid_seconds: MOBILE_CHECK_VALID_MS / 1000 };
    },
  );

  app.post<{ Body: Static<typeof ChangeMobileBody> }>(
    '/api/change-mobile/',
    { config: { rateLimit: 'account' }, schema: { tags: ['账号安全'], body: ChangeMobileBody, response: { 200: SelfUserInfo } } },
    async (request) => {
      const { user, session } = requireActiveUser(request);
      const checked = session.mobileCheckTime;
      if (!checked || app.now().getTime() - checked.getTime() > MOBILE_CHECK_VALID_MS) {
        throw new ApiError(400, 'mobile_check_required', '请先验证当前绑定的手机号');
      }
      const phone = parsePhone(request.body.mobile, request.body.country_code);
      if (phone.countryCode === user.country_code && phone.mobile === user.mobile) {
        throw invalid({ mobile: ['新手机号与当前手机号相同'] }, '新手机号与当前手机号相同');
      }
      await app.codes.verifySms(phone, 'REGISTER', request.body.code);
      try {
        await app.db.query('UPDATE users SET country_code = $2, mobile = $3, update_time = $4 WHERE id = $1', [
          user.id,
          phone.countryCode,
          phone.mobile,
          app.now(),
        ]);
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        throw new ApiError(400, 'mobile_taken', '该手机号已被其他账号使用', { mobile: ['该手机号已被其他账号使用'] });
      }
      await app.db.query('UPDATE sessions SET mobile_check_time = NULL WHERE user_id = $1', [user.id]);
      await userChanged(app, user.id);
      return selfInfo(await me(app, user.id));
    },
  );

  app.post<{ Body: Static<typeof EmailVerifyBody> }>(
    '/api/email-verify/',
    { config: { rateLimit: 'mail' }, schema: { tags: ['账号安全'], body: EmailVerifyBody, response: { 200: CodeSent } } },
    async (request) => {
      const { user } = requireActiveUser(request);
      const { email, action = 'bind' } = request.body;
      if (action === 'unbind') {
        if (user.email === null) throw new ApiError(400, 'no_email', '您还未绑定邮箱');
        await app.codes.sendEmail(user.email, 'UNBIND_EMAIL');
      } else {
        if (email === undefined) throw invalid({ email: ['请填写邮箱'] }, '请填写邮箱');
        const address = email.toLowerCase();
        if (address === user.email) throw invalid({ email: ['新邮箱与当前绑定的邮箱相同'] }, '新邮箱与当前绑定的邮箱相同');
        // sent whether or not another account uses the address: the answer tells nothing about it
        await app.codes.sendEmail(address, 'BIND_EMAIL');
      }
      return { detail: '验证码已发送至邮箱', resend_after: CODE_RULES.resendMs / 1000, expire_in: CODE_RULES.ttlMs / 1000 };
    },
  );

  app.post<{ Body: Static<typeof EmailChangeBody> }>(
    '/api/email-change/',
    { config: { rateLimit: 'account' }, schema: { tags: ['账号安全'], body: EmailChangeBody, response: { 200: SelfUserInfo } } },
    async (request) => {
      const { user } = requireActiveUser(request);
      const { email, code, action = 'bind' } = request.body;
      if (action === 'unbind') {
        if (user.email === null) throw new ApiError(400, 'no_email', '您还未绑定邮箱');
        await app.codes.verifyEmail(user.email, 'UNBIND_EMAIL', code);
        await app.db.query('UPDATE users SET email = NULL, update_time = $2 WHERE id = $1', [user.id, app.now()]);
      } else {
        if (email === undefined) throw invalid({ email: ['请填写邮箱'] }, '请填写邮箱');
        const address = email.toLowerCase();
        await app.codes.verifyEmail(address, 'BIND_EMAIL', code);
        try {
          await app.db.query('UPDATE users SET email = $2, update_time = $3 WHERE id = $1', [user.id, address, app.now()]);
        } catch (err) {
          if (!isUniqueViolation(err)) throw err;
          throw new ApiError(400, 'email_taken', '该邮箱已被其他账号绑定', { email: ['该邮箱已被其他账号绑定'] });
        }
      }
      await userChanged(app, user.id);
      return selfInfo(await me(app, user.id));
    },
  );

  app.get<{ Querystring: Static<typeof QuestionQuery> }>(
    '/api/pwd_protection_question/',
    {
      config: { rateLimit: 'read' },
      schema: { tags: ['账号安全'], querystring: QuestionQuery, response: { 200: PageSchema(Question) } },
    },
    async (request) => {
      const userId = request.user?.id ?? 0;
      return paginate(request, {
        count: async () => (await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM pwd_protection_questions'))[0].n,
        fetch: (limit, offset) =>
          app.db.query<Static<typeof Question>>(
            `SELECT q.id, q.question, (a.user_id IS NOT NULL) AS selected
               FROM pwd_protection_questions q
               LEFT JOIN pwd_protection_answers a ON a.question_id = q.id AND a.user_id = $1
              ORDER BY q.sequence, q.id LIMIT $2 OFFSET $3`,
            [userId, limit, offset],
          ),
      });
    },
  );

  app.post<{ Body: Static<typeof SetAnswersBody> }>(
    '/api/pwd_protection_answer/',
    { config: { rateLimit: 'account' }, schema: { tags: ['账号安全'], body: SetAnswersBody, response: { 201: Done } } },
    async (request, reply) => {
      const { user } = requireActiveUser(request);
      const { answers } = request.body;
      distinctQuestions(answers, 'answers');
      const existing = await app.db.query('SELECT 1 FROM pwd_protection_answers WHERE user_id = $1 LIMIT 1', [user.id]);
      if (existing.length) {
        throw new ApiError(400, 'pwd_protection_exists', '您已设置过密保问题，如需修改请使用修改功能');
      }
      await storeAnswers(app, user.id, answers);
      return reply.code(201).send({ detail: '密保问题设置成功' });
    },
  );

  app.put<{ Body: Static<typeof UpdateAnswersBody> }>(
    '/api/pwd_protection_answer/0/',
    { config: { rateLimit: 'account' }, schema: { tags: ['账号安全'], body: UpdateAnswersBody, response: { 200: Done } } },
    async (request) => {
      const { user } = requireActiveUser(request);
      const { old_answers: oldAnswers, answers } = request.body;
      distinctQuestions(answers, 'answers');
      const stored = await app.db.query<{ question_id: number; answer_hash: string }>(
        'SELECT question_id, answer_hash FROM pwd_protection_answers WHERE user_id = $1',
        [user.id],
      );
      if (!stored.length) throw new ApiError(400, 'pwd_protection_missing', '您还未设置密保问题');
      const key = `pwdq-fail:${user.id}`;
      await app.rateLimiter.check(request, key, ANSWER_FAILURE_LIMITS, '密保答案错误次数过多，请完成安全验证后重试');
      const given = new Map(oldAnswers.map((a) => [a.question_id, normaliseAnswer(a.answer)]));
      let allRight = stored.length === given.size;
      for (const row of stored) {
        const answer = given.get(row.question_id);
        // every stored answer is verified, right or wrong, so the time says nothing about which one failed
        const ok = answer !== undefined && (await verify(row.answer_hash, answer));
        allRight &&= ok;
      }
      if (!allRight) {
        await app.rateLimiter.count(key, ANSWER_FAILURE_LIMITS);
        throw invalid({ old_answers: ['原密保答案不正确'] }, '原密保答案不正确');
      }
      await storeAnswers(app, user.id, answers);
      return { detail: '密保问题修改成功' };
    },
  );
}

async function storeAnswers(app: FastifyInstance, userId: number, answers: { question_id: number; answer: string }[]) {
  const known = await app.db.query<{ id: number }>('SELECT id FROM pwd_protection_questions WHERE id = ANY($1::int[])', [
    answers.map((a) => a.question_id),
  ]);
  if (known.length !== answers.length) throw invalid({ answers: ['密保问题不存在'] }, '密保问题不存在');
  const hashes = await Promise.all(answers.map((a) => hash(normaliseAnswer(a.answer))));
  const now = app.now();
  try {
    await app.db.transaction(async (tx) => {
      await tx.query('DELETE FROM pwd_protection_answers WHERE user_id = $1', [userId]);
      for (const [i, a] of answers.entries()) {
        await tx.query(
          `INSERT INTO pwd_protection_answers (user_id, position, question_id, answer_hash, update_time)
           VALUES ($1, $2, $3, $4, $5)`,
          [userId, i + 1, a.question_id, hashes[i], now],
        );
      }
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    throw new ApiError(409, 'conflict', '操作冲突，请刷新后重试');
  } finally {
    await userChanged(app, userId);
  }
}
