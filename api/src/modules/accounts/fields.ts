import { Type, type Static } from '@sinclair/typebox';
import { messages, Text } from '../../core/http/validation';
import { CIPHERTEXT_MAX } from './rsa';
import { SelfUserInfo } from './users';

/** An RSA-OAEP ciphertext of a password, base64 (GET /api/public-key/ gives the key). */
export function PasswordField(description = '用公钥加密（RSA-OAEP/SHA-256）后的密码，base64') {
  return Text({ minLength: 1, maxLength: CIPHERTEXT_MAX, description, ...messages('密码格式不正确', '请输入密码') });
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

export function platformOf(raw: number | string | undefined, fallback = ''): string {
  return raw === undefined || raw === '' ? fallback : String(raw);
}

/** A nickname (SPEC §5: required, fewer than 255 characters). */
export const NicknameField = Text({
  minLength: 1,
  maxLength: 254,
  description: '昵称，少于 255 个字符',
  ...messages('昵称不能超过255个字符', '用户名不能为空'),
});

/** Optional invite / share key (SPEC §3 "Activation": share_app_key). */
export const ShareAppKeyField = Type.Optional(Text({ maxLength: 64, description: '邀请或分享来源标识' }));

/** Every login answer: the user info the client stores, and whether the account was just created. */
export const LoginAnswer = Type.Object({
  ...SelfUserInfo.properties,
  is_new: Type.Boolean({ description: '本次登录新建了账号（前端据此带 from_reg=true 跳转用户页）' }),
});

/** A plain acknowledgement. */
export const Done = Type.Object({ detail: Type.String() });
export type DoneBody = Static<typeof Done>;

/** The answer to a code being sent. */
export const CodeSent = Type.Object({
  detail: Type.String(),
  resend_after: Type.Integer({ description: '多少秒后可再次获取' }),
  expire_in: Type.Integer({ description: '验证码有效秒数' }),
});
