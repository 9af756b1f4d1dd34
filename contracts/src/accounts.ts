import { Type, type Static } from '@sinclair/typebox';
import { INACTIVE_REASONS, QR_TYPES, SMS_REASONS, STAFF_ROLES, TRD_PROVIDERS } from './enums';
import { defineEndpoints } from './endpoint';
import { IMG_STORAGE_URL_PATTERN, messages, PageQuery, PageSchema, StringEnum, Text } from './schema';

/**
 * The accounts endpoints (SPEC §3, §4, §7): login, registration, users, verification codes, account security,
 * login devices, third-party bindings and QR login. A static type is exported beside each schema.
 */

/** Longest password ciphertext the API reads: base64 of one 2048-bit RSA block is 344 characters. */
export const PASSWORD_CIPHERTEXT_MAX = 1024;
/** A QR login token as the QR code carries it. */
export const QR_TOKEN_PATTERN = '^[A-Za-z0-9_-]{20,64}$';
/** Security questions each account answers. */
export const QUESTIONS_PER_USER = 3;
/** Fields the login history and the login devices may be ordered by (?ordering=, '-' for descending). */
export const LOGIN_HISTORY_ORDERING = ['create_time'] as const;
export const LOGIN_DEVICES_ORDERING = ['last_active_time', 'create_time'] as const;

/** ?ordering= of a list ordered by `fields` (DRF's OrderingFilter with a whitelist). */
function orderingField(fields: readonly string[]) {
  const allowed = fields.flatMap((f) => [f, `-${f}`]);
  return {
    ordering: Type.Optional(Type.String({ maxLength: 200, description: `排序字段，逗号分隔，前缀 - 表示倒序；可选：${allowed.join(', ')}` })),
  };
}

// fields

/** An RSA-OAEP ciphertext of a password, base64 (GET /api/public-key/ gives the key). */
export function PasswordField(description = '用公钥加密（RSA-OAEP/SHA-256）后的密码，base64') {
  return Text({ minLength: 1, maxLength: PASSWORD_CIPHERTEXT_MAX, description, ...messages('密码格式不正确', '请输入密码') });
}

/** A 6-digit verification code (SPEC §5: '验证码格式不正确'). */
export const CodeField = Type.String({
  pattern: '^[0-9]{6}$',
  description: '6 位数字验证码',
  ...messages('验证码格式不正确', '请填写验证码'),
});

/** The client's platform field (SPEC §3 "platform (3)"): kept as sent, a small number or a name. */
export const PlatformField = Type.Optional(
  Type.Union([Type.Integer({ minimum: 0, maximum: 99 }), Type.String({ pattern: '^[A-Za-z0-9_]{0,32}$' })], {
    description: '客户端平台，如 3、pc、mobile、weixin_miniapp',
    ...messages('平台参数不正确'),
  }),
);

/** A nickname (SPEC §5: required, fewer than 255 characters). */
export const NicknameField = Text({
  minLength: 1,
  maxLength: 254,
  description: '昵称，少于 255 个字符',
  ...messages('昵称不能超过255个字符', '用户名不能为空'),
});

/** Optional invite / share key (SPEC §3 "Activation": share_app_key). */
export const ShareAppKeyField = Type.Optional(Text({ maxLength: 64, description: '邀请或分享来源标识' }));

/** A plain acknowledgement. */
export const Done = Type.Object({ detail: Type.String() });

/** The answer to a code being sent. */
export const CodeSent = Type.Object({
  detail: Type.String(),
  resend_after: Type.Integer({ description: '多少秒后可再次获取' }),
  expire_in: Type.Integer({ description: '验证码有效秒数' }),
});

/** `country_code` of a request: '86', '+86' or 86; absent means 86 (SPEC §9). */
export const CountryCodeField = Type.Optional(
  Type.Union([Type.String({ pattern: '^\\+?[0-9]{1,4}$' }), Type.Integer({ minimum: 1, maximum: 9999 })], {
    description: '国家或地区区号，默认 86',
    ...messages('国家或地区区号不正确'),
  }),
);

