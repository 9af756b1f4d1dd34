import type {
  ActivateBody,
  InviteCodeValid,
  LoginAnswer,
  LoginCodeBody,
  PublicKeyAnswer,
  RegisterBody,
  SendCodeBody,
  SmsReason,
  TokenLoginBody,
  UserPatchBody,
} from 'contracts';
import { LOGIN_TYPES } from 'contracts/enums';
import { encryptPassword, http, phoneDigits, type UserInfo } from 'shared-kernel';

/** SPEC §3: every login and registration payload carries platform 3 (the web site). */
export const PLATFORM = 3;
export { LOGIN_TYPES };

/** reason of POST /api/codes/ (the contract's SmsReason). */
export type CodeReason = SmsReason;
export type { InactiveReason, LoginAnswer } from 'contracts';

/** A phone as the forms hold it: the dial code without '+', and the input as typed (spaced 3-4-4). */
export interface PhoneValue {
  countryCode: string;
  number: string;
}

/** The kernel's user info made from a login answer; the rest of the profile rides along in `userinfo`. */
export function toKernelUser(answer: LoginAnswer): UserInfo {
  return {
    uid: answer.uid,
    nickname: answer.nickname,
    is_active: answer.is_active,
    inactive_reason: answer.inactive_reason,
    ...(answer.level === 1 || answer.level === 2 || answer.level === 3 ? { level: answer.level } : {}),
    ...(answer.gender ? { gender: answer.gender } : {}),
    // the own staff roles: the shell shows the staff console (mf-admin) to staff only
    staff_roles: answer.staff_roles ?? [],
    userinfo: {
      avatar: answer.avatar,
      intro: answer.intro,
      country_code: answer.country_code,
      mobile: answer.mobile,
      email: answer.email,
      has_password: answer.has_password,
    },
  };
}

let publicKey: Promise<string> | null = null;

/** The API's password key (GET /api/public-key/), fetched once per page; a failed fetch is tried again next time. */
function passwordKey(): Promise<string> {
  publicKey ??= http.get<PublicKeyAnswer>('/public-key/').then(
    (r) => r.data.public_key,
    (error: unknown) => {
      publicKey = null;
      throw error;
    },
  );
  return publicKey;
}

/** The password as it leaves the page: RSA-OAEP under the API's key. The plain text never goes on the wire. */
export async function sealPassword(password: string): Promise<string> {
  return encryptPassword(password, await passwordKey());
}

function phoneFields(phone: PhoneValue) {
  return { mobile: phoneDigits(phone.number), country_code: phone.countryCode };
}

/**
 * POST /api/codes/: sends an SMS code; `proof` is a code the phone received this hour (the owner's way past the
 * cap strangers filled). The caller shows its own failure (see send-code.ts).
 */
export async function sendCode(phone: PhoneValue, reason: CodeReason, proof?: string): Promise<void> {
  const body: SendCodeBody = { ...phoneFields(phone), reason, ...(proof ? { proof } : {}) };
  await http.post('/codes/', body, { skipErrorToast: true });
}

export interface PasswordLogin {
  phone: PhoneValue;
  password: string;
  /** The login form's image captcha, when the API asked for one. */
  captcha?: { key: string; value: string };
}

/** POST /api/token/ with login_type 1 (password). */
export async function loginByPassword({ phone, password, captcha }: PasswordLogin): Promise<LoginAnswer> {
  const body: TokenLoginBody = {
    username: phoneDigits(phone.number),
    country_code: phone.countryCode,
    password: await sealPassword(password),
    login_type: LOGIN_TYPES.password,
    platform: PLATFORM,
    ...(captcha ? { captcha_key: captcha.key, captcha_value: captcha.value } : {}),
  };
  return (await http.post<LoginAnswer>('/token/', body)).data;
}

/** POST /api/login-code/: SMS quick login, which creates the account of a new phone (inactive until activated). */
export async function loginByCode(phone: PhoneValue, code: string): Promise<LoginAnswer> {
  const body: LoginCodeBody = { ...phoneFields(phone), code, platform: PLATFORM };
  return (await http.post<LoginAnswer>('/login-code/', body)).data;
}

/** POST /api/users/: registration with code and password. */
export async function register(phone: PhoneValue, code: string, password: string, inviteCode = ''): Promise<LoginAnswer> {
  const body: RegisterBody = {
    username: phoneDigits(phone.number),
    country_code: phone.countryCode,
    code,
    password: await sealPassword(password),
    platform: PLATFORM,
    ...(inviteCode ? { invite_code: inviteCode } : {}),
  };
  return (await http.post<LoginAnswer>('/users/', body)).data;
}

/** PATCH /api/users/0/ with modify_type 3: a new password proven by a FIND_PWD code; no login needed. */
export async function resetPassword(phone: PhoneValue, code: string, password: string): Promise<void> {
  const body: UserPatchBody = {
    modify_type: 3,
    username: phoneDigits(phone.number),
    country_code: phone.countryCode,
    code,
    password: await sealPassword(password),
  };
  await http.patch('/users/0/', body);
}

/** POST /api/users-activate/ for CODE_LOGIN_NO_PASSWORD: a nickname and a password. */
export async function activateWithPassword(nickname: string, password: string): Promise<LoginAnswer> {
  const body: ActivateBody = { inactive_reason: 'CODE_LOGIN_NO_PASSWORD', nickname: nickname.trim(), password: await sealPassword(password) };
  return (await http.post<LoginAnswer>('/users-activate/', body)).data;
}

/** POST /api/users-activate/ for TRD_LOGIN_NO_MOBILE: a phone proven by a TRD_ACTIVE code. */
export async function activateWithPhone(phone: PhoneValue, code: string): Promise<LoginAnswer> {
  const body: ActivateBody = { inactive_reason: 'TRD_LOGIN_NO_MOBILE', ...phoneFields(phone), code, trd_active: 1 };
  return (await http.post<LoginAnswer>('/users-activate/', body)).data;
}

/** POST /api/logout/. */
export async function logout(): Promise<void> {
  await http.post('/logout/');
}

/** GET /api/invite-code-valid/{code}/: whose code it is (masked); a wrong one answers 400 '邀请码不正确' (shown by the field, no toast). */
export const checkInviteCode = (code: string) =>
  http.get<InviteCodeValid>(`/invite-code-valid/${encodeURIComponent(code)}/`, { skipErrorToast: true }).then((r) => r.data);
