import type { FastifyRequest } from 'fastify';
import { ApiError, invalid } from '../../../core/http/errors';
import { paginate } from '../../../core/http/pagination';
import type { LoggedIn } from '../guards';
import { hash, verify } from '../passwords';
import { parsePhone } from '../phone';
import {
  countKnownQuestions,
  countQuestions,
  hasAnswers,
  listQuestions,
  replaceAnswers,
  storedAnswers,
} from '../repositories/pwd-protection';
import { clearMobileChecks, setMobileCheckTime } from '../repositories/sessions';
import { setEmail, setPhone } from '../repositories/users';
import { userChanged } from '../sessions';
import type { SelfInfo, UserRow } from '../users';
import { required } from './login';
import { unlessTaken } from './unique';
import { changedInfo, checkOwnPassword, ownPhone } from './users';

/** How long a POST /api/mobile/check/ lets this session change its phone. */
export const MOBILE_CHECK_VALID_MS = 10 * 60_000;
const ANSWER_FAILURE_LIMITS = [{ max: 5, windowMs: 3_600_000 }];

export type EmailAction = 'bind' | 'unbind';
export interface QuestionAnswer {
  question_id: number;
  answer: string;
}

export function userPhone(user: UserRow) {
  const phone = ownPhone(user);
  if (!phone) throw new ApiError(400, 'no_mobile', '您的账号还未绑定手机号');
  return phone;
}

function boundEmail(user: UserRow): string {
  if (user.email === null) throw new ApiError(400, 'no_email', '您还未绑定邮箱');
  return user.email;
}

/** The address of a bind request, lower-cased. */
function newEmail(email: string | undefined): string {
  return required(email, 'email', '请填写邮箱').toLowerCase();
}

/** A 400 `code` on `field` for a value another account has. */
const taken = (code: string, field: string, message: string) => () => new ApiError(400, code, message, { [field]: [message] });

/** POST /api/mobile/check/: the session proves it holds the account's phone (a LOGIN code). */
export async function checkMobile(request: FastifyRequest, { user, session }: LoggedIn, code: string): Promise<{ detail: string; valid_seconds: number }> {
  const app = request.server;
  await app.codes.verifySms(userPhone(user), 'LOGIN', code);
  await setMobileCheckTime(app.db, session.id, app.now());
  await userChanged(app, user.id);
  return { detail: '手机号验证成功', valid_seconds: MOBILE_CHECK_VALID_MS / 1000 };
}

/** POST /api/change-mobile/: a new phone (proven by a REGISTER code) within MOBILE_CHECK_VALID_MS of the check. */
export async function changeMobile(
  request: FastifyRequest,
  { user, session }: LoggedIn,
  body: { mobile: string; country_code?: string | number; code: string },
): Promise<SelfInfo> {
  const app = request.server;
  const checked = session.mobileCheckTime;
  if (!checked || app.now().getTime() - checked.getTime() > MOBILE_CHECK_VALID_MS) {
    throw new ApiError(400, 'mobile_check_required', '请先验证当前绑定的手机号');
  }
  const phone = parsePhone(body.mobile, body.country_code);
  if (phone.countryCode === user.country_code && phone.mobile === user.mobile) {
    throw invalid({ mobile: ['新手机号与当前手机号相同'] }, '新手机号与当前手机号相同');
  }
  await app.codes.verifySms(phone, 'REGISTER', body.code);
  await unlessTaken(setPhone(app.db, user.id, phone, app.now()), taken('mobile_taken', 'mobile', '该手机号已被其他账号使用'));
  await clearMobileChecks(app.db, user.id);
  return changedInfo(app, user.id);
}

/** POST /api/email-verify/: a code to the new address (bind) or the bound one (unbind). */
export async function sendEmailCode(request: FastifyRequest, user: UserRow, email: string | undefined, action: EmailAction): Promise<void> {
  const codes = request.server.codes;
  if (action === 'unbind') return codes.sendEmail(boundEmail(user), 'UNBIND_EMAIL');
  const address = newEmail(email);
  if (address === user.email) throw invalid({ email: ['新邮箱与当前绑定的邮箱相同'] }, '新邮箱与当前绑定的邮箱相同');
  // sent whether or not another account uses the address: the answer tells nothing about it
  return codes.sendEmail(address, 'BIND_EMAIL');
}

