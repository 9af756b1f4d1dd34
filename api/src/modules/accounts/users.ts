import type { InactiveReason, PublicUserInfo, SelfUserInfo, StaffRole } from 'contracts';
import { maskEmail, maskMobile, type Phone } from './phone';

export type { InactiveReason } from 'contracts';

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
  /** When the person asked for the account's deletion (POST /api/users-delete/), within the cooling-off period. */
  delete_request_time: Date | null;
  /** Security questions are set (read with the row, so that the user info needs no second query). */
  has_pwd_protection: boolean;
  /** The staff roles, comma-joined in name order ('' for everyone not staff; read with the row, as above). */
  staff_roles_csv: string;
}

export type PublicInfo = PublicUserInfo;
/** SelfUserInfo as the API holds it (the time is serialised on the way out). */
export type SelfInfo = Omit<SelfUserInfo, 'create_time'> & { create_time: Date };

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
    staff_roles: user.staff_roles_csv === '' ? [] : (user.staff_roles_csv.split(',') as StaffRole[]),
  };
}

/** The name a new account starts with: '用户' and the last 4 digits of the phone, or a random tail. */
export function defaultNickname(phone?: Phone): string {
  const tail = phone ? phone.mobile.slice(-4) : Math.random().toString(36).slice(2, 8);
  return `用户${tail}`;
}
