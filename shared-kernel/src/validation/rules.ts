import { CODE_LENGTH, INVITE_CODE_LENGTH, NICKNAME_MAX_LENGTH, PASSWORD_MIN_LENGTH, PHONE_INPUT_MAX_LENGTH } from '../constants/limits';

/** The messages of SPEC.md §5, exactly. */
export const VALIDATION_MESSAGES = {
  phoneRequired: '请填写登录手机号',
  phoneFormat: '手机号格式不正确',
  /** Sending a code with an empty phone. */
  phoneEmptyForCode: '手机号不能为空',
  password: '密码应为至少8位数字字母组合',
  smsCode: '验证码格式不正确',
  inviteCode: '邀请码不正确',
  email: '邮箱格式不正确',
  nicknameRequired: '用户名不能为空',
  nicknameTooLong: '昵称不能超过255个字符',
  /** Register and code login. */
  agreeService: '请同意服务协议',
  /** Password login. */
  agreeUserAgreementAndPrivacy: '您还未同意用户协议和隐私政策',
} as const;

/** A validator gives the message of the first broken rule, or null when the value is fine. */
export type Validator = (value: string) => string | null;

const M = VALIDATION_MESSAGES;

/** Phone (login, register): required, digits and spaces only. */
export const validatePhone: Validator = (value) => {
  if (value.trim() === '') return M.phoneRequired;
  return /^[\d ]+$/.test(value) ? null : M.phoneFormat;
};

/** Before sending an SMS code: the phone must be filled in, and well formed. */
export const validatePhoneForCode: Validator = (value) => (value.trim() === '' ? M.phoneEmptyForCode : validatePhone(value));

/** Password: at least 8 characters with at least one digit and one letter. */
export const validatePassword: Validator = (value) =>
  [...value].length >= PASSWORD_MIN_LENGTH && /\d/.test(value) && /[A-Za-z]/.test(value) ? null : M.password;

const exactDigits = (length: number) => new RegExp(`^\\d{${length}}$`);

/** SMS code: exactly 6 digits. */
export const validateSmsCode: Validator = (value) => (exactDigits(CODE_LENGTH).test(value.trim()) ? null : M.smsCode);

/** Invite code: exactly 5 digits. (A form with an optional invite code skips this when the field is empty.) */
export const validateInviteCode: Validator = (value) =>
  exactDigits(INVITE_CODE_LENGTH).test(value.trim()) ? null : M.inviteCode;

/** E-mail in the standard form local@domain.tld (no spaces, one @, a dot in the domain). */
const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
export const validateEmail: Validator = (value) => (value.length <= 254 && EMAIL.test(value.trim()) ? null : M.email);

/** Nickname: required, fewer than 255 characters. */
export const validateNickname: Validator = (value) => {
  if (value.trim() === '') return M.nicknameRequired;
  return [...value].length < NICKNAME_MAX_LENGTH ? null : M.nicknameTooLong;
};

/** Agreement checkbox; `form` says which text applies. */
export function validateAgreement(agreed: boolean, form: 'register' | 'code-login' | 'password-login'): string | null {
  if (agreed) return null;
  return form === 'password-login' ? M.agreeUserAgreementAndPrivacy : M.agreeService;
}

/** Digits only (the payment-wallet phone, code boxes). */
export function isDigitsOnly(value: string): boolean {
  return /^\d+$/.test(value);
}

/** What a numeric input keeps of what was typed or pasted: its digits, at most `length` of them. */
export function digitsOnly(value: string, length = Infinity): string {
  return value.replace(/\D/g, '').slice(0, length);
}

/** A code box's value: digits only, at most CODE_LENGTH (or the given length). */
export function codeInput(value: string, length = CODE_LENGTH): string {
  return digitsOnly(value, length);
}

/** The invite-code input: digits only, at most 5. */
export function inviteCodeInput(value: string): string {
  return digitsOnly(value, INVITE_CODE_LENGTH);
}

/**
 * The phone input as the user types: digits only, spaced 3-4-4, at most 13 characters.
 * '13812345678' -> '138 1234 5678'; '1381' -> '138 1'.
 */
export function formatPhoneInput(value: string): string {
  const digits = digitsOnly(value, 11);
  const parts = [digits.slice(0, 3), digits.slice(3, 7), digits.slice(7, 11)].filter(Boolean);
  return parts.join(' ').slice(0, PHONE_INPUT_MAX_LENGTH);
}

/** The digits of a (spaced) phone input, as sent to the API. */
export function phoneDigits(value: string): string {
  return value.replace(/\s/g, '');
}
