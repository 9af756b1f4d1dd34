import { getLocal, http, setLocal } from 'shared-kernel';
import { apiCodeOf, statusOf } from './errors';

/** The four variants of the security check (SPEC §2), in the order "换一种验证方式" walks through them. */
export const CAPTCHA_TYPES = ['slide', 'click', 'drag', 'rotate'] as const;
export type CaptchaType = (typeof CAPTCHA_TYPES)[number];

/** `data` of a challenge (api/src/captcha/challenges/types.ts); images are plain base64 PNG. */
export interface ChallengeData {
  originalImageBase64?: string;
  jigsawImageBase64?: string;
  image_base64?: string;
  thumb_base64?: string;
  width: number;
  height: number;
  tile_x?: number;
  tile_y?: number;
  tile_width?: number;
  tile_height?: number;
  count?: number;
}

export interface Challenge {
  captchaId: string;
  captchaType: CaptchaType;
  data: ChallengeData;
}

/** The answer to POST /api/captcha/: a challenge, or repCode 6201 (too many images) with a message. */
interface IssueAnswer {
  repCode: string;
  repMsg: string;
  captchaId?: string;
  captchaType?: CaptchaType;
  data?: ChallengeData;
}

export class CaptchaLoadError extends Error {}

const CLIENT_UID_KEY = 'captcha_client_uid';

/** SPEC §3: the captcha's clientUid lives in local storage; made once per browser. */
export function clientUid(): string {
  const stored = getLocal<string>(CLIENT_UID_KEY);
  if (typeof stored === 'string' && /^[A-Za-z0-9_.:-]{1,64}$/.test(stored)) return stored;
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  const uid = `web-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
  setLocal(CLIENT_UID_KEY, uid);
  return uid;
}

/**
 * POST /api/captcha/ {captchaType, clientUid, ts}; without a type the server picks one. Background requests: a
 * captcha must never itself ask for a captcha, a login or a toast.
 */
export async function fetchChallenge(captchaType?: CaptchaType): Promise<Challenge> {
  const body = { ...(captchaType ? { captchaType } : {}), clientUid: clientUid(), ts: Date.now() };
  const { data } = await http.post<IssueAnswer>('/captcha/', body, { background: true });
  if (data.repCode !== '0000' || !data.captchaId || !data.captchaType || !data.data) {
    throw new CaptchaLoadError(data.repMsg || '验证码加载失败');
  }
  return { captchaId: data.captchaId, captchaType: data.captchaType, data: data.data };
}

export type CheckOutcome = { ok: true; token: string } | { ok: false; expired: boolean };

/** POST /api/captcha/check/: a right answer is traded for the one-use token of the rate-limited retry. */
export async function checkAnswer(challenge: Challenge, verifyValue: string): Promise<CheckOutcome> {
  try {
    const { data } = await http.post<{ token: string }>(
      '/captcha/check/',
      { captchaType: challenge.captchaType, verify_value: verifyValue, id: challenge.captchaId },
      { background: true },
    );
    return { ok: true, token: data.token };
  } catch (error) {
    // 400 captcha_wrong (6111) or captcha_expired (6110); anything else (offline, 5xx) is the caller's to show
    if (statusOf(error) === 400) return { ok: false, expired: apiCodeOf(error) === 'captcha_expired' };
    throw error;
  }
}

/** The login form's image captcha (GET /api/captcha/login/). */
export interface LoginCaptcha {
  key: string;
  image: string;
}

export async function fetchLoginCaptcha(): Promise<LoginCaptcha> {
  const { data } = await http.get<{ repCode: string; repMsg: string; captcha_key?: string; captcha_image?: string }>(
    '/captcha/login/',
    { params: { clientUid: clientUid() }, background: true },
  );
  if (data.repCode !== '0000' || !data.captcha_key || !data.captcha_image) throw new CaptchaLoadError(data.repMsg || '验证码加载失败');
  return { key: data.captcha_key, image: data.captcha_image };
}

/** An <img> source for the API's plain base64 PNGs. */
export function pngSrc(base64: string): string {
  return `data:image/png;base64,${base64}`;
}