/** A phone number field as typed: digits, spaces (the form spaces it 3-4-4), an optional leading + and dashes. */
export function MobileField(description = '手机号（可带空格）', requiredMessage = '请填写登录手机号') {
  // a pattern of its own (which also keeps NUL out), so Type.String rather than Text()
  return Type.String({ maxLength: 24, pattern: '^[0-9 +-]*$', description, ...messages('手机号格式不正确', requiredMessage) });
}

// user info

const Gender = Type.Union([Type.Literal('male'), Type.Literal('female'), Type.Null()], { description: '性别' });

/** What anyone may see of a user (GET /api/users/{id}/ for someone else). */
export const PublicUserInfo = Type.Object({
  uid: Type.Integer(),
  nickname: Type.String(),
  level: Type.Integer({ minimum: 1, maximum: 3, description: '1 初级，2 高级，3 认证专家' }),
  gender: Gender,
  avatar: Type.String(),
  intro: Type.String(),
});

/** What the person sees of their own account (GET /api/users/0/ and every login answer). */
export const SelfUserInfo = Type.Object({
  ...PublicUserInfo.properties,
  is_active: Type.Union([Type.Literal(0), Type.Literal(1)]),
  inactive_reason: Type.Union([StringEnum(INACTIVE_REASONS), Type.Null()], {
    description: 'TRD_LOGIN_NO_MOBILE / CODE_LOGIN_NO_PASSWORD / POST_SPAM_COMMENTS；已激活时为 null',
  }),
  country_code: Type.Union([Type.String(), Type.Null()]),
  mobile: Type.Union([Type.String(), Type.Null()], { description: '打码后的手机号' }),
  email: Type.Union([Type.String(), Type.Null()], { description: '打码后的邮箱' }),
  has_password: Type.Boolean(),
  has_pwd_protection: Type.Boolean(),
  create_time: Type.String({ format: 'date-time' }),
  staff_roles: Type.Array(StringEnum(STAFF_ROLES), { description: '本人的管理员角色（admin/reviewer/finance/support）；非管理员为空数组。只出现在本人的信息里' }),
});

/** Every login answer: the user info the client stores, and whether the account was just created. */
export const LoginAnswer = Type.Object({
  ...SelfUserInfo.properties,
  is_new: Type.Boolean({ description: '本次登录新建了账号（前端据此带 from_reg=true 跳转用户页）' }),
});

// login and registration

