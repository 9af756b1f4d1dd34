import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CodeField,
  Done,
  LoginAnswer,
  NicknameField,
  PasswordField,
  PlatformField,
  platformOf,
  ShareAppKeyField,
} from '../fields';
import { inactiveError, requireActiveUser, requireLogin } from '../guards';
import { completeLogin } from '../login';
import { hashPassword, verifyPassword } from '../passwords';
import { CountryCodeField, MobileField, parsePhone } from '../phone';
import { readPassword } from '../rsa';
import { clearSessionCookies, endUserSessions, LOGIN_TYPES, userChanged } from '../sessions';
import {
  createUser,
  findUserById,
  findUserByPhone,
  INACTIVE_REASONS,
  PublicUserInfo,
  publicInfo,
  selfInfo,
  SelfUserInfo,
  type UserRow,
} from '../users';
import { isUniqueViolation } from '../../../core/db/errors';
import { ApiError, invalid } from '../../../core/http/errors';
import { messages, StringEnum, Text } from '../../../core/http/validation';
import { phoneOfBody } from './login';

const MAX_ID = Number.MAX_SAFE_INTEGER;
/** Wrong old passwords per account (PATCH modify_type 2, users-delete) before a captcha is needed. */
const OLD_PASSWORD_LIMITS = [{ max: 5, windowMs: 3_600_000 }];

const RegisterBody = Type.Object(
  {
    username: MobileField('手机号'),
    password: PasswordField(),
    code: CodeField,
    country_code: CountryCodeField,
    platform: PlatformField,
    nickname: Type.Optional(NicknameField),
    share_app_key: ShareAppKeyField,
  },
  { additionalProperties: false },
);

const IdParams = Type.Object({
  id: Type.Integer({ minimum: 0, maximum: MAX_ID, description: '用户 id，0 表示当前用户', ...messages('用户不存在') }),
});
const UidParams = Type.Object({
  uid: Type.Integer({ minimum: 0, maximum: MAX_ID, description: '用户 id，0 表示当前用户', ...messages('用户不存在') }),
});

/** GET /api/users/{id}/: the person's own info, or the public subset of someone else's. */
const UserInfoAnswer = Type.Object({
  ...PublicUserInfo.properties,
  ...Type.Partial(Type.Object(SelfUserInfo.properties)).properties,
});

const PASSWORD_CHANGED = '密码修改成功，请重新登录';
/** PATCH answers the updated info, or (password changed or reset) only a notice: every session has ended. */
const PatchAnswer = Type.Partial(
  Type.Object({
    ...SelfUserInfo.properties,
    detail: Type.String(),
    password_changed: Type.Boolean(),
  }),
);

const PatchBody = Type.Object(
  {
    modify_type: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 3,
        description: '1 或不传：修改资料；2：用原密码修改密码；3：用短信验证码重置密码（无需登录）',
        ...messages('修改类型不正确'),
      }),
    ),
    nickname: Type.Optional(NicknameField),
    gender: Type.Optional(StringEnum(['male', 'female'] as const, { description: '性别', ...messages('性别不正确') })),
    intro: Type.Optional(Text({ maxLength: 500, description: '个人简介', ...messages('个人简介不能超过500个字符') })),
    avatar: Type.Optional(
      Type.String({
        maxLength: 500,
        pattern: '^(|/[^\\s]*|https://[^\\s]+)$',
        description: '头像地址（站内路径或 https 地址）',
        ...messages('头像地址不正确'),
      }),
    ),
    old_password: Type.Optional(PasswordField('原密码（加密）')),
    password: Type.Optional(PasswordField('新密码（加密）')),
    username: Type.Optional(MobileField('手机号（重置密码时）')),
    code: Type.Optional(CodeField),
    country_code: CountryCodeField,
  },
  { additionalProperties: false },
);

const ActivateBody = Type.Object(
  {
    inactive_reason: StringEnum(INACTIVE_REASONS, { ...messages('账号状态不正确', '缺少账号状态') }),
    nickname: Type.Optional(NicknameField),
    password: Type.Optional(PasswordField()),
    mobile: Type.Optional(MobileField()),
    username: Type.Optional(MobileField('同 mobile（二选一）')),
    country_code: CountryCodeField,
    code: Type.Optional(CodeField),
    share_app_key: ShareAppKeyField,
    trd_active: Type.Optional(Type.Union([Type.Boolean(), Type.Integer({ minimum: 0, maximum: 1 })], { description: '第三方账号绑定手机号激活标记' })),
  },
  { additionalProperties: false },
);

