import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { CodeField, Done, LoginAnswer, PasswordField, PlatformField, platformOf, ShareAppKeyField } from '../fields';
import { completeLogin } from '../login';
import { issueLoginCaptcha, verifyLoginCaptcha } from '../../captcha';
import { verifyPassword } from '../passwords';
import { CountryCodeField, MobileField, parsePhone, phoneKey } from '../phone';
import { readPassword } from '../rsa';
import { endSession, LOGIN_TYPES } from '../sessions';
import { createUser, defaultNickname, findUserById, findUserByPhone, USER_COLUMNS, type UserRow } from '../users';
import { isUniqueViolation } from '../../../core/db/errors';
import { ApiError, invalid } from '../../../core/http/errors';
import { messages, Text } from '../../../core/http/validation';
import { ProviderError } from '../../../infra/providers/http-transport';

const LOGIN_FAILED = '手机号或密码错误';
const CAPTCHA_REQUIRED = '请输入图形验证码';
const CAPTCHA_WRONG = '图形验证码错误或已过期，请重新输入';
const CAPTCHA_WRONG_FIELD = '图形验证码错误或已过期';

/**
 * 400 asking for the login form's image captcha (mf-auth's LoginMobileForm shows it on these codes), with a
 * fresh one: `captcha_required: true`, `captcha_key`, `captcha_image` (base64 PNG), `expiresIn`.
 */
async function captchaAnswer(app: FastifyInstance, code: string, message: string, field: string): Promise<ApiError> {
  return new ApiError(400, code, message, { captcha_value: [field] }, { captcha_required: true, ...(await issueLoginCaptcha(app)) });
}

const TokenBody = Type.Object(
  {
    username: MobileField('手机号（可带 +区号 前缀）'),
    password: Type.Optional(PasswordField()),
    code: Type.Optional(CodeField),
    login_type: Type.Integer({
      minimum: 1,
      maximum: 4,
      description: '1 密码，2 短信验证码，3 第三方，4 扫码',
      ...messages('登录方式不正确', '请选择登录方式'),
    }),
    platform: PlatformField,
    country_code: CountryCodeField,
    captcha_key: Type.Optional(Text({ maxLength: 100, description: '登录表单图形验证码的 captcha_key（GET /api/captcha/login/）' })),
    captcha_value: Type.Optional(Text({ maxLength: 32, description: '用户输入的图形验证码' })),
  },
  { additionalProperties: false },
);

const LoginCodeBody = Type.Object(
  {
    mobile: Type.Optional(MobileField()),
    username: Type.Optional(MobileField('同 mobile（二选一）')),
    code: CodeField,
    country_code: CountryCodeField,
    platform: PlatformField,
    share_app_key: ShareAppKeyField,
  },
  { additionalProperties: false },
);

const MiniAppBody = Type.Object(
  {
    code: Text({ minLength: 1, maxLength: 128, description: 'wx.login() 得到的 code', ...messages('登录凭证不正确', '缺少登录凭证') }),
    platform: PlatformField,
  },
  { additionalProperties: false },
);

/** The phone of a body that names it `mobile` or `username`. */
export function phoneOfBody(body: { mobile?: string; username?: string; country_code?: string | number }) {
  const raw = body.mobile ?? body.username;
  if (raw === undefined) throw invalid({ mobile: ['请填写登录手机号'] }, '请填写登录手机号');
  return parsePhone(raw, body.country_code, body.mobile !== undefined ? 'mobile' : 'username');
}

/**
 * POST /api/token/ (login by password or SMS code), POST /api/login-code/ (SMS quick login, creating the
 * account), POST /api/wxminiapp-login/ and POST /api/logout/.
 */
