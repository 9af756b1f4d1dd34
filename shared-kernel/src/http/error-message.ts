import { isAxiosError } from 'axios';

/** User-facing texts of the HTTP client (SPEC.md §6, §8). */
export const HTTP_MESSAGES = {
  notLoggedIn: '您还未登录或登录已失效',
  offline: '加载失败，请检查网络后重试',
  timeout: '请求失败，请重试',
  retry: '重试',
  captchaCancelled: '用户取消输入验证码',
  /** Shown when a server message can be read from nothing; {status} is the HTTP status. */
  failedWithStatus: '请求失败（{status}）',
  unknown: '操作失败，请稍后重试',
} as const;

/** The 403 body's `error` that means the session is gone. */
export const NOT_LOGGED_IN_ERROR = '未登录';

/** Server texts that are replaced before they reach the user: a matching message is replaced as a whole. */
export const MESSAGE_REPLACEMENTS: ReadonlyArray<[contains: string, replacement: string]> = [
  ['涉嫌交易纠纷', '支付接口暂不可用，换个支付方式试试'],
];

/** The error a request fails with when the user cancels the captcha. */
export class CaptchaCancelledError extends Error {
  constructor() {
    super(HTTP_MESSAGES.captchaCancelled);
    this.name = 'CaptchaCancelledError';
  }
}

export function applyReplacements(message: string): string {
  for (const [contains, replacement] of MESSAGE_REPLACEMENTS) if (message.includes(contains)) return replacement;
  return message;
}

/** An error page (a proxy's HTML) is no message for a toast. */
const HTML_PAGE = /^\s*<(!doctype|html|head|body)\b/i;

/** The message in an error body: message, msg, error, detail, else the serialised object. */
export function messageFromBody(data: unknown, status: number): string {
  const fallback = HTTP_MESSAGES.failedWithStatus.replace('{status}', String(status));
  if (data === null || data === undefined) return fallback;
  if (typeof data === 'string') return data.trim() === '' || HTML_PAGE.test(data) ? fallback : data;
  if (typeof data === 'object') {
    const body = data as Record<string, unknown>;
    for (const key of ['message', 'msg', 'error', 'detail']) {
      const value = body[key];
      if (typeof value === 'string' && value.trim() !== '') return value;
    }
    const serialised = JSON.stringify(data);
    return serialised === '{}' || serialised === '[]' ? fallback : serialised;
  }
  return String(data);
}

export function isTimeoutError(error: unknown): boolean {
  return isAxiosError(error) && !error.response && (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT');
}

export function isNotLoggedIn(error: unknown): boolean {
  if (!isAxiosError(error) || error.response?.status !== 403) return false;
  const data = error.response.data as { error?: unknown } | null;
  return !!data && typeof data === 'object' && data.error === NOT_LOGGED_IN_ERROR;
}

/** The Chinese text to show for any error a kernel request can fail with. */
export function errorMessageOf(error: unknown): string {
  if (error instanceof CaptchaCancelledError) return error.message;
  if (isAxiosError(error)) {
    if (isNotLoggedIn(error)) return HTTP_MESSAGES.notLoggedIn;
    if (error.response) return applyReplacements(messageFromBody(error.response.data, error.response.status));
    return isTimeoutError(error) ? HTTP_MESSAGES.timeout : HTTP_MESSAGES.offline;
  }
  if (error instanceof Error && error.message) return applyReplacements(error.message);
  return HTTP_MESSAGES.unknown;
}
