import { DAY_MS } from '../constants/limits';

/** Cookie names of SPEC.md §3 and of the API. */
export const COOKIES = {
  /** Where to go after an external round trip (payment, third-party login): see consumeNextPath(). */
  nextPath: 'nextPath',
  docsUrl: 'docs-url',
  docsId: 'docs-id',
  /** Set by the API; mirrored into the X-CSRFToken header on unsafe methods. */
  csrfToken: 'csrftoken',
  /** A visitor's user info set by the API, base64 (or percent-encoded) JSON; moved to local storage on load. */
  userInfo: 'userinfo',
} as const;

/** The value of a cookie, or null. */
export function getCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw; // not percent-encoded by us: hand it over as it is
    }
  }
  return null;
}

/** Sets a cookie on path '/'; `days` 0 (the default) makes it a session cookie. */
export function setCookie(name: string, value: string, days = 0): void {
  if (typeof document === 'undefined') return;
  const expires = days > 0 ? `; expires=${new Date(Date.now() + days * DAY_MS).toUTCString()}` : '';
  document.cookie = `${name}=${encodeURIComponent(value)}${expires}; path=/; SameSite=Lax`;
}

export function deleteCookie(name: string): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}

/** Reads a cookie and deletes it: for one-shot values such as nextPath. */
export function takeCookie(name: string): string | null {
  const value = getCookie(name);
  if (value !== null) deleteCookie(name);
  return value;
}