const DeleteBody = Type.Object(
  {
    code: Type.Optional(CodeField),
    password: Type.Optional(PasswordField()),
  },
  { additionalProperties: false },
);

/** The person's own user id for a path id: 0 and their own id both mean "me". */
function isMe(request: FastifyRequest, id: number): boolean {
  return id === 0 || (request.user !== null && request.user.id === id);
}

async function reloadUser(app: FastifyInstance, id: number): Promise<UserRow> {
  const user = await findUserById(app.db, id);
  if (!user) throw new ApiError(404, 'user_not_found', '用户不存在');
  return user;
}

/**
 * POST /api/users/ (register), GET /api/users/{id}/, PATCH /api/users/{uid}/ (profile, password change, reset),
 * POST /api/users-activate/ and POST /api/users-delete/.
 */
export async function userRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: Static<typeof RegisterBody> }>(
    '/api/users/',
    { config: { rateLimit: 'login' }, schema: { tags: ['账号'], body: RegisterBody, response: { 201: LoginAnswer } } },
    async (request, reply) => {
      const body = request.body;
      const phone = parsePhone(body.username, body.country_code, 'username');
      const password = readPassword(app.passwords, body.password, 'password', true);
      const nickname = body.nickname?.trim();
      if (body.nickname !== undefined && !nickname) throw invalid({ nickname: ['用户名不能为空'] }, '用户名不能为空');
      await app.codes.verifySms(phone, 'REGISTER', body.code);
      const platform = platformOf(body.platform);
      const user = await createUser(app.db, {
        phone,
        passwordHash: await hashPassword(password),
        nickname: nickname || `用户${phone.mobile.slice(-4)}`,
        platform,
        now: app.now(),
      });
      if (!user) throw new ApiError(400, 'mobile_taken', '该手机号已注册，请直接登录', { username: ['该手机号已注册'] });
      if (body.share_app_key) {
        await app.db.query('UPDATE users SET share_app_key = $2 WHERE id = $1', [user.id, body.share_app_key]);
      }
      const answer = await completeLogin(request, reply, user, { loginType: LOGIN_TYPES.password, platform, isNew: true });
      return reply.code(201).send(answer);
    },
  );

  app.get<{ Params: Static<typeof IdParams> }>(
    '/api/users/:id/',
    { config: { rateLimit: 'read' }, schema: { tags: ['账号'], params: IdParams, response: { 200: UserInfoAnswer } } },
    async (request) => {
      const { id } = request.params;
      if (id === 0) {
        const { user } = requireLogin(request);
        return selfInfo(user);
      }
      if (request.user?.id === id) return selfInfo(request.user);
      const user = await findUserById(app.db, id);
      if (!user) throw new ApiError(404, 'user_not_found', '用户不存在');
      return publicInfo(user);
    },
  );

  app.patch<{ Params: Static<typeof UidParams>; Body: Static<typeof PatchBody> }>(
    '/api/users/:uid/',
    {
      config: { rateLimit: 'login' },
      schema: { tags: ['账号'], params: UidParams, body: PatchBody, response: { 200: PatchAnswer } },
    },
    async (request, reply) => {
      const body = request.body;
      if (body.modify_type === 3) return resetPassword(app, request, reply, body);
      const { user } = requireActiveUser(request);
      if (!isMe(request, request.params.uid)) {
        throw new ApiError(403, 'permission_denied', '只能修改自己的资料');
      }
      if (body.modify_type === 2) {
        if (body.password === undefined) throw invalid({ password: ['请输入新密码'] }, '请输入新密码');
        const password = readPassword(app.passwords, body.password, 'password', true);
        if (user.password_hash !== null) {
          if (body.old_password === undefined) throw invalid({ old_password: ['请输入原密码'] }, '请输入原密码');
          const old = readPassword(app.passwords, body.old_password, 'old_password', false);
          const key = `old-pwd-fail:${user.id}`;
          await app.rateLimiter.check(request, key, OLD_PASSWORD_LIMITS, '原密码错误次数过多，请完成安全验证后重试');
          if (!(await verifyPassword(user.password_hash, old))) {
            await app.rateLimiter.count(key, OLD_PASSWORD_LIMITS);
            throw invalid({ old_password: ['原密码不正确'] }, '原密码不正确');
          }
        }
        await app.db.query('UPDATE users SET password_hash = $2, update_time = $3 WHERE id = $1', [
          user.id,
          await hashPassword(password),
          app.now(),
        ]);
        // a changed password logs the account out everywhere, this browser included
        await endUserSessions(app, user.id);
        clearSessionCookies(app, reply);
        return { detail: PASSWORD_CHANGED, password_changed: true };
      }
      const nickname = body.nickname?.trim();
      if (body.nickname !== undefined && !nickname) throw invalid({ nickname: ['用户名不能为空'] }, '用户名不能为空');
      await app.db.query(
        `UPDATE users SET nickname = COALESCE($2, nickname), gender = COALESCE($3, gender),
                          intro = COALESCE($4, intro), avatar = COALESCE($5, avatar), update_time = $6
          WHERE id = $1`,
        [user.id, nickname ?? null, body.gender ?? null, body.intro ?? null, body.avatar ?? null, app.now()],
      );
      await userChanged(app, user.id);
      return selfInfo(await reloadUser(app, user.id));
    },
  );

  app.post<{ Body: Static<typeof ActivateBody> }>(
    '/api/users-activate/',
    { config: { rateLimit: 'login' }, schema: { tags: ['账号'], body: ActivateBody, response: { 200: LoginAnswer } } },
    async (request, reply) => {
      const { user } = requireLogin(request);
      const body = request.body;
      if (user.inactive_reason === null) throw new ApiError(400, 'already_active', '账号已激活，无需重复操作');
      if (user.inactive_reason === 'POST_SPAM_COMMENTS') throw inactiveError('POST_SPAM_COMMENTS');
      if (body.inactive_reason !== user.inactive_reason) {
        throw new ApiError(400, 'inactive_reason_mismatch', '账号状态已变化，请刷新页面后重试');
      }
      const now = app.now();
      if (user.inactive_reason === 'CODE_LOGIN_NO_PASSWORD') {
        const nickname = body.nickname?.trim();
        if (!nickname) throw invalid({ nickname: ['用户名不能为空'] }, '用户名不能为空');
        if (body.password === undefined) throw invalid({ password: ['请输入密码'] }, '请输入密码');
        const password = readPassword(app.passwords, body.password, 'password', true);
        await app.db.query(
          `UPDATE users SET nickname = $2, password_hash = $3, inactive_reason = NULL, update_time = $4,
                            share_app_key = COALESCE(share_app_key, $5)
            WHERE id = $1`,
          [user.id, nickname, await hashPassword(password), now, body.share_app_key ?? null],
        );
        await userChanged(app, user.id);
        return { ...selfInfo(await reloadUser(app, user.id)), is_new: false };
      }

      // TRD_LOGIN_NO_MOBILE: bind a phone proven by a TRD_ACTIVE code
      if (body.code === undefined) throw invalid({ code: ['请填写验证码'] }, '请填写验证码');
      const phone = phoneOfBody(body);
      await app.codes.verifySms(phone, 'TRD_ACTIVE', body.code);
      const owner = await findUserByPhone(app.db, phone);
      if (!owner) {
        try {
          await app.db.query(
            `UPDATE users SET country_code = $2, mobile = $3, inactive_reason = NULL, update_time = $4,
                              share_app_key = COALESCE(share_app_key, $5)
              WHERE id = $1`,
            [user.id, phone.countryCode, phone.mobile, now, body.share_app_key ?? null],
          );
        } catch (err) {
          if (!isUniqueViolation(err)) throw err;
          throw new ApiError(409, 'conflict', '该手机号刚刚被绑定，请重试');
        }
        await userChanged(app, user.id);
        return { ...selfInfo(await reloadUser(app, user.id)), is_new: false };
      }
      // the phone already has an account: the third-party identities move to it and the placeholder goes
      await app.db.transaction(async (tx) => {
        const clash = await tx.query(
          `SELECT 1 FROM trd_accounts a JOIN trd_accounts b ON a.provider = b.provider
            WHERE a.user_id = $1 AND b.user_id = $2`,
          [user.id, owner.id],
        );
        if (clash.length) {
          throw new ApiError(409, 'trd_bound_elsewhere', '该手机号的账号已绑定同平台的其他账号，请更换手机号');
        }
        await tx.query('UPDATE trd_accounts SET user_id = $2 WHERE user_id = $1', [user.id, owner.id]);
        await tx.query('DELETE FROM users WHERE id = $1', [user.id]);
      });
      await userChanged(app, user.id);
      const platform = request.session?.platform ?? '';
      request.session = null; // its row went with the placeholder account
      return completeLogin(request, reply, owner, { loginType: LOGIN_TYPES.thirdParty, platform });
    },
  );

  app.post<{ Body: Static<typeof DeleteBody> }>(
    '/api/users-delete/',
    { config: { rateLimit: 'account' }, schema: { tags: ['账号'], body: DeleteBody, response: { 200: Done } } },
    async (request, reply) => {
      const { user } = requireActiveUser(request);
      const { code, password } = request.body;
      if (code !== undefined && user.mobile !== null && user.country_code !== null) {
        await app.codes.verifySms({ countryCode: user.country_code, mobile: user.mobile }, 'LOGIN', code);
      } else if (password !== undefined) {
        const plain = readPassword(app.passwords, password, 'password', false);
        const key = `old-pwd-fail:${user.id}`;
        await app.rateLimiter.check(request, key, OLD_PASSWORD_LIMITS, '密码错误次数过多，请完成安全验证后重试');
        if (!(await verifyPassword(user.password_hash, plain))) {
          await app.rateLimiter.count(key, OLD_PASSWORD_LIMITS);
          throw invalid({ password: ['密码不正确'] }, '密码不正确');
        }
      } else {
        throw invalid({ code: ['请填写验证码或密码'] }, '注销账号需要验证身份，请填写短信验证码或密码');
      }
      await app.db.transaction(async (tx) => {
        // the row stays (later records point at it); what identifies the person goes
        await tx.query(
          `UPDATE users SET delete_time = $2, update_time = $2, country_code = NULL, mobile = NULL, email = NULL,
                            password_hash = NULL, nickname = '已注销用户', avatar = '', intro = '', share_app_key = NULL
            WHERE id = $1`,
          [user.id, app.now()],
        );
        await tx.query('DELETE FROM trd_accounts WHERE user_id = $1', [user.id]);
        await tx.query('DELETE FROM pwd_protection_answers WHERE user_id = $1', [user.id]);
        await tx.query('DELETE FROM sessions WHERE user_id = $1', [user.id]);
      });
      await userChanged(app, user.id);
      request.session = null;
      request.user = null;
      clearSessionCookies(app, reply);
      return { detail: '账号已注销' };
    },
  );
}