export async function loginRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: Static<typeof TokenBody> }>(
    '/api/token/',
    { config: { rateLimit: 'login' }, schema: { tags: ['账号'], body: TokenBody, response: { 200: LoginAnswer } } },
    async (request, reply) => {
      const body = request.body;
      const platform = platformOf(body.platform);
      if (body.login_type === LOGIN_TYPES.thirdParty) {
        throw new ApiError(400, 'login_type_unsupported', '第三方登录请通过对应平台的授权入口进行');
      }
      if (body.login_type === LOGIN_TYPES.qrCode) {
        throw new ApiError(400, 'login_type_unsupported', '扫码登录请使用二维码登录入口');
      }
      const phone = parsePhone(body.username, body.country_code, 'username');

      if (body.login_type === LOGIN_TYPES.smsCode) {
        if (body.code === undefined) throw invalid({ code: ['请填写验证码'] }, '请填写验证码');
        await app.codes.verifySms(phone, 'LOGIN', body.code);
        const user = await findUserByPhone(app.db, phone);
        if (!user) {
          throw new ApiError(400, 'account_not_found', '该手机号尚未注册，请先注册或使用验证码快捷登录');
        }
        return completeLogin(request, reply, user, { loginType: LOGIN_TYPES.smsCode, platform });
      }

      if (body.password === undefined) throw invalid({ password: ['请输入密码'] }, '请输入密码');
      const password = readPassword(app.passwords, body.password, 'password', false);
      // known and unknown phones go the same way: same counters, one argon2 verification, same answer
      const failures = [
        { key: `pwd-fail:${phoneKey(phone)}`, limits: app.rateLimiter.limits('password-failures') },
        { key: `pwd-fail-ip:${request.ip}`, limits: app.rateLimiter.limits('password-failures-address') },
      ];
      const captchaNeeded = async () =>
        (await Promise.all(failures.map((f) => app.rateLimiter.reached(f.key, f.limits)))).some(Boolean);
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
    },
  );

  app.post<{ Body: Static<typeof LoginCodeBody> }>(
    '/api/login-code/',
    { config: { rateLimit: 'login' }, schema: { tags: ['账号'], body: LoginCodeBody, response: { 200: LoginAnswer } } },
    async (request, reply) => {
      const body = request.body;
      const phone = phoneOfBody(body);
      await app.codes.verifySms(phone, 'LOGIN', body.code);
      const platform = platformOf(body.platform);
      let user = await findUserByPhone(app.db, phone);
      let isNew = false;
      if (!user) {
        // a new account without password: inactive until a nickname and password are set (users-activate)
        user = await createUser(app.db, {
          phone,
          nickname: defaultNickname(phone),
          inactiveReason: 'CODE_LOGIN_NO_PASSWORD',
          platform,
          now: app.now(),
        });
        isNew = user !== undefined;
        user ??= await findUserByPhone(app.db, phone); // created meanwhile by a parallel request
        if (!user) throw new ApiError(409, 'conflict', '操作冲突，请重试');
        if (isNew && body.share_app_key) {
          await app.db.query('UPDATE users SET share_app_key = $2 WHERE id = $1', [user.id, body.share_app_key]);
        }
      }
      return completeLogin(request, reply, user, { loginType: LOGIN_TYPES.smsCode, platform, isNew });
    },
  );

  app.post<{ Body: Static<typeof MiniAppBody> }>(
    '/api/wxminiapp-login/',
    { config: { rateLimit: 'login' }, schema: { tags: ['账号'], body: MiniAppBody, response: { 200: LoginAnswer } } },
    async (request, reply) => {
      let identity;
      try {
        identity = await app.wxMiniApp.code2Session(request.body.code);
      } catch (err) {
        if (!(err instanceof ProviderError)) throw err;
        request.log.error({ err }, 'code2Session failed');
        throw new ApiError(503, 'provider_unavailable', '微信登录暂时不可用，请稍后重试');
      }
      if (!identity) throw new ApiError(400, 'wx_code_invalid', '微信登录凭证无效或已过期，请重新进入小程序');
      const platform = platformOf(request.body.platform, 'weixin_miniapp');
      const found = await loginByIdentity(app, 'weixin_miniapp', identity.openid, identity.unionid, platform);
      return completeLogin(request, reply, found.user, { loginType: LOGIN_TYPES.thirdParty, platform, isNew: found.isNew });
    },
  );

  app.post(
    '/api/logout/',
    { config: { rateLimit: 'account' }, schema: { tags: ['账号'], response: { 200: Done } } },
    async (request, reply) => {
      await endSession(request, reply);
      return { detail: '已退出登录' };
    },
  );
}

/**
 * The account of a third-party identity: the one it is bound to; else the one bound to the same unionid on
 * another provider (WeChat links its apps by unionid), which gets this provider too; else a new inactive account
 * (TRD_LOGIN_NO_MOBILE) bound to it.
 */
export async function loginByIdentity(
  app: FastifyInstance,
  provider: string,
  openid: string,
  unionid: string | null,
  platform: string,
): Promise<{ user: UserRow; isNew: boolean }> {
  const boundTo = async (): Promise<UserRow | undefined> => {
    const [row] = await app.db.query<{ user_id: number }>(
      'SELECT user_id FROM trd_accounts WHERE provider = $1 AND openid = $2',
      [provider, openid],
    );
    return row ? findUserById(app.db, row.user_id) : undefined;
  };
  const existing = await boundTo();
  if (existing) return { user: existing, isNew: false };
  const now = app.now();
  try {
    return await app.db.transaction(async (tx) => {
      let userId: number | undefined;
      if (unionid) {
        const [row] = await tx.query<{ user_id: number }>(
          `SELECT t.user_id FROM trd_accounts t JOIN users u ON u.id = t.user_id
            WHERE t.unionid = $1 AND u.delete_time IS NULL ORDER BY t.id LIMIT 1`,
          [unionid],
        );
        userId = row?.user_id;
      }
      let isNew = false;
      if (userId === undefined) {
        const created = await createUser(tx, {
          nickname: defaultNickname(),
          inactiveReason: 'TRD_LOGIN_NO_MOBILE',
          platform,
          now,
        });
        if (!created) throw new Error('user insert returned nothing');
        userId = created.id;
        isNew = true;
      }
      await tx.query(
        `INSERT INTO trd_accounts (user_id, provider, openid, unionid, create_time) VALUES ($1, $2, $3, $4, $5)`,
        [userId, provider, openid, unionid, now],
      );
      const [user] = await tx.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1`, [userId]);
      return { user, isNew };
    });
  } catch (err) {
    // a parallel login of the same identity won the insert: use its account
    if (!isUniqueViolation(err)) throw err;
    const user = await boundTo();
    if (!user) throw new ApiError(409, 'conflict', '该账号已绑定同平台的其他账号');
    return { user, isNew: false };
  }
}
