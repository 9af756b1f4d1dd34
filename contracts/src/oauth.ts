import { Type, type Static } from '@sinclair/typebox';
import { PlatformField, QR_TOKEN_PATTERN } from './accounts';
import { OAUTH_PROVIDERS } from './enums';
import { messages, StringEnum, Text } from './schema';

/**
 * The third-party login endpoints (SPEC §4, §7): the provider's authorisation page for a login
 * (GET /api/login/{provider}/) or a binding (POST /api/trd-account-bind/{provider}/authorize/), and the callback
 * the provider sends the browser back to.
 */

export const OAuthProviderParams = Type.Object({
  provider: StringEnum(OAUTH_PROVIDERS, { description: '第三方平台', ...messages('不支持的第三方登录方式') }),
});
export const OAuthRedirectQuery = Type.Object({ platform: PlatformField });
export const OAuthCallbackQuery = Type.Object({
  state: Type.Optional(Text({ maxLength: 200 })),
  code: Type.Optional(Text({ maxLength: 512 })),
  auth_code: Type.Optional(Text({ maxLength: 512 })),
});
export const AuthorizeUrlAnswer = Type.Object({ url: Type.String({ description: '第三方平台授权页地址' }) });

/** The official account's simulated scan (development and test only, hidden from the API document). */
export const DevWxgzhScanBody = Type.Object(
  {
    token: Type.String({ pattern: QR_TOKEN_PATTERN, description: '二维码 token', ...messages('二维码无效，请刷新后重试', '缺少二维码 token') }),
    person: Type.String({ minLength: 1, maxLength: 40, description: '模拟的微信用户（同名即同一人）', ...messages('微信用户不正确', '缺少微信用户') }),
  },
  { additionalProperties: false },
);

export type OAuthProviderParams = Static<typeof OAuthProviderParams>;
export type OAuthRedirectQuery = Static<typeof OAuthRedirectQuery>;
export type OAuthCallbackQuery = Static<typeof OAuthCallbackQuery>;
export type AuthorizeUrlAnswer = Static<typeof AuthorizeUrlAnswer>;
export type DevWxgzhScanBody = Static<typeof DevWxgzhScanBody>;
