import { isAxiosError } from 'axios';
import type { ErrorBody as ContractErrorBody } from 'contracts';

/** Fields as they arrive over the wire: each is checked before it is used. */
type Unchecked<T> = { [K in keyof T]?: unknown };

/** The contract's error body (a Chinese message, a machine code and field errors), unchecked. */
type ErrorBody = Unchecked<Pick<ContractErrorBody, 'message' | 'code' | 'errors'>> & {
  /** The login route's "the next try needs the image captcha" (with a wrong password's answer too). */
  captcha_required?: unknown;
};

function bodyOf(error: unknown): ErrorBody | null {
  if (!isAxiosError(error) || !error.response) return null;
  const data: unknown = error.response.data;
  return data && typeof data === 'object' ? (data as ErrorBody) : null;
}

/** The machine `code` of an API error answer, if there is one. */
export function apiCodeOf(error: unknown): string | undefined {
  const code = bodyOf(error)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** True when the answer says the next login needs the login form's image captcha. */
export function captchaRequiredBy(error: unknown): boolean {
  return bodyOf(error)?.captcha_required === true;
}

/** HTTP status of a failed request, if the server answered. */
export function statusOf(error: unknown): number | undefined {
  return isAxiosError(error) ? error.response?.status : undefined;
}

/** The first message of each field error (`{ field: ['中文信息'] }`), by field name. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const errors = bodyOf(error)?.errors;
  const out: Record<string, string> = {};
  if (!errors || typeof errors !== 'object') return out;
  for (const [field, messages] of Object.entries(errors as Record<string, unknown>)) {
    const first = Array.isArray(messages) ? messages.find((m) => typeof m === 'string') : messages;
    if (typeof first === 'string') out[field] = first;
  }
  return out;
}
