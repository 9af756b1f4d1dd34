import type {
  AccountProofAnswer,
  DeleteAccountAnswer,
  LoginDevice,
  LoginHistoryItem,
  PublicKeyAnswer,
  PwdQuestion,
  SelfUserInfo,
  SignOutOthersAnswer,
  TrdAccount,
} from 'contracts';
import { encryptPassword, http } from 'shared-kernel';

export type { LoginDevice, LoginHistoryItem, PwdQuestion, SelfUserInfo, TrdAccount } from 'contracts';

interface Page<T> {
  count: number;
  next: string | null;
  results: T[];
}

/** The API's error answer: its machine code and the first message of each field. */
export function apiErrorOf(error: unknown): { code?: string; fields: Record<string, string> } {
  const data: unknown = (error as { response?: { data?: unknown } } | null)?.response?.data;
  if (!data || typeof data !== 'object') return { fields: {} };
  const { code, errors } = data as { code?: unknown; errors?: unknown };
  const fields: Record<string, string> = {};
  if (errors && typeof errors === 'object') {
    for (const [field, list] of Object.entries(errors as Record<string, unknown>)) {
      if (Array.isArray(list) && typeof list[0] === 'string') fields[field] = list[0];
    }
  }
  return { code: typeof code === 'string' ? code : undefined, fields };
}

let publicKey: Promise<string> | null = null;

/** The password as it leaves the page: RSA-OAEP under the API's key (GET /api/public-key/, once per page). */
export async function sealPassword(password: string): Promise<string> {
  publicKey ??= http.get<PublicKeyAnswer>('/public-key/').then(
    (r) => r.data.public_key,
    (error: unknown) => {
      publicKey = null;
      throw error;
    },
  );
  return encryptPassword(password, await publicKey);
}

const quiet = { skipErrorToast: true };

/** GET /api/users/0/: my account as it is now. */
export const getMe = () => http.get<SelfUserInfo>('/users/0/', quiet).then((r) => r.data);

/** GET /api/trd-account-bind/: the platforms linked to my account. */
export const listTrdAccounts = () => http.get<Page<TrdAccount>>('/trd-account-bind/', { ...quiet, params: { page_size: 50 } }).then((r) => r.data.results);

/** POST /api/trd-account-bind/{provider}/authorize/: the provider's page that links it (the browser goes there). */
export const trdAuthorizeUrl = (provider: string) =>
  http.post<{ url: string }>(`/trd-account-bind/${provider}/authorize/`, {}, quiet).then((r) => r.data.url);

/** DELETE /api/trd-account-bind/{provider}/. */
export const unbindTrd = (provider: string) => http.delete(`/trd-account-bind/${provider}/`, quiet).then(() => undefined);

/** POST /api/codes/self/: a LOGIN code to my own phone (a proof that it is me). */
export const sendOwnCode = () => http.post('/codes/self/', {}, quiet).then(() => undefined);

/** POST /api/codes/: a REGISTER code to a new phone. */
export const sendNewPhoneCode = (mobile: string, countryCode: string) =>
  http.post('/codes/', { mobile, country_code: countryCode, reason: 'REGISTER' }, quiet).then(() => undefined);

/** POST /api/account-proof/: the password or a code proves it is me for the next 10 minutes. */
export async function proveIdentity(proof: { password: string } | { code: string }): Promise<AccountProofAnswer> {
  const body = 'password' in proof ? { password: await sealPassword(proof.password) } : proof;
  return (await http.post<AccountProofAnswer>('/account-proof/', body, quiet)).data;
}

export const changeMobile = (mobile: string, countryCode: string, code: string) =>
  http.post<SelfUserInfo>('/change-mobile/', { mobile, country_code: countryCode, code }, quiet).then((r) => r.data);

/** POST /api/email-verify/: a code to the new address (bind) or to the bound one (unbind). */
export const sendEmailCode = (action: 'bind' | 'unbind', email?: string) =>
  http.post('/email-verify/', action === 'bind' ? { email, action } : { action }, quiet).then(() => undefined);

export const changeEmail = (action: 'bind' | 'unbind', code: string, email?: string) =>
  http.post<SelfUserInfo>('/email-change/', action === 'bind' ? { email, code, action } : { code, action }, quiet).then((r) => r.data);

/** PATCH /api/users/0/ modify_type 2: every session ends on success. */
export async function changePassword(oldPassword: string | null, password: string): Promise<{ detail: string }> {
  const body = {
    modify_type: 2,
    password: await sealPassword(password),
    ...(oldPassword !== null ? { old_password: await sealPassword(oldPassword) } : {}),
  };
  return (await http.patch<{ detail: string }>('/users/0/', body, quiet)).data;
}

export const listQuestions = () => http.get<Page<PwdQuestion>>('/pwd_protection_question/', { ...quiet, params: { page_size: 50 } }).then((r) => r.data.results);

export type Answer = { question_id: number; answer: string };
export const setAnswers = (answers: Answer[]) => http.post('/pwd_protection_answer/', { answers }, quiet).then(() => undefined);
export const updateAnswers = (oldAnswers: Answer[], answers: Answer[]) =>
  http.put('/pwd_protection_answer/0/', { old_answers: oldAnswers, answers }, quiet).then(() => undefined);

export const listDevices = () => http.get<Page<LoginDevice>>('/login-devices/', { ...quiet, params: { page_size: 50 } }).then((r) => r.data.results);
export const signOutDevice = (id: number) => http.delete(`/login-devices/${id}/`, quiet).then(() => undefined);
export const signOutOthers = () => http.post<SignOutOthersAnswer>('/login-devices/sign-out-others/', {}, quiet).then((r) => r.data);

export const listHistory = (page: number) =>
  http.get<Page<LoginHistoryItem>>('/login-history/', { ...quiet, params: { ordering: '-create_time', page } }).then((r) => r.data);

export async function deleteAccount(proof: { password: string } | { code: string }): Promise<DeleteAccountAnswer> {
  const body = 'password' in proof ? { password: await sealPassword(proof.password) } : proof;
  return (await http.post<DeleteAccountAnswer>('/users-delete/', body, quiet)).data;
}
