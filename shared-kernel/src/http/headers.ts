/** Request headers the kernel's HTTP client sets, with the API's names for them. */
export const HEADERS = {
  /** The CSRF token (from the csrftoken cookie) on unsafe methods. */
  csrfToken: 'X-CSRFToken',
  /** A solved captcha's token, on the one retry after a 429 (the API reads `x-captcha-token`). */
  captchaToken: 'X-Captcha-Token',
  /** Marks that retry, so a second 429 is not answered with another captcha round by the interceptor. */
  captchaRetry: 'X-Captcha-Retry',
  /** The analytics visitor id, when there is one, to trace a visitor's requests. */
  traceId: 'X-Trace-Id',
} as const;

/** Methods that change state: they carry the CSRF token. */
export const UNSAFE_METHODS: readonly string[] = ['post', 'put', 'patch', 'delete'];

let visitorId: string | null = null;

/** The analytics tracker tells the kernel its visitor id; every API request then carries it as X-Trace-Id. */
export function setAnalyticsVisitorId(id: string | null): void {
  visitorId = id && id.trim() ? id.trim() : null;
}

export function analyticsVisitorId(): string | null {
  return visitorId;
}

/** POST bodies to these API paths get `sd_req_common_info` (SPEC.md §7). */
export const SD_PATHS: readonly string[] = ['/api/sd/', '/api/sd_extra/'];

function randomHex(bytes: number): string {
  const buffer = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(buffer);
  return Array.from(buffer, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** One session hash per page load, shared by every sd request of the page. */
const sessionHash = randomHex(8);
let speedUp = false;

/** Whether sd requests ask for the faster lane (is_speed_up). */
export function setSdSpeedUp(on: boolean): void {
  speedUp = on;
}

export function sdCommonInfo(): { session_hash: string; is_speed_up: boolean } {
  return { session_hash: sessionHash, is_speed_up: speedUp };
}
