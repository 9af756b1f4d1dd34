import { CaptchaCancelledError, toastError } from 'shared-kernel';
import { fieldErrorsOf } from '../api/errors';

/** The fields of mf-auth's forms that can carry a message. */
export type FieldName = 'phone' | 'code' | 'password' | 'nickname' | 'captcha' | 'agree' | 'invite';
export type FormErrors = Partial<Record<FieldName, string | null>>;

/** API field names -> the form's. */
const SERVER_FIELDS: Record<string, FieldName> = {
  mobile: 'phone',
  username: 'phone',
  code: 'code',
  password: 'password',
  nickname: 'nickname',
  captcha_value: 'captcha',
  captcha_key: 'captcha',
  invite_code: 'invite',
};

/**
 * The field messages of a failed submission. The kernel has already shown the answer's message as a toast; a
 * cancelled captcha is the one failure it leaves to the caller ('用户取消输入验证码').
 */
export function serverErrors(error: unknown): FormErrors {
  if (error instanceof CaptchaCancelledError) {
    toastError(error.message);
    return {};
  }
  const out: FormErrors = {};
  for (const [field, message] of Object.entries(fieldErrorsOf(error))) {
    const name = SERVER_FIELDS[field];
    if (name && !out[name]) out[name] = message;
  }
  return out;
}

/** True when no field has a message. */
export function isValid(errors: FormErrors): boolean {
  return Object.values(errors).every((m) => !m);
}
