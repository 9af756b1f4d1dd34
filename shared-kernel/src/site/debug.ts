/**
 * Debug mode (SPEC.md §6): on when the URL carries the marker `debug=1` (query or hash), or when local storage
 * holds the flag `debug` = '1'. The URL marker also accepts `debug=true`.
 */
export const DEBUG_URL_PARAM = 'debug';
export const DEBUG_STORAGE_KEY = 'debug';

function markerIn(params: string): boolean {
  const value = new URLSearchParams(params).get(DEBUG_URL_PARAM);
  return value === '1' || value === 'true';
}

export function isDebugMode(url: string = typeof location === 'undefined' ? 'http://localhost/' : location.href): boolean {
  try {
    const parsed = new URL(url, 'http://localhost/');
    const hash = parsed.hash.slice(1);
    if (markerIn(parsed.search) || markerIn(hash.slice(hash.indexOf('?') + 1))) return true;
  } catch {
    /* not a URL: only the local flag counts */
  }
  try {
    return globalThis.localStorage?.getItem(DEBUG_STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

/** Turns the local debug flag on or off. */
export function setDebugFlag(on: boolean): void {
  try {
    if (on) globalThis.localStorage?.setItem(DEBUG_STORAGE_KEY, '1');
    else globalThis.localStorage?.removeItem(DEBUG_STORAGE_KEY);
  } catch {
    /* storage unavailable: the URL marker still works */
  }
}
