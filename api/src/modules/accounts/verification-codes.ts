import type { SmsReason } from 'contracts';
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../core/db';
import { ApiError, invalid, throttled } from '../../core/http/errors';
import type { MailSender } from '../../infra/providers/mail';
import type { SmsSender } from '../../infra/providers/sms';
import { loadServerSecret } from '../../infra/security/server-secrets';
import { phoneKey, type Phone } from './phone';
import {
  consumeCode,
  countAttempt,
  deleteCodesCreatedBefore,
  lockTarget,
  replaceCode,
  sends,
  type Send,
} from './repositories/verification-codes';

/** SPEC §3 "Verify-code request" reasons. */
export { SMS_REASONS, type SmsReason } from 'contracts';
/** E-mail codes: bind (or change to) an address, or unbind the current one. */
export const EMAIL_REASONS = ['BIND_EMAIL', 'UNBIND_EMAIL'] as const;
export type EmailReason = (typeof EMAIL_REASONS)[number];

/** DESIGN.md "Security baseline": 6 digits, 5 minutes, 5 wrong tries, resend after 60 s, 5 an hour, 10 a day. */
export const CODE_RULES = {
  digits: 6,
  ttlMs: 5 * 60_000,
  maxAttempts: 5,
  resendMs: 60_000,
  perHour: 5,
  perDay: 10,
} as const;

