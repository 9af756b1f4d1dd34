/**
 * Enum values the wire contract's schemas are built from and that pages need at run time. This file imports
 * nothing, so that a remote importing it (`import { LOGIN_TYPES } from 'contracts/enums'`) bundles these few
 * values and nothing else.
 */

/** login_type of POST /api/token/, of the sessions and of the login history (SPEC §3). */
export const LOGIN_TYPES = { password: 1, smsCode: 2, thirdParty: 3, qrCode: 4 } as const;
export type LoginType = (typeof LOGIN_TYPES)[keyof typeof LOGIN_TYPES];

/** reason of POST /api/codes/ (SPEC §3 "Verify-code request"). */
export const SMS_REASONS = ['REGISTER', 'LOGIN', 'FIND_PWD', 'TRD_ACTIVE'] as const;
export type SmsReason = (typeof SMS_REASONS)[number];

/** Why an account is not active (SPEC §4, §6); null when it is. */
export const INACTIVE_REASONS = ['TRD_LOGIN_NO_MOBILE', 'CODE_LOGIN_NO_PASSWORD', 'POST_SPAM_COMMENTS'] as const;
export type InactiveReason = (typeof INACTIVE_REASONS)[number];

/** Kinds of login QR code: login (the product's app scans) or wxgzh_login (the chat app's official account). */
export const QR_TYPES = ['login', 'wxgzh_login'] as const;
export type QrType = (typeof QR_TYPES)[number];

/** Provider names a third-party binding may carry (SPEC §4 "Third-party login" plus the mini-program). */
export const TRD_PROVIDERS = ['weixin_miniapp', 'alipay', 'alipayh5', 'weixin', 'weixingzh', 'qq', 'weibo'] as const;
export type TrdProvider = (typeof TRD_PROVIDERS)[number];

/** The OAuth providers of GET /api/login/{provider}/ (SPEC §7). */
export const OAUTH_PROVIDERS = ['alipay', 'alipayh5', 'weixin', 'weixingzh', 'qq', 'weibo'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];