type PatchInput = Static<typeof PatchBody>;

/** PATCH modify_type 3: a new password for the phone that proves itself with a FIND_PWD code; no login needed. */
async function resetPassword(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, body: PatchInput) {
  if (body.username === undefined) throw invalid({ username: ['请填写登录手机号'] }, '请填写登录手机号');
  if (body.code === undefined) throw invalid({ code: ['请填写验证码'] }, '请填写验证码');
  if (body.password === undefined) throw invalid({ password: ['请输入新密码'] }, '请输入新密码');
  const phone = parsePhone(body.username, body.country_code, 'username');
  const password = readPassword(app.passwords, body.password, 'password', true);
  await app.codes.verifySms(phone, 'FIND_PWD', body.code);
  const user = await findUserByPhone(app.db, phone);
  if (!user) throw new ApiError(400, 'account_not_found', '该手机号尚未注册', { username: ['该手机号尚未注册'] });
  await app.db.query('UPDATE users SET password_hash = $2, update_time = $3 WHERE id = $1', [
    user.id,
    await hashPassword(password),
    app.now(),
  ]);
  await endUserSessions(app, user.id);
  if (request.session?.userId === user.id) clearSessionCookies(app, reply);
  return { detail: PASSWORD_CHANGED, password_changed: true };
}
