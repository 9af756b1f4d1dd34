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
import { clearMobileChecks } from '../repositories/sessions';
import { setEmail, setPhone } from '../repositories/users';
import { userChanged } from '../sessions';
import type { SelfInfo, UserRow } from '../users';
import { recordAccountEvent, requireRecentProof } from './account-events';
import { required } from './login';
import { unlessTaken } from './unique';
import { changedInfo, checkOwnPassword, ownPhone } from './users';

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

/** POST /api/change-mobile/: a new phone (proven by a REGISTER code) within PROOF_VALID_MS of the owner's proof. */
export async function changeMobile(
  request: FastifyRequest,
  loggedIn: LoggedIn,
  body: { mobile: string; country_code?: string | number; code: string },
): Promise<SelfInfo> {
  const app = request.server;
  const { user } = loggedIn;
  requireRecentProof(request, loggedIn);
  const phone = parsePhone(body.mobile, body.country_code);
  if (phone.countryCode === user.country_code && phone.mobile === user.mobile) {
    throw invalid({ mobile: ['新手机号与当前手机号相同'] }, '新手机号与当前手机号相同');
  }
  await app.codes.verifySms(phone, 'REGISTER', body.code);
  await unlessTaken(setPhone(app.db, user.id, phone, app.now()), taken('mobile_taken', 'mobile', '该手机号已被其他账号使用'));
  await clearMobileChecks(app.db, user.id);
  await recordAccountEvent(request, user, 'change_mobile', 'code');
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
  loggedIn: LoggedIn,
  body: { email?: string; code: string; action?: EmailAction },
): Promise<SelfInfo> {
  const app = request.server;
  const { user } = loggedIn;
  requireRecentProof(request, loggedIn);
  const unbinding = (body.action ?? 'bind') === 'unbind';
  if (unbinding) {
    await app.codes.verifyEmail(boundEmail(user), 'UNBIND_EMAIL', body.code);
    await setEmail(app.db, user.id, null, app.now());
  } else {
    const address = newEmail(body.email);
    await app.codes.verifyEmail(address, 'BIND_EMAIL', body.code);
    await unlessTaken(setEmail(app.db, user.id, address, app.now()), taken('email_taken', 'email', '该邮箱已被其他账号绑定'));
  }
  await recordAccountEvent(request, user, unbinding ? 'unbind_email' : 'bind_email', 'code');
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

/** POST /api/pwd_protection_answer/: the first answers of an account, after a fresh proof. */
export async function setAnswers(request: FastifyRequest, loggedIn: LoggedIn, answers: QuestionAnswer[]): Promise<void> {
  const { user } = loggedIn;
  requireRecentProof(request, loggedIn);
  distinctQuestions(answers, 'answers');
  if (await hasAnswers(request.server.db, user.id)) {
    throw new ApiError(400, 'pwd_protection_exists', '您已设置过密保问题，如需修改请使用修改功能');
  }
  await storeAnswers(request, user, answers);
}

/** PUT /api/pwd_protection_answer/0/: new answers after a fresh proof, every old one proven (wrong tries limited per account). */
export async function updateAnswers(request: FastifyRequest, loggedIn: LoggedIn, oldAnswers: QuestionAnswer[], answers: QuestionAnswer[]): Promise<void> {
  const app = request.server;
  const { user } = loggedIn;
  requireRecentProof(request, loggedIn);
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
  await storeAnswers(request, user, answers);
}

async function storeAnswers(request: FastifyRequest, user: UserRow, answers: QuestionAnswer[]): Promise<void> {
  const app = request.server;
  const userId = user.id;
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
  await recordAccountEvent(request, user, 'set_pwd_protection', 'password');
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
