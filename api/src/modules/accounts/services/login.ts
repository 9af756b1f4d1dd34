import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, invalid } from '../../../core/http/errors';
import { issueLoginCaptcha, verifyLoginCaptcha } from '../../captcha';
import { completeLogin, type LoginResult } from '../login';
import { verifyPassword } from '../passwords';
import { parsePhone, phoneKey, type Phone } from '../phone';
import { readPassword } from '../rsa';
import { LOGIN_TYPES } from '../sessions';
import { createUser, findUserByPhone, setShareAppKey } from '../repositories/users';
import { defaultNickname } from '../users';
import { loginByIdentity } from './identity-login';
import { askProvider } from './provider-call';

const LOGIN_FAILED = '手机号或密码错误';
const CAPTCHA_REQUIRED = '请输入图形验证码';
const CAPTCHA_WRONG = '图形验证码错误或已过期，请重新输入';
const CAPTCHA_WRONG_FIELD = '图形验证码错误或已过期';

/** A required field the schema leaves optional (it depends on another field): the 400 naming it. */
export function required<T>(value: T | undefined, field: string, message: string): T {
  if (value === undefined) throw invalid({ [field]: [message] }, message);
  return value;
}

/** The phone of a body that names it `mobile` or `username`. */
export function phoneOfBody(body: { mobile?: string; username?: string; country_code?: string | number }): Phone {
  const raw = body.mobile ?? body.username;
  if (raw === undefined) throw invalid({ mobile: ['请填写登录手机号'] }, '请填写登录手机号');
  return parsePhone(raw, body.country_code, body.mobile !== undefined ? 'mobile' : 'username');
}

/**
 * 400 asking for the login form's image captcha (mf-auth's LoginMobileForm shows it on these codes), with a
 * fresh one: `captcha_required: true`, `captcha_key`, `captcha_image` (base64 PNG), `expiresIn`.
 */
async function captchaAnswer(app: FastifyInstance, code: string, message: string, field: string): Promise<ApiError> {
  return new ApiError(400, code, message, { captcha_value: [field] }, { captcha_required: true, ...(await issueLoginCaptcha(app)) });
}

export interface TokenLogin {
  username: string;
  country_code?: string | number;
  login_type: number;
  code?: string;
  password?: string;
  captcha_key?: string;
  captcha_value?: string;
}

/** POST /api/token/: login by password (1) or SMS code (2); third-party and QR logins have entries of their own. */
export async function tokenLogin(request: FastifyRequest, reply: FastifyReply, body: TokenLogin, platform: string): Promise<LoginResult> {
  const app = request.server;
  if (body.login_type === LOGIN_TYPES.thirdParty) {
    throw new ApiError(400, 'login_type_unsupported', '第三方登录请通过对应平台的授权入口进行');
  }
  if (body.login_type === LOGIN_TYPES.qrCode) throw new ApiError(400, 'login_type_unsupported', '扫码登录请使用二维码登录入口');
  const phone = parsePhone(body.username, body.country_code, 'username');
  if (body.login_type === LOGIN_TYPES.smsCode) {
    await app.codes.verifySms(phone, 'LOGIN', required(body.code, 'code', '请填写验证码'));
    const user = await findUserByPhone(app.db, phone);
    if (!user) throw new ApiError(400, 'account_not_found', '该手机号尚未注册，请先注册或使用验证码快捷登录');
    return completeLogin(request, reply, user, { loginType: LOGIN_TYPES.smsCode, platform });
  }
  return passwordLogin(request, reply, phone, body, platform);
}

async function passwordLogin(request: FastifyRequest, reply: FastifyReply, phone: Phone, body: TokenLogin, platform: string) {
  const app = request.server;
  const password = readPassword(app.passwords, required(body.password, 'password', '请输入密码'), 'password', false);
  // known and unknown phones go the same way: same counters, one argon2 verification, same answer
  const failures = [
    { key: `pwd-fail:${phoneKey(phone)}`, limits: app.rateLimiter.limits('password-failures') },
    { key: `pwd-fail-ip:${request.ip}`, limits: app.rateLimiter.limits('password-failures-address') },
  ];
  const captchaNeeded = async () => (await Promise.all(failures.map((f) => app.rateLimiter.reached(f.key, f.limits)))).some(Boolean);
  if (body.captcha_key !== undefined || body.captcha_value !== undefined) {
    // a captcha sent is always checked (and spent), needed or not
    if (!(await verifyLoginCaptcha(app, body.captcha_key ?? '', body.captcha_value ?? ''))) {
      throw await captchaAnswer(app, 'captcha_invalid', CAPTCHA_WRONG, CAPTCHA_WRONG_FIELD);
    }
  } else if (await captchaNeeded()) {
    // not a 429: the browser's security check cannot lift this, the login form's own captcha does
    throw await captchaAnswer(app, 'captcha_required', CAPTCHA_REQUIRED, CAPTCHA_REQUIRED);
  }
  const user = await findUserByPhone(app.db, phone);
  if (!(await verifyPassword(user?.password_hash, password)) || !user) {
    await Promise.all(failures.map((f) => app.rateLimiter.count(f.key, f.limits)));
    // the try that reaches the limit already hands the form its captcha for the next one
    const extra = (await captchaNeeded()) ? { captcha_required: true, ...(await issueLoginCaptcha(app)) } : undefined;
    throw new ApiError(400, 'invalid', LOGIN_FAILED, { non_field_errors: [LOGIN_FAILED] }, extra);
  }
  return completeLogin(request, reply, user, { loginType: LOGIN_TYPES.password, platform });
}

/** POST /api/login-code/: SMS quick login; a new phone gets an account without password (inactive until activated). */
export async function codeLogin(
  request: FastifyRequest,
  reply: FastifyReply,
  body: { mobile?: string; username?: string; country_code?: string | number; code: string; share_app_key?: string },
  platform: string,
): Promise<LoginResult> {
  const app = request.server;
  const phone = phoneOfBody(body);
  await app.codes.verifySms(phone, 'LOGIN', body.code);
  let user = await findUserByPhone(app.db, phone);
  let isNew = false;
  if (!user) {
    const nickname = defaultNickname(phone);
    user = await createUser(app.db, { phone, nickname, inactiveReason: 'CODE_LOGIN_NO_PASSWORD', platform, now: app.now() });
    isNew = user !== undefined;
    user ??= await findUserByPhone(app.db, phone); // created meanwhile by a parallel request
    if (!user) throw new ApiError(409, 'conflict', '操作冲突，请重试');
    if (isNew && body.share_app_key) await setShareAppKey(app.db, user.id, body.share_app_key);
  }
  return completeLogin(request, reply, user, { loginType: LOGIN_TYPES.smsCode, platform, isNew });
}

/** POST /api/wxminiapp-login/: the mini-program's wx.login() code, exchanged by code2Session. */
export async function miniAppLogin(request: FastifyRequest, reply: FastifyReply, code: string, platform: string): Promise<LoginResult> {
  const app = request.server;
  const identity = await askProvider(request, () => app.wxMiniApp.code2Session(code), {
    log: 'code2Session failed',
    status: 503,
    message: '微信登录暂时不可用，请稍后重试',
  });
  if (!identity) throw new ApiError(400, 'wx_code_invalid', '微信登录凭证无效或已过期，请重新进入小程序');
  const found = await loginByIdentity(app, 'weixin_miniapp', identity.openid, identity.unionid, platform);
  return completeLogin(request, reply, found.user, { loginType: LOGIN_TYPES.thirdParty, platform, isNew: found.isNew });
}
