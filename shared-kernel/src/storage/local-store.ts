import { DAY_MS } from '../constants/limits';

/** What is written under a key: the value and its expiry time (epoch ms), 0 for none. */
interface Stored<T> {
  value: T;
  expire: number;
}

function storage(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? globalThis.localStorage ?? null : globalThis.sessionStorage ?? null;
  } catch {
    return null; // access denied (privacy settings): behave as empty storage
  }
}

/**
 * Stores a JSON value in local storage with an expiry counted in days (SPEC.md §9); 0 days means it never expires.
 * Returns false when storage refused the write (full, or disabled).
 */
export function setLocal<T>(key: string, value: T, days = 0): boolean {
  const store = storage('local');
  if (!store) return false;
  const stored: Stored<T> = { value, expire: days > 0 ? Date.now() + days * DAY_MS : 0 };
  try {
    store.setItem(key, JSON.stringify(stored));
    return true;
  } catch {
    return false;
  }
}

/** The value stored by setLocal, or null when missing, expired (then removed) or unreadable. */
export function getLocal<T>(key: string): T | null {
  const store = storage('local');
  if (!store) return null;
  let raw: string | null;
  try {
    raw = store.getItem(key);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const stored = JSON.parse(raw) as Partial<Stored<T>> | null;
    if (!stored || typeof stored !== 'object' || !('value' in stored)) return null;
    if (typeof stored.expire === 'number' && stored.expire > 0 && stored.expire <= Date.now()) {
      removeLocal(key);
      return null;
    }
    return stored.value as T;
  } catch {
    return null;
  }
}

export function removeLocal(key: string): void {
  try {
    storage('local')?.removeItem(key);
  } catch {
    /* nothing to remove from unavailable storage */
  }
}

/** Session-storage keys of SPEC.md §3. */
export const SESSION_KEYS = {
  /** Path (with query) to return to after login or after an external round trip. */
  redirectPath: 'redirect_path',
  /** The download package being bought. */
  packageId: 'package_id',
  /** Token of a third-party app's scan-to-buy. */
  scanBuyToken: 'trd_scan_buy_token',
  /** Token of the chat-app official-account login. */
  officialAccountLoginToken: 'wxgzh_login_token',
  /** Path to go back to when the login screen is left. */
  loginBackPath: 'login_back_path',
} as const;

export type SessionKey = keyof typeof SESSION_KEYS;

export function getSession(key: SessionKey): string | null {
  try {
    return storage('session')?.getItem(SESSION_KEYS[key]) ?? null;
  } catch {
    return null;
  }
}

export function setSession(key: SessionKey, value: string): void {
  try {
    storage('session')?.setItem(SESSION_KEYS[key], value);
  } catch {
    /* storage full or disabled: the value is only a convenience */
  }
}

export function removeSession(key: SessionKey): void {
  try {
    storage('session')?.removeItem(SESSION_KEYS[key]);
  } catch {
    /* nothing to remove */
  }
}

/** Reads a session value and removes it. */
export function takeSession(key: SessionKey): string | null {
  const value = getSession(key);
  if (value !== null) removeSession(key);
  return value;
}
