import { invalid } from '../../core/http/errors';

/** A phone number as accounts store it: dial code without '+' and the national number. */
export interface Phone {
  countryCode: string;
  mobile: string;
}

export const DEFAULT_COUNTRY_CODE = '86';

// the request fields (the wire contract's); kept here for the modules that parse phones
export { CountryCodeField, MobileField } from 'contracts';

function normaliseCountryCode(raw: string | number | undefined): string {
  if (raw === undefined || raw === '') return DEFAULT_COUNTRY_CODE;
  return String(raw).replace(/^\+/, '');
}

/**
 * The phone of a request. `raw` may carry the country code in front ('+86 138 0013 8000', or '8613800138000'
 * for mainland numbers); otherwise `countryCode` (default 86) applies. Mainland numbers are 11 digits starting
 * with 1[3-9]; others 4 to 14 digits (E.164 allows 15 with the dial code). Anything else is a 400 on `field`.
 */
export function parsePhone(raw: string, countryCode: string | number | undefined, field = 'mobile'): Phone {
  const cc = normaliseCountryCode(countryCode);
  let digits = raw.replace(/[\s-]/g, '');
  if (digits === '') throw invalid({ [field]: ['手机号不能为空'] }, '手机号不能为空');
  if (digits.startsWith('+')) {
    if (!digits.startsWith(`+${cc}`)) throw invalid({ [field]: ['手机号与所选区号不一致'] }, '手机号与所选区号不一致');
    digits = digits.slice(1 + cc.length);
  } else if (cc === '86' && /^861[3-9][0-9]{9}$/.test(digits)) {
    digits = digits.slice(2);
  }
  const valid = cc === '86' ? /^1[3-9][0-9]{9}$/.test(digits) : /^[0-9]{4,14}$/.test(digits) && cc.length + digits.length <= 15;
  if (!valid) throw invalid({ [field]: ['手机号格式不正确'] }, '手机号格式不正确');
  return { countryCode: cc, mobile: digits };
}

/** The key codes and limits are bound to: '86:13800138000'. */
export function phoneKey(phone: Phone): string {
  return `${phone.countryCode}:${phone.mobile}`;
}

/** '138****8000' for the account pages (the full number never leaves the server after sign-up). */
export function maskMobile(mobile: string): string {
  if (mobile.length <= 4) return '*'.repeat(mobile.length);
  const keepStart = mobile.length >= 11 ? 3 : Math.min(2, mobile.length - 4);
  return `${mobile.slice(0, keepStart)}${'*'.repeat(mobile.length - keepStart - 4)}${mobile.slice(-4)}`;
}

/** 'ab****@example.com' */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  const name = email.slice(0, at);
  return `${name.slice(0, Math.min(2, name.length))}****${email.slice(at)}`;
}