/** POST /api/email-change/: the address bound (or unbound) with the mailed code. */
export async function changeEmail(
  request: FastifyRequest,
  user: UserRow,
  body: { email?: string; code: string; action?: EmailAction },
): Promise<SelfInfo> {
  const app = request.server;
  if ((body.action ?? 'bind') === 'unbind') {
    await app.codes.verifyEmail(boundEmail(user), 'UNBIND_EMAIL', body.code);
    await setEmail(app.db, user.id, null, app.now());
  } else {
    const address = newEmail(body.email);
    await app.codes.verifyEmail(address, 'BIND_EMAIL', body.code);
    await unlessTaken(setEmail(app.db, user.id, address, app.now()), taken('email_taken', 'email', '该邮箱已被其他账号绑定'));
  }
  return changedInfo(app, user.id);
}

/** Answers compare case- and width-insensitively, spaces collapsed: '北京 ' and '北京' are the same answer. */
export function normaliseAnswer(answer: string): string {
  return answer.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

function distinctQuestions(answers: QuestionAnswer[], field: string): void {
  if (answers.some((a) => normaliseAnswer(a.answer) === '')) throw invalid({ [field]: ['请填写答案'] }, '请填写答案');
  if (new Set(answers.map((a) => a.question_id)).size !== answers.length) {
    throw invalid({ [field]: ['请选择不同的密保问题'] }, '请选择不同的密保问题');
  }
}

/** GET /api/pwd_protection_question/: the questions, those the person chose marked. */
export function questionPage(request: FastifyRequest) {
  const db = request.server.db;
  const userId = request.user?.id ?? 0;
  return paginate(request, { count: () => countQuestions(db), fetch: (limit, offset) => listQuestions(db, userId, limit, offset) });
}

/** POST /api/pwd_protection_answer/: the first answers of an account. */
export async function setAnswers(request: FastifyRequest, user: UserRow, answers: QuestionAnswer[]): Promise<void> {
  distinctQuestions(answers, 'answers');
  if (await hasAnswers(request.server.db, user.id)) {
    throw new ApiError(400, 'pwd_protection_exists', '您已设置过密保问题，如需修改请使用修改功能');
  }
  await storeAnswers(request, user.id, answers);
}

/** PUT /api/pwd_protection_answer/0/: new answers, every old one proven (wrong tries limited per account). */
export async function updateAnswers(request: FastifyRequest, user: UserRow, oldAnswers: QuestionAnswer[], answers: QuestionAnswer[]): Promise<void> {
  const app = request.server;
  distinctQuestions(answers, 'answers');
  const stored = await storedAnswers(app.db, user.id);
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
  await storeAnswers(request, user.id, answers);
}

async function storeAnswers(request: FastifyRequest, userId: number, answers: QuestionAnswer[]): Promise<void> {
  const app = request.server;
  const ids = answers.map((a) => a.question_id);
  if ((await countKnownQuestions(app.db, ids)) !== answers.length) throw invalid({ answers: ['密保问题不存在'] }, '密保问题不存在');
  const hashes = await Promise.all(answers.map((a) => hash(normaliseAnswer(a.answer))));
  const rows = answers.map((a, i) => ({ questionId: a.question_id, hash: hashes[i] }));
  try {
    const write = app.db.transaction((tx) => replaceAnswers(tx, userId, rows, app.now()));
    await unlessTaken(write, () => new ApiError(409, 'conflict', '操作冲突，请刷新后重试'));
  } finally {
    await userChanged(app, userId);
  }
}

/**
 * A fresh proof that the person is the account's owner, before a sensitive step (a withdrawal): a LOGIN code sent
 * to the account's phone, or the password (sealed like at login, under the per-account limit of wrong tries).
 */
export async function proveOwner(
  request: FastifyRequest,
  user: UserRow,
  proof: { type: 'code' | 'password'; code?: string; password?: string },
): Promise<void> {
  if (proof.type === 'code') {
    if (!proof.code) throw invalid({ proof: ['请填写短信验证码'] }, '请填写短信验证码');
    await request.server.codes.verifySms(userPhone(user), 'LOGIN', proof.code);
    return;
  }
  if (!proof.password) throw invalid({ proof: ['请输入登录密码'] }, '请输入登录密码');
  await checkOwnPassword(request, user, proof.password, 'proof', { tooMany: '密码错误次数过多，请稍后再试', wrong: '密码错误' });
}
