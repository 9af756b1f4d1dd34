import axios, { isAxiosError, isCancel, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { REQUEST_TIMEOUT_MS } from '../constants/limits';
import { emit } from '../events/bus';
import { appState$, beginLoading, endLoading, setAppState } from '../state/app-state';
import { clearUser } from '../state/user';
import { COOKIES, getCookie } from '../storage/cookies';
import { toastError } from '../toast/toast';
import { waitForCaptcha } from './captcha';
import { errorMessageOf, HTTP_MESSAGES, isNotLoggedIn, isTimeoutError } from './error-message';
import { analyticsVisitorId, HEADERS, SD_PATHS, sdCommonInfo, UNSAFE_METHODS } from './headers';
import { offerTimeoutRetry } from './timeout-retry';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** No error toast for this request; the caller shows its own (e.g. field errors of a form). */
    skipErrorToast?: boolean;
    /**
     * A request the user did not ask for (e.g. an error report): no toast, no captcha, no login prompt, no retry
     * offer and no loading indicator; every failure goes to the caller as it is.
     */
    background?: boolean;
  }
}

/** The API base: every path of SPEC.md §7 is under /api, on the site's own origin. */
export const API_BASE = '/api';

/**
 * The one HTTP client of the site (SPEC.md §7-§8): base /api, cookies sent, 50 s timeout, the CSRF token on
 * unsafe methods, the analytics visitor id as a trace id, `sd_req_common_info` on sd posts, and the handling
 * of 429 (captcha), 403 '未登录', time-outs, offline and error toasts.
 * Call it with paths under /api: `http.get('/docs/', { params: { page: 1 } })`.
 */
export const http = axios.create({
  baseURL: API_BASE,
  withCredentials: true,
  timeout: REQUEST_TIMEOUT_MS,
  // On a server (a remote's server part making a page as HTML) nobody is there to solve a captcha or answer a retry
  // offer: a 429 or a time-out went into their queues and waited for ever, the page's render ran out of time and
  // the page went out without its content. There every failure goes straight to the caller (the page then answers
  // 503, which a crawler retries later).
  background: typeof window === 'undefined',
});

const send = (config: InternalAxiosRequestConfig) => http.request(config);

function origin(): string {
  return typeof location === 'undefined' ? 'http://localhost' : location.href;
}

/** The request's URL, resolved against the page. */
function resolvedUrl(config: InternalAxiosRequestConfig): URL {
  return new URL(http.getUri(config), origin());
}

/** True for a request to the API's own origin: only those get the CSRF token and the trace id. */
function toApiOrigin(config: InternalAxiosRequestConfig, url: URL): boolean {
  return url.origin === new URL(config.baseURL ?? API_BASE, origin()).origin;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;
}

/** Requests under way, counted for the loading flag (background requests are not). */
const counted = new WeakSet<InternalAxiosRequestConfig>();

function settle(config: InternalAxiosRequestConfig | undefined): void {
  if (config && counted.delete(config)) endLoading();
}

http.interceptors.request.use((config) => {
  const url = resolvedUrl(config);
  const method = (config.method ?? 'get').toLowerCase();
  if (toApiOrigin(config, url)) {
    if (UNSAFE_METHODS.includes(method)) {
      const token = getCookie(COOKIES.csrfToken) ?? appState$.value.csrfToken;
      if (token) {
        config.headers.set(HEADERS.csrfToken, token);
        setAppState({ csrfToken: token });
      }
    }
    const visitor = analyticsVisitorId();
    if (visitor) config.headers.set(HEADERS.traceId, visitor);
  }
  if (method === 'post' && SD_PATHS.includes(url.pathname) && isPlainObject(config.data) && !('sd_req_common_info' in config.data)) {
    config.data = { ...config.data, sd_req_common_info: sdCommonInfo() };
  }
  if (!config.background) {
    counted.add(config);
    beginLoading();
  }
  return config;
});

http.interceptors.response.use(
  (response) => {
    settle(response.config);
    return response;
  },
  (error: unknown): Promise<AxiosResponse> => {
    const config = isAxiosError(error) ? error.config : undefined;
    settle(config);
    if (!config || !isAxiosError(error) || isCancel(error) || config.background) return Promise.reject(error);
    const status = error.response?.status;
    if (status === 429) {
      // The retry of a solved captcha answers to the captcha flow, which decides what happens next.
      if (config.headers.has(HEADERS.captchaRetry)) return Promise.reject(error);
      return waitForCaptcha(config, send);
    }
    if (isNotLoggedIn(error)) {
      clearUser();
      if (!config.skipErrorToast) toastError(HTTP_MESSAGES.notLoggedIn);
      emit('auth:login-required', { reason: 'expired', redirect: currentPath() });
      return Promise.reject(error);
    }
    if (isTimeoutError(error)) return offerTimeoutRetry(config, error, send);
    if (!error.response) setAppState({ online: typeof navigator === 'undefined' || navigator.onLine !== false });
    if (!config.skipErrorToast) toastError(errorMessageOf(error));
    return Promise.reject(error);
  },
);

function currentPath(): string | undefined {
  return typeof location === 'undefined' ? undefined : `${location.pathname}${location.search}${location.hash}`;
}
