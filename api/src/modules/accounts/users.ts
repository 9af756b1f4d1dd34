import { Type, type Static } from '@sinclair/typebox';
import { maskEmail, maskMobile, type Phone } from './phone';

export const INACTIVE_REASONS = ['TRD_LOGIN_NO_MOBILE', 'CODE_LOGIN_NO_PASSWORD', 'POST_SPAM_COMMENTS'] as const;
export type InactiveReason = (typeof INACTIVE_REASONS)[number];

/** A users row (the columns the API reads). */
export interface UserRow {
  id: number;
  country_code: string | null;
  mobile: string | null;
  email: string | null;
  password_hash: string | null;
  nickname: string;
  gender: 'male' | 'female' | null;
  level: number;
  avatar: string;
  intro: string;
  inactive_reason: InactiveReason | null;
  create_time: Date;
  /** Security questions are set (read with the row, so that the user info needs no second query). */
  has_pwd_protection: boolean;
}

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
  inactive_reason: Type.Union([Type.String(), Type.Null()], {
    description: 'TRD_LOGIN_NO_MOBILE / CODE_LOGIN_NO_PASSWORD / POST_SPAM_COMMENTS；已激活时为 null',
  }),
  country_code: Type.Union([Type.String(), Type.Null()]),
  mobile: Type.Union([Type.String(), Type.Null()], { description: '打码后的手机号' }),
  email: Type.Union([Type.String(), Type.Null()], { description: '打码后的邮箱' }),
  has_password: Type.Boolean(),
  has_pwd_protection: Type.Boolean(),
  create_time: Type.String({ format: 'date-time' }),
});

export type PublicInfo = Static<typeof PublicUserInfo>;
export type SelfInfo = Omit<Static<typeof SelfUserInfo>, 'create_time'> & { create_time: Date };

export function publicInfo(user: UserRow): PublicInfo {
  return {
    uid: user.id,
    nickname: user.nickname,
    level: user.level,
    gender: user.gender,
    avatar: user.avatar,
    intro: user.intro,
  };
}

export function selfInfo(user: UserRow): SelfInfo {
  return {
    ...publicInfo(user),
    is_active: user.inactive_reason === null ? 1 : 0,
    inactive_reason: user.inactive_reason,
    country_code: user.country_code,
    mobile: user.mobile === null ? null : maskMobile(user.mobile),
    email: user.email === null ? null : maskEmail(user.email),
    has_password: user.password_hash !== null,
    has_pwd_protection: user.has_pwd_protection,
    create_time: user.create_time,
  };
}

/** The name a new account starts with: '用户' and the last 4 digits of the phone, or a random tail. */
export function defaultNickname(phone?: Phone): string {
  const tail = phone ? phone.mobile.slice(-4) : Math.random().toString(36).slice(2, 8);
  return `用户${tail}`;
}
