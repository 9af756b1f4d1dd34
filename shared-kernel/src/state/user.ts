import { BehaviorSubject } from 'rxjs';
import { emit } from '../events/bus';
import { COOKIES, deleteCookie, getCookie } from '../storage/cookies';
import { getLocal, removeLocal, setLocal } from '../storage/local-store';

export type Gender = 'male' | 'female';
export type UserLevel = 1 | 2 | 3;

/** Client user info of SPEC.md §3. */
export interface UserInfo {
  /** Non-zero for a real user; 0 for a visitor. */
  uid: number;
  nickname: string;
  is_active: 0 | 1;
  /** Why an account is inactive: TRD_LOGIN_NO_MOBILE, CODE_LOGIN_NO_PASSWORD, POST_SPAM_COMMENTS. */
  inactive_reason?: string | null;
  level?: UserLevel;
  gender?: Gender;
  /** The staff roles of the logged-in person's own account (admin, reviewer, finance, support); empty or absent: not staff. */
  staff_roles?: string[];
  /** Extra profile data the API sends along. */
  userinfo?: unknown;
}

/** Local-storage key of the user info. */
export const USER_INFO_KEY = 'userinfo';

/** A user is logged in only when uid is non-zero and is_active is 1. */
export function isLoggedIn(user: UserInfo | null | undefined): boolean {
  return !!user && user.uid !== 0 && user.is_active === 1;
}

/** Checks the shape of stored or received user info; anything else is dropped, never trusted. */
export function toUserInfo(value: unknown): UserInfo | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const uid = typeof v.uid === 'string' && /^\d+$/.test(v.uid) ? Number(v.uid) : v.uid;
  if (typeof uid !== 'number' || !Number.isSafeInteger(uid) || uid < 0) return null;
  const isActive = Number(v.is_active) === 1 ? 1 : 0;
  const level = Number(v.level);
  const user: UserInfo = {
    uid,
    nickname: typeof v.nickname === 'string' ? v.nickname : '',
    is_active: isActive,
  };
  if (typeof v.inactive_reason === 'string') user.inactive_reason = v.inactive_reason;
  if (level === 1 || level === 2 || level === 3) user.level = level;
  if (v.gender === 'male' || v.gender === 'female') user.gender = v.gender;
  if (v.userinfo !== undefined) user.userinfo = v.userinfo;
  if (Array.isArray(v.staff_roles)) user.staff_roles = v.staff_roles.filter((r): r is string => typeof r === 'string');
  return user;
}

/**
 * Whether the logged-in person is staff (holds a staff role). Decides only what the site shows (the console's
 * entry, activating mf-admin); the API checks the role on every staff call.
 */
export function isStaff(user: UserInfo | null | undefined): boolean {
  return isLoggedIn(user) && (user?.staff_roles?.length ?? 0) > 0;
}

/** Decodes the visitor cookie: base64 or base64url of UTF-8 JSON, or percent-encoded JSON. */
export function decodeUserCookie(raw: string): UserInfo | null {
  const text = raw.trim();
  if (text.startsWith('{')) {
    try {
      return toUserInfo(JSON.parse(text));
    } catch {
      return null;
    }
  }
  try {
    const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    return toUserInfo(JSON.parse(new TextDecoder().decode(bytes)));
  } catch {
    return null;
  }
}

/** The current user info (null: nobody known). Read it with useUser() in React. */
export const user$ = new BehaviorSubject<UserInfo | null>(null);

function publish(user: UserInfo | null): void {
  user$.next(user);
  emit('user:changed', { user });
}

/** Sets the user info and keeps it in local storage for `days` (0 = no expiry). */
export function setUser(user: UserInfo, days = 0): void {
  const checked = toUserInfo(user);
  if (!checked) throw new TypeError('用户信息格式不正确');
  setLocal(USER_INFO_KEY, checked, days);
  publish(checked);
}

/** Forgets the user (logout, or a 403 '未登录'). */
export function clearUser(): void {
  removeLocal(USER_INFO_KEY);
  if (user$.value !== null) publish(null);
}

/** Loads the user info from local storage (an expired or malformed entry counts as none). */
export function loadUserFromStorage(): UserInfo | null {
  const user = toUserInfo(getLocal<unknown>(USER_INFO_KEY));
  if (!user) removeLocal(USER_INFO_KEY);
  if (user !== user$.value) publish(user);
  return user;
}

/**
 * Moves a visitor's user info from its cookie (set by the API) into local storage and deletes the cookie.
 * Returns the user, or null when there is no readable cookie.
 */
export function loadUserFromCookie(days = 0): UserInfo | null {
  const raw = getCookie(COOKIES.userInfo);
  if (raw === null) return null;
  deleteCookie(COOKIES.userInfo);
  const user = decodeUserCookie(raw);
  if (user) setUser(user, days);
  return user;
}

/** The level titles of SPEC.md §3 (male and female forms by gender) with their colours. */
export const LEVELS: Record<UserLevel, { male: string; female: string; color: string }> = {
  1: { male: '初级学弟', female: '初级学妹', color: '#1677ff' },
  2: { male: '高级学长', female: '高级学姐', color: '#52c41a' },
  3: { male: '认证专家', female: '认证专家', color: '#faad14' },
};

/** The title and colour of a level for a gender (the male form when the gender is unknown); null for no level. */
export function levelTitle(level: number | undefined, gender?: Gender): { title: string; color: string } | null {
  if (level !== 1 && level !== 2 && level !== 3) return null;
  const entry = LEVELS[level];
  return { title: gender === 'female' ? entry.female : entry.male, color: entry.color };
}

// The page starts with whoever the cookie (a fresh visitor) or storage (a returning one) says.
if (loadUserFromCookie() === null) loadUserFromStorage();
