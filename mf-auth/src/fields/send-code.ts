import {
  CODE_RESEND_COOLDOWN_S,
  detectPlatform,
  errorMessageOf,
  getLocal,
  phoneDigits,
  removeLocal,
  setLocal,
  snackbar,
  toastError,
  toastSuccess,
} from 'shared-kernel';
import { sendCode, type CodeReason, type PhoneValue } from '../api/accounts';
import { apiCodeOf, fieldErrorsOf } from '../api/errors';
import { openOfficialAccountLogin } from '../dialogs/store';
import { TEXTS } from '../texts';

/** The '验证码发送失败' toast stays this long (SPEC §8: 8 s). */
export const CODE_SEND_FAILED_TOAST_MS = 8_000;

/**
 * When each phone may have a new code, as epoch ms, in local storage. The API allows one code per phone a
 * minute whatever its reason, and answers an earlier one with a 400 that no captcha lifts: so the countdown
 * belongs to the phone (not to a button, a form or a reason) and survives a reload. (A later code to a phone
 * that had one this hour may answer 429 instead: the kernel's security check opens and retries it with the
 * solved captcha, so sendCode resolves or fails as for any other request; docs/api.md, "Accounts".)
 */
const COOLDOWN_KEY = 'sms_code_cooldowns';

function keyOf(phone: PhoneValue): string {
  return `${phone.countryCode}:${phoneDigits(phone.number)}`;
}

function cooldownEnds(now: number): Record<string, number> {
  const stored = getLocal<Record<string, unknown>>(COOLDOWN_KEY);
  const live: Record<string, number> = {};
  if (stored && typeof stored === 'object') {
    for (const [key, end] of Object.entries(stored)) if (typeof end === 'number' && end > now) live[key] = end;
  }
  return live;
}

/** Seconds until a new code may be asked for this phone (0: now), whatever the code is for. */
export function cooldownLeft(phone: PhoneValue, now = Date.now()): number {
  const end = cooldownEnds(now)[keyOf(phone)];
  return end === undefined ? 0 : Math.max(0, Math.ceil((end - now) / 1000));
}

function startCooldown(phone: PhoneValue, now = Date.now()): void {
  const ends = { ...cooldownEnds(now), [keyOf(phone)]: now + CODE_RESEND_COOLDOWN_S * 1000 };
  setLocal(COOLDOWN_KEY, ends, 1);
}

/** Forgets every cooldown (tests). */
export function resetCooldowns(): void {
  removeLocal(COOLDOWN_KEY);
}

/**
 * A failure: the phone's field error; `proofAsked` when the phone's cap is reached (the API's
 * sms_quota_exceeded), which the phone's owner passes with a code received earlier this hour; `proofError` when
 * that code was wrong.
 */
export type SendOutcome = { ok: true } | { ok: false; phoneError?: string; proofAsked?: boolean; proofError?: string };

/**
 * Sends a code and says so (SPEC §8 '验证码已发送'); the 60 s cooldown starts. A failure is shown: the phone's
 * field error goes back to the form; '验证码发送失败' outside the mini-program offers the mini-program login in
 * an 8 s toast; anything else is an error toast (the captcha's cancellation included).
 */
export async function requestCode(phone: PhoneValue, reason: CodeReason, proof?: string): Promise<SendOutcome> {
  try {
    await sendCode(phone, reason, proof);
  } catch (error) {
    const { mobile: phoneError, proof: proofError } = fieldErrorsOf(error);
    if (proofError) return { ok: false, proofError };
    if (apiCodeOf(error) === 'code_send_failed' && detectPlatform() !== 'weixin_miniapp') {
      snackbar(TEXTS.codeSendFailed, {
        type: 'error',
        duration: CODE_SEND_FAILED_TOAST_MS,
        action: { label: TEXTS.codeSendFailedAction, onClick: openOfficialAccountLogin },
      });
    } else {
      toastError(errorMessageOf(error));
    }
    return { ok: false, phoneError, proofAsked: apiCodeOf(error) === 'sms_quota_exceeded' };
  }
  startCooldown(phone);
  toastSuccess(TEXTS.codeSent);
  return { ok: true };
}