export const TokenLoginBody = Type.Object(
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

export const LoginCodeBody = Type.Object(
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

export const MiniAppLoginBody = Type.Object(
  {
    code: Text({ minLength: 1, maxLength: 128, description: 'wx.login() 得到的 code', ...messages('登录凭证不正确', '缺少登录凭证') }),
    platform: PlatformField,
  },
  { additionalProperties: false },
);

const MAX_ID = Number.MAX_SAFE_INTEGER;

export const RegisterBody = Type.Object(
  {
    username: MobileField('手机号'),
    password: PasswordField(),
    code: CodeField,
    country_code: CountryCodeField,
    platform: PlatformField,
    nickname: Type.Optional(NicknameField),
    share_app_key: ShareAppKeyField,
    invite_code: Type.Optional(Type.String({ pattern: '^[0-9]{5}$', description: '邀请码（5 位数字）', ...messages('邀请码不正确') })),
  },
  { additionalProperties: false },
);

export const UserIdParams = Type.Object({
  id: Type.Integer({ minimum: 0, maximum: MAX_ID, description: '用户 id，0 表示当前用户', ...messages('用户不存在') }),
});
export const UserUidParams = Type.Object({
  uid: Type.Integer({ minimum: 0, maximum: MAX_ID, description: '用户 id，0 表示当前用户', ...messages('用户不存在') }),
});

/** GET /api/users/{id}/: the person's own info, or the public subset of someone else's. */
export const UserInfoAnswer = Type.Object({
  ...PublicUserInfo.properties,
  ...Type.Partial(Type.Object(SelfUserInfo.properties)).properties,
});

/** PATCH answers the updated info, or (password changed or reset) only a notice: every session has ended. */
export const UserPatchAnswer = Type.Partial(
  Type.Object({
    ...SelfUserInfo.properties,
    detail: Type.String(),
    password_changed: Type.Boolean(),
  }),
);

export const UserPatchBody = Type.Object(
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
        pattern: `^(|${IMG_STORAGE_URL_PATTERN.slice(1, -1)})$`,
        description: '头像：POST /api/img-storage/（purpose=avatar）返回的 url；空字符串表示去掉头像',
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

export const ActivateBody = Type.Object(
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

export const DeleteAccountBody = Type.Object(
  {
    code: Type.Optional(CodeField),
    password: Type.Optional(PasswordField()),
  },
  { additionalProperties: false },
);

export const DeleteAccountAnswer = Type.Object({
  detail: Type.String(),
  delete_time: Type.String({ format: 'date-time', description: '冷静期结束、账号注销的时间；此前重新登录即撤销' }),
});

// codes and the password key

export const SendCodeBody = Type.Object(
  {
    mobile: MobileField('手机号（可带空格）', '手机号不能为空'),
    reason: StringEnum(SMS_REASONS, {
      description: 'REGISTER 注册或更换手机号，LOGIN 登录或身份验证，FIND_PWD 找回密码，TRD_ACTIVE 绑定手机号激活',
      ...messages('验证码用途不正确', '请选择验证码用途'),
    }),
    country_code: CountryCodeField,
    proof: Type.Optional(
      Type.String({
        pattern: '^[0-9]{6}$',
        description:
          '可选：本手机号一小时内收到过的验证码（过期或已用也可），证明发送者是机主：不受他人发送次数上限限制，计入机主自己的上限；每次需完成安全验证',
        ...messages('之前收到的验证码格式不正确'),
      }),
    ),
  },
  { additionalProperties: false },
);

export const PublicKeyAnswer = Type.Object({
  public_key: Type.String({ description: 'SPKI PEM，jsencrypt 的 setPublicKey 可直接使用' }),
  algorithm: Type.Literal('RSA-OAEP'),
  hash: Type.Literal('SHA-256'),
});

// account security

/** A fresh proof of the owner: a LOGIN code to the account's phone (POST /api/codes/self/) or the password. */
export const MobileCheckBody = Type.Object(
  { code: Type.Optional(CodeField), password: Type.Optional(PasswordField()) },
  { additionalProperties: false },
);
export const MobileCheckAnswer = Type.Object({ detail: Type.String(), valid_seconds: Type.Integer() });
export const AccountProofBody = MobileCheckBody;
export const AccountProofAnswer = MobileCheckAnswer;
export const SignOutOthersAnswer = Type.Object({ detail: Type.String(), count: Type.Integer({ description: '下线的设备数' }) });
export const ChangeMobileBody = Type.Object(
  { mobile: MobileField('新手机号'), country_code: CountryCodeField, code: CodeField },
  { additionalProperties: false },
);
const EmailField = Type.String({
  format: 'email',
  maxLength: 254,
  description: '邮箱地址',
  ...messages('邮箱格式不正确', '请填写邮箱'),
});
const EmailActionField = StringEnum(['bind', 'unbind'] as const, {
  description: 'bind：绑定或更换为 email；unbind：解绑当前邮箱',
  default: 'bind',
  ...messages('操作类型不正确'),
});
export const EmailVerifyBody = Type.Object(
  { email: Type.Optional(EmailField), action: Type.Optional(EmailActionField) },
  { additionalProperties: false },
);
export const EmailChangeBody = Type.Object(
  { email: Type.Optional(EmailField), code: CodeField, action: Type.Optional(EmailActionField) },
  { additionalProperties: false },
);

export const PwdAnswer = Type.Object(
  {
    question_id: Type.Integer({ minimum: 1, maximum: 1_000_000, ...messages('密保问题不正确', '请选择密保问题') }),
    answer: Text({ minLength: 1, maxLength: 64, ...messages('答案应为1到64个字符', '请填写答案') }),
  },
  { additionalProperties: false },
);
export const PwdAnswers = Type.Array(PwdAnswer, {
  minItems: QUESTIONS_PER_USER,
  maxItems: QUESTIONS_PER_USER,
  description: `${QUESTIONS_PER_USER} 个不同问题的答案`,
  ...messages(`请设置${QUESTIONS_PER_USER}个密保问题`, '请填写密保答案'),
});
export const PwdQuestionQuery = Type.Object({ ...PageQuery });
export const PwdAnswersBody = Type.Object({ answers: PwdAnswers }, { additionalProperties: false });
export const PwdAnswersUpdateBody = Type.Object({ old_answers: PwdAnswers, answers: PwdAnswers }, { additionalProperties: false });
export const PwdQuestion = Type.Object({
  id: Type.Integer(),
  question: Type.String(),
  selected: Type.Boolean({ description: '当前用户已选用该问题' }),
});

// login devices

export const LoginHistoryQuery = Type.Object({ ...PageQuery, ...orderingField(LOGIN_HISTORY_ORDERING) });
export const LoginHistoryItem = Type.Object({
  id: Type.Integer(),
  action: Type.String({ description: "'login' 登录，其余为账号安全变更（ACCOUNT_EVENTS）" }),
  login_type: Type.Integer({ description: '1 密码，2 短信验证码，3 第三方，4 扫码' }),
  platform: Type.String(),
  device: Type.String({ description: '由 User-Agent 得出的设备名' }),
  ip: Type.String(),
  user_agent: Type.String(),
  create_time: Type.String({ format: 'date-time' }),
});

export const LoginDevicesQuery = Type.Object({ ...PageQuery, ...orderingField(LOGIN_DEVICES_ORDERING) });
export const LoginDevice = Type.Object({
  ...LoginHistoryItem.properties,
  last_active_time: Type.String({ format: 'date-time' }),
  current: Type.Boolean({ description: '是否为当前这次登录' }),
});
export const LoginDeviceParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, ...messages('登录设备不存在') }),
});

