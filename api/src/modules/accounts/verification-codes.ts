import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../core/db';
import { ApiError, invalid } from '../../core/http/errors';
import type { MailSender } from '../../infra/providers/mail';
import type { SmsSender } from '../../infra/providers/sms';
import { loadServerSecret } from '../../infra/security/server-secrets';
import { phoneKey, type Phone } from './phone';

/** SPEC §3 "Verify-code request" reasons. */
export const SMS_REASONS = ['REGISTER', 'LOGIN', 'FIND_PWD', 'TRD_ACTIVE'] as const;
export type SmsReason = (typeof SMS_REASONS)[number];
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

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** First key of the advisory lock that serialises sends to one target (the second is a hash of the target). */
const SEND_LOCK_KEY = 72_640_002;
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

export interface VerificationCodes {
  /** Sends a new code to the phone; the previous unused code for the same reason stops working. */
  sendSms(phone: Phone, reason: SmsReason): Promise<void>;
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

export async function verificationCodes(deps: CodeDeps): Promise<VerificationCodes> {
  const { db, now } = deps;
  const key = Buffer.from(
    await loadServerSecret(db, 'code_hmac_key', async () => randomBytes(32).toString('base64')),
    'base64',
  );
  const digest = (channel: Channel, target: string, reason: string, code: string) =>
    createHmac('sha256', key).update(`${channel}|${target}|${reason}|${code}`).digest('base64');

  /** Stores a new code after the caps allow it; answers its row id. Caps count every send of the target. */
  async function store(channel: Channel, target: string, reason: string, code: string): Promise<number> {
    const t = now();
    return db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [SEND_LOCK_KEY, `${channel}:${target}`]);
      await tx.query('DELETE FROM verification_codes WHERE create_time < $1', [new Date(t.getTime() - 2 * DAY)]);
      const sent = (
        await tx.query<{ create_time: Date }>(
          `SELECT create_time FROM verification_codes
            WHERE channel = $1 AND target = $2 AND create_time > $3 ORDER BY create_time DESC`,
          [channel, target, new Date(t.getTime() - DAY)],
        )
      ).map((r) => r.create_time.getTime());
      const since = (ms: number) => sent.filter((at) => at > t.getTime() - ms);
      if (sent.length && t.getTime() - sent[0] < CODE_RULES.resendMs) {
        const wait = Math.ceil((sent[0] + CODE_RULES.resendMs - t.getTime()) / 1000);
        throw phoneCap(wait, 'code_too_frequent', `验证码发送过于频繁，请在${wait}秒后重试`);
      }
      const lastHour = since(HOUR);
      if (lastHour.length >= CODE_RULES.perHour) {
        const wait = (lastHour[CODE_RULES.perHour - 1] + HOUR - t.getTime()) / 1000;
        throw phoneCap(wait, 'sms_quota_exceeded', QUOTA_MESSAGES[channel].hour, 'hour');
      }
      if (sent.length >= CODE_RULES.perDay) {
        const wait = (sent[CODE_RULES.perDay - 1] + DAY - t.getTime()) / 1000;
        throw phoneCap(wait, 'sms_quota_exceeded', QUOTA_MESSAGES[channel].day, 'day');
      }
      await tx.query(
        `UPDATE verification_codes SET consume_time = $4
          WHERE channel = $1 AND target = $2 AND reason = $3 AND consume_time IS NULL`,
        [channel, target, reason, t],
      );
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO verification_codes (channel, target, reason, code_hash, create_time, expire_time)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [channel, target, reason, digest(channel, target, reason, code), t, new Date(t.getTime() + CODE_RULES.ttlMs)],
      );
      return row.id;
    });
  }

  async function deliver(id: number, what: string, send: () => Promise<void>): Promise<void> {
    try {
      await send();
    } catch (err) {
      deps.log.error({ err }, `${what} delivery failed`);
      await db.query('UPDATE verification_codes SET consume_time = $2 WHERE id = $1', [id, now()]);
      throw new ApiError(503, 'code_send_failed', '验证码发送失败，请稍后重试');
    }
  }

  const newCode = () => String(randomInt(0, 10 ** CODE_RULES.digits)).padStart(CODE_RULES.digits, '0');

  async function check(channel: Channel, target: string, reason: string, code: string): Promise<boolean> {
    if (!/^[0-9]{6}$/.test(code)) return false;
    const t = now();
    // the try is counted before the comparison, in one statement: parallel guesses cannot exceed the limit
    const [row] = await db.query<{ id: number; code_hash: string }>(
      `UPDATE verification_codes SET attempts = attempts + 1
        WHERE id = (SELECT id FROM verification_codes
                     WHERE channel = $1 AND target = $2 AND reason = $3 AND consume_time IS NULL AND expire_time > $4
                     ORDER BY id DESC LIMIT 1)
          AND attempts < $5 AND consume_time IS NULL
        RETURNING id, code_hash`,
      [channel, target, reason, t, CODE_RULES.maxAttempts],
    );
    if (!row) return false;
    const expected = Buffer.from(row.code_hash);
    const given = Buffer.from(digest(channel, target, reason, code));
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
    const used = await db.query('UPDATE verification_codes SET consume_time = $2 WHERE id = $1 AND consume_time IS NULL RETURNING id', [
      row.id,
      t,
    ]);
    return used.length === 1;
  }

  const wrong = (field: string) => invalid({ [field]: [CODE_WRONG_MESSAGE] }, CODE_WRONG_MESSAGE);

  return {
    async sendSms(phone, reason) {
      const code = newCode();
      const id = await store('sms', phoneKey(phone), reason, code);
      await deliver(id, 'sms', () => deps.sms.sendCode(phone, code));
    },
    async sendEmail(email, reason) {
      const code = newCode();
      const id = await store('email', email, reason, code);
      const purpose = reason === 'BIND_EMAIL' ? '绑定邮箱' : '解绑邮箱';
      await deliver(id, 'email', () =>
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