/** The answer to a code being sent (CodeSent): when it may be asked again and how long it lives. */
export function codeSent(detail: string): { detail: string; resend_after: number; expire_in: number } {
  return { detail, resend_after: CODE_RULES.resendMs / 1000, expire_in: CODE_RULES.ttlMs / 1000 };
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export const CODE_FORMAT_MESSAGE = '验证码格式不正确';
export const CODE_WRONG_MESSAGE = '验证码错误或已过期';

/** The per-target caps' texts, by channel: the hour's and the day's. */
export const QUOTA_MESSAGES = {
  sms: { hour: '该手机号获取验证码次数过多，请一小时后再试', day: '该手机号今日获取验证码次数已达上限，请明天再试' },
  email: { hour: '该邮箱获取验证码次数过多，请一小时后再试', day: '该邮箱今日获取验证码次数已达上限，请明天再试' },
} as const;

/**
 * A per-phone (or per-mailbox) cap: 400, not 429. A 429 makes the browser open the security check, and
 * no solved captcha lifts these caps, so the user would go round in circles. `retry_after` (and the header)
 * still say when a code may be asked again.
 */
function phoneCap(seconds: number, code: string, message: string, period?: 'hour' | 'day'): ApiError {
  const wait = Math.max(1, Math.ceil(seconds));
  const error = new ApiError(400, code, message, undefined, { retry_after: wait, ...(period ? { period } : {}) });
  error.retryAfter = wait;
  return error;
}

export type Channel = 'sms' | 'email';

/**
 * Who asks for an SMS code: the phone's proven owner (a logged-in session of the account that has the phone) or
 * anybody else. The caps count the two apart, so that strangers cannot use up the owner's sends; anybody else
 * needs a solved captcha for every code to a phone that was sent one in the last hour (docs/api.md, Codes).
 */
export interface SmsRequester {
  owner: boolean;
  /**
   * A code the phone received in the last hour (expired or used alike), sent by a logged-out owner: when right, the
   * send counts as the owner's. Every proof costs a solved captcha, so guessing costs one a try.
   */
  proof?: string;
  /** Spends the request's solved-captcha token (X-Captcha-Token); true when it had an unspent one. */
  spendCaptcha: () => Promise<boolean>;
}

/** The 429 of a send that needs a solved captcha: the browser's security check opens and retries with its token. */
export const SMS_CAPTCHA_MESSAGE = '该手机号近期已获取过验证码，请完成安全验证后重试';

export interface VerificationCodes {
  /**
   * Sends a new code to the phone; the previous unused code for the same reason stops working. Without a
   * requester (a flow of the server's own) every send is counted alike and no captcha is asked.
   */
  sendSms(phone: Phone, reason: SmsReason, requester?: SmsRequester): Promise<void>;
  sendEmail(email: string, reason: EmailReason): Promise<void>;
  /** True once for the right, live code of (target, reason); each wrong try counts, the 5th kills the code. */
  check(channel: Channel, target: string, reason: string, code: string): Promise<boolean>;
  /** check() or a 400 on `field` ('验证码错误或已过期'). */
  verifySms(phone: Phone, reason: SmsReason, code: string, field?: string): Promise<void>;
  verifyEmail(email: string, reason: EmailReason, code: string, field?: string): Promise<void>;
}

export interface CodeDeps {
  db: Db;
  now: () => Date;
  sms: SmsSender;
  mail: MailSender;
  log: FastifyBaseLogger;
}

/** The caps of SPEC/DESIGN for one more send to a target that was sent codes at `sent` (ms, newest first). */
function checkCaps(channel: Channel, sent: number[], t: number): void {
  if (sent.length && t - sent[0] < CODE_RULES.resendMs) {
    const wait = Math.ceil((sent[0] + CODE_RULES.resendMs - t) / 1000);
    throw phoneCap(wait, 'code_too_frequent', `验证码发送过于频繁，请在${wait}秒后重试`);
  }
  const lastHour = sent.filter((at) => at > t - HOUR);
  if (lastHour.length >= CODE_RULES.perHour) {
    const wait = (lastHour[CODE_RULES.perHour - 1] + HOUR - t) / 1000;
    throw phoneCap(wait, 'sms_quota_exceeded', QUOTA_MESSAGES[channel].hour, 'hour');
  }
  if (sent.length >= CODE_RULES.perDay) {
    const wait = (sent[CODE_RULES.perDay - 1] + DAY - t) / 1000;
    throw phoneCap(wait, 'sms_quota_exceeded', QUOTA_MESSAGES[channel].day, 'day');
  }
}

/**
 * Anybody but the owner needs a solved captcha once the phone was sent a code (by anyone) in the last hour: 429,
 * which the browser's security check lifts by retrying with X-Captcha-Token (spent here), as for the rate limits.
 */
async function requireCaptchaAfterFirst(sent: Send[], t: number, requester: SmsRequester): Promise<void> {
  const lastHour = sent.filter((s) => s.at > t - HOUR);
  if (lastHour.length === 0 || (await requester.spendCaptcha())) return;
  // until the oldest of the hour's sends is an hour old
  throw throttled((lastHour[lastHour.length - 1].at + HOUR - t) / 1000, SMS_CAPTCHA_MESSAGE, 'sms_captcha_required');
}

type Digest = (channel: Channel, target: string, reason: string, code: string) => string;

export const PROOF_WRONG_MESSAGE = '之前收到的验证码不正确或已超过一小时';

/** True when `code` is one of the codes sent to the target in the last hour (`sent`: all of the last day's). */
function isRecentCode(digest: Digest, channel: Channel, target: string, sent: Send[], t: number, code: string): boolean {
  const given = (reason: string) => Buffer.from(digest(channel, target, reason, code));
  return sent
    .filter((s) => s.at > t - HOUR)
    .some((s) => {
      const expected = Buffer.from(s.codeHash);
      const mine = given(s.reason);
      return expected.length === mine.length && timingSafeEqual(expected, mine);
    });
}

/**
 * A logged-out owner's proof (a code the phone received this hour): a solved captcha first (429 without, as for
 * strangers), then the code must be right (400 on `proof`; the spent captcha is the price of a guess).
 */
async function requireProof(digest: Digest, send: NewSend, sent: Send[], t: number, proof: string): Promise<void> {
  if (!(await send.requester!.spendCaptcha())) {
    const lastHour = sent.filter((s) => s.at > t - HOUR);
    throw throttled(lastHour.length ? (lastHour[lastHour.length - 1].at + HOUR - t) / 1000 : 1, SMS_CAPTCHA_MESSAGE, 'sms_captcha_required');
  }
  if (!isRecentCode(digest, send.channel, send.target, sent, t, proof)) throw invalid({ proof: [PROOF_WRONG_MESSAGE] }, PROOF_WRONG_MESSAGE);
}

interface NewSend {
  channel: Channel;
  target: string;
  reason: string;
  code: string;
  requester?: SmsRequester;
}

/**
 * Stores a new code after the caps allow it; answers its row id. The caps count the sends of the requester's
 * side (the owner's, by session or proof, or everybody else's); without a requester, every send of the target.
 */
function store(deps: CodeDeps, digest: Digest, send: NewSend): Promise<number> {
  const { channel, target, reason, code, requester } = send;
  const t = deps.now();
  // a proof stands for the owner's session; the session's owner needs none
  const proof = requester && !requester.owner ? requester.proof : undefined;
  const byOwner = (requester?.owner ?? false) || proof !== undefined;
  return deps.db.transaction(async (tx) => {
    await lockTarget(tx, channel, target);
    await deleteCodesCreatedBefore(tx, new Date(t.getTime() - 2 * DAY));
    const sent = await sends(tx, channel, target, new Date(t.getTime() - DAY));
    const counted = requester ? sent.filter((s) => s.byOwner === byOwner) : sent;
    checkCaps(channel, counted.map((s) => s.at), t.getTime());
    if (proof !== undefined) await requireProof(digest, send, sent, t.getTime(), proof);
    else if (requester && !byOwner) await requireCaptchaAfterFirst(sent, t.getTime(), requester);
    const codeHash = digest(channel, target, reason, code);
    return replaceCode(tx, { channel, target, reason, codeHash, now: t, expireTime: new Date(t.getTime() + CODE_RULES.ttlMs), byOwner });
  });
}

/** Sends a stored code; a failed delivery uses the code up and answers 503. */
async function deliver(deps: CodeDeps, id: number, what: string, send: () => Promise<void>): Promise<void> {
  try {
    await send();
  } catch (err) {
    deps.log.error({ err }, `${what} delivery failed`);
    await consumeCode(deps.db, id, deps.now());
    throw new ApiError(503, 'code_send_failed', '验证码发送失败，请稍后重试');
  }
}

/** True once for the right, live code of (target, reason); each wrong try counts, the 5th kills the code. */
async function checkCode(deps: CodeDeps, digest: Digest, channel: Channel, target: string, reason: string, code: string): Promise<boolean> {
  if (!/^[0-9]{6}$/.test(code)) return false;
  const t = deps.now();
  // the try is counted before the comparison, in one statement: parallel guesses cannot exceed the limit
  const row = await countAttempt(deps.db, { channel, target, reason }, t, CODE_RULES.maxAttempts);
  if (!row) return false;
  const expected = Buffer.from(row.code_hash);
  const given = Buffer.from(digest(channel, target, reason, code));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  return consumeCode(deps.db, row.id, t);
}

const newCode = () => String(randomInt(0, 10 ** CODE_RULES.digits)).padStart(CODE_RULES.digits, '0');
const wrong = (field: string) => invalid({ [field]: [CODE_WRONG_MESSAGE] }, CODE_WRONG_MESSAGE);

export async function verificationCodes(deps: CodeDeps): Promise<VerificationCodes> {
  const key = Buffer.from(
    await loadServerSecret(deps.db, 'code_hmac_key', async () => randomBytes(32).toString('base64')),
    'base64',
  );
  const digest: Digest = (channel, target, reason, code) =>
    createHmac('sha256', key).update(`${channel}|${target}|${reason}|${code}`).digest('base64');
  const check = (channel: Channel, target: string, reason: string, code: string) => checkCode(deps, digest, channel, target, reason, code);

  return {
    async sendSms(phone, reason, requester) {
      const code = newCode();
      const id = await store(deps, digest, { channel: 'sms', target: phoneKey(phone), reason, code, requester });
      await deliver(deps, id, 'sms', () => deps.sms.sendCode(phone, code));
    },
    async sendEmail(email, reason) {
      const code = newCode();
      const id = await store(deps, digest, { channel: 'email', target: email, reason, code });
      const purpose = reason === 'BIND_EMAIL' ? '绑定邮箱' : '解绑邮箱';
      await deliver(deps, id, 'email', () =>
        deps.mail.send({
          to: email,
          subject: `邮箱验证码：${code}`,
          text: `您正在${purpose}，验证码为 ${code}，5 分钟内有效。如非本人操作，请忽略本邮件。`,
        }),
      );
    },
    check,
    async verifySms(phone, reason, code, field = 'code') {
      if (!(await check('sms', phoneKey(phone), reason, code))) throw wrong(field);
    },
    async verifyEmail(email, reason, code, field = 'code') {
      if (!(await check('email', email, reason, code))) throw wrong(field);
    },
  };
}