// third-party bindings

export const TrdAccount = Type.Object({
  id: Type.Integer(),
  provider: Type.String({ description: TRD_PROVIDERS.join(' / ') }),
  nickname: Type.String(),
  avatar: Type.String(),
  create_time: Type.String({ format: 'date-time' }),
});
export const TrdAccountQuery = Type.Object({ ...PageQuery });
export const TrdProviderParams = Type.Object({
  provider: StringEnum(TRD_PROVIDERS, { description: '第三方平台（alipayh5 即 alipay）', ...messages('不支持的第三方平台') }),
});
export const TrdBindBody = Type.Object(
  {
    provider: StringEnum(TRD_PROVIDERS, { description: '第三方平台', ...messages('不支持的第三方平台', '请选择第三方平台') }),
    code: Text({ minLength: 1, maxLength: 512, description: '该平台的授权 code', ...messages('授权码不正确', '缺少授权码') }),
  },
  { additionalProperties: false },
);

// QR login

const QrTypeField = StringEnum(QR_TYPES, { description: 'login（本站 App 扫码）或 wxgzh_login（微信公众号扫码）', ...messages('二维码类型不正确', '缺少二维码类型') });
const QrTokenField = Type.String({ pattern: QR_TOKEN_PATTERN, description: '二维码 token', ...messages('二维码无效，请刷新后重试', '缺少二维码 token') });

export const QrBody = Type.Object(
  {
    type: QrTypeField,
    token: Type.Optional(QrTokenField),
    device: Type.Optional(Type.String({ maxLength: 16, description: '设备，PC' })),
    platform: PlatformField,
    login_type: Type.Optional(Type.Integer({ minimum: 4, maximum: 4, description: '4 扫码', ...messages('登录方式不正确') })),
  },
  { additionalProperties: false },
);
export const QrAnswer = Type.Object({
  status: Type.String({ description: 'update 等待扫码/确认；ok 已确认并登录（带 user）' }),
  token: Type.String(),
  expire_time: Type.Integer({ description: '二维码剩余有效秒数' }),
  scanned: Type.Optional(Type.Boolean({ description: 'App 已扫码，等待确认' })),
  user: Type.Optional(LoginAnswer),
});
export const QrImageQuery = Type.Object({
  type: QrTypeField,
  token: QrTokenField,
  action: StringEnum(['make'] as const, { ...messages('不支持的操作', '缺少 action') }),
});
export const QrAppBody = Type.Object({ token: QrTokenField, type: Type.Optional(QrTypeField) }, { additionalProperties: false });
export const QrAppAnswer = Type.Object({ status: Type.String({ description: 'scanned / confirmed' }), detail: Type.String() });

// static types of the schemas above (for the remotes: import type)

