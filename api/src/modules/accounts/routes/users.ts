import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { CodeField, Done, LoginAnswer, NicknameField, PasswordField, PlatformField, platformOf, ShareAppKeyField } from '../fields';
import { requireActiveUser, requireLogin } from '../guards';
import { CountryCodeField, MobileField } from '../phone';
import { activate } from '../services/activation';
import { deleteAccount, patchUser, register, userInfo } from '../services/users';
import { INACTIVE_REASONS, PublicUserInfo, SelfUserInfo } from '../users';
import { messages, StringEnum, Text } from '../../../core/http/validation';

const MAX_ID = Number.MAX_SAFE_INTEGER;

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

/**
 * POST /api/users/ (register), GET /api/users/{id}/, PATCH /api/users/{uid}/ (profile, password change, reset),
 * POST /api/users-activate/ and POST /api/users-delete/.
 */
export async function userRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: Static<typeof RegisterBody> }>(
    '/api/users/',
    { config: { rateLimit: 'login' }, schema: { tags: ['账号'], body: RegisterBody, response: { 201: LoginAnswer } } },
    async (request, reply) => reply.code(201).send(await register(request, reply, request.body, platformOf(request.body.platform))),
  );

  app.get<{ Params: Static<typeof IdParams> }>(
    '/api/users/:id/',
    { config: { rateLimit: 'read' }, schema: { tags: ['账号'], params: IdParams, response: { 200: UserInfoAnswer } } },
    async (request) => userInfo(request, request.params.id),
  );

  app.patch<{ Params: Static<typeof UidParams>; Body: Static<typeof PatchBody> }>(
    '/api/users/:uid/',
    {
      config: { rateLimit: 'login' },
      schema: { tags: ['账号'], params: UidParams, body: PatchBody, response: { 200: PatchAnswer } },
    },
    async (request, reply) => patchUser(request, reply, request.params.uid, request.body),
  );

  app.post<{ Body: Static<typeof ActivateBody> }>(
    '/api/users-activate/',
    { config: { rateLimit: 'login' }, schema: { tags: ['账号'], body: ActivateBody, response: { 200: LoginAnswer } } },
    async (request, reply) => activate(request, reply, requireLogin(request).user, request.body),
  );

  app.post<{ Body: Static<typeof DeleteBody> }>(
    '/api/users-delete/',
    { config: { rateLimit: 'account' }, schema: { tags: ['账号'], body: DeleteBody, response: { 200: Done } } },
    async (request, reply) => deleteAccount(request, reply, requireActiveUser(request), request.body),
  );
}