export type TokenLoginBody = Static<typeof TokenLoginBody>;
export type LoginCodeBody = Static<typeof LoginCodeBody>;
export type MiniAppLoginBody = Static<typeof MiniAppLoginBody>;
export type RegisterBody = Static<typeof RegisterBody>;
export type UserIdParams = Static<typeof UserIdParams>;
export type UserUidParams = Static<typeof UserUidParams>;
export type UserInfoAnswer = Static<typeof UserInfoAnswer>;
export type UserPatchAnswer = Static<typeof UserPatchAnswer>;
export type UserPatchBody = Static<typeof UserPatchBody>;
export type ActivateBody = Static<typeof ActivateBody>;
export type DeleteAccountBody = Static<typeof DeleteAccountBody>;
export type DeleteAccountAnswer = Static<typeof DeleteAccountAnswer>;
export type SendCodeBody = Static<typeof SendCodeBody>;
export type PublicKeyAnswer = Static<typeof PublicKeyAnswer>;
export type MobileCheckBody = Static<typeof MobileCheckBody>;
export type MobileCheckAnswer = Static<typeof MobileCheckAnswer>;
export type AccountProofBody = Static<typeof AccountProofBody>;
export type AccountProofAnswer = Static<typeof AccountProofAnswer>;
export type SignOutOthersAnswer = Static<typeof SignOutOthersAnswer>;
export type ChangeMobileBody = Static<typeof ChangeMobileBody>;
export type EmailVerifyBody = Static<typeof EmailVerifyBody>;
export type EmailChangeBody = Static<typeof EmailChangeBody>;
export type PwdAnswer = Static<typeof PwdAnswer>;
export type PwdQuestionQuery = Static<typeof PwdQuestionQuery>;
export type PwdAnswersBody = Static<typeof PwdAnswersBody>;
export type PwdAnswersUpdateBody = Static<typeof PwdAnswersUpdateBody>;
export type PwdQuestion = Static<typeof PwdQuestion>;
export type LoginHistoryQuery = Static<typeof LoginHistoryQuery>;
export type LoginHistoryItem = Static<typeof LoginHistoryItem>;
export type LoginDevicesQuery = Static<typeof LoginDevicesQuery>;
export type LoginDevice = Static<typeof LoginDevice>;
export type LoginDeviceParams = Static<typeof LoginDeviceParams>;
export type TrdAccount = Static<typeof TrdAccount>;
export type TrdAccountQuery = Static<typeof TrdAccountQuery>;
export type TrdProviderParams = Static<typeof TrdProviderParams>;
export type TrdBindBody = Static<typeof TrdBindBody>;
export type QrBody = Static<typeof QrBody>;
export type QrAnswer = Static<typeof QrAnswer>;
export type QrImageQuery = Static<typeof QrImageQuery>;
export type QrAppBody = Static<typeof QrAppBody>;
export type QrAppAnswer = Static<typeof QrAppAnswer>;
export type PublicUserInfo = Static<typeof PublicUserInfo>;
export type SelfUserInfo = Static<typeof SelfUserInfo>;
export type LoginAnswer = Static<typeof LoginAnswer>;
export type Done = Static<typeof Done>;
export type CodeSent = Static<typeof CodeSent>;

/**
 * The account-security endpoints the settings pages call (the older account routes are described by the API's
 * OpenAPI document only).
 */
export const accountsEndpoints = defineEndpoints({
  'POST /api/account-proof/': { body: AccountProofBody, response: { 200: AccountProofAnswer } },
  'POST /api/mobile/check/': { body: MobileCheckBody, response: { 200: MobileCheckAnswer } },
  'POST /api/change-mobile/': { body: ChangeMobileBody, response: { 200: SelfUserInfo } },
  'POST /api/users-delete/': { body: DeleteAccountBody, response: { 200: DeleteAccountAnswer } },
  'GET /api/login-history/': { querystring: LoginHistoryQuery, response: { 200: PageSchema(LoginHistoryItem) } },
  'GET /api/login-devices/': { querystring: LoginDevicesQuery, response: { 200: PageSchema(LoginDevice) } },
  'POST /api/login-devices/sign-out-others/': { response: { 200: SignOutOthersAnswer } },
});
