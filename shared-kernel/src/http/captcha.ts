import { isAxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { emit } from '../events/bus';
import { appState$, setAppState } from '../state/app-state';
import { CaptchaCancelledError } from './error-message';
import { HEADERS } from './headers';

type Send = (config: InternalAxiosRequestConfig) => Promise<AxiosResponse>;

interface Waiter {
  config: InternalAxiosRequestConfig;
  send: Send;
  resolve: (response: AxiosResponse) => void;
  reject: (error: unknown) => void;
}

/**
 * The 429 flow (SPEC.md §4, §8). Requests that hit 429 wait here together behind one captcha: the first raises
 * 'captcha:required', mf-auth shows the dialog and answers with resolveCaptcha(token) or cancelCaptcha().
 * Each solution retries every waiting request once, with the token and the retry marker. When every retry
 * passes, 'captcha:result' {ok: true} lets the dialog show success and close; when a retry gets 429 again,
 * {ok: false} makes it show failure and refresh, and those requests wait for the next solution.
 * Cancelling fails every waiting request with '用户取消输入验证码'.
 */
let waiting: Waiter[] = [];
let open = false;

function openDialog(): void {
  open = true;
  setAppState({ frequencyLimited: true });
  emit('captcha:required', { retryCount: appState$.value.captchaRetryCount });
}

function closeDialog(): void {
  open = false;
  setAppState({ frequencyLimited: false });
}

/** Called by the HTTP client for a request answered 429: settles with the retry's outcome. */
export function waitForCaptcha(config: InternalAxiosRequestConfig, send: Send): Promise<AxiosResponse> {
  return new Promise((resolve, reject) => {
    waiting.push({ config, send, resolve, reject });
    if (!open) openDialog();
  });
}

/** True while requests wait for a captcha solution. */
export function isCaptchaPending(): boolean {
  return open;
}

function is429(error: unknown): boolean {
  return isAxiosError(error) && error.response?.status === 429;
}

let round: Promise<boolean> | null = null;

/**
 * The captcha was solved: retries every waiting request once with `token`. Resolves true when every retry got
 * through the rate limit (the dialog closes), false when one got 429 again (the dialog refreshes). A second
 * call while a round is under way (a double submit) joins that round.
 */
export function resolveCaptcha(token: string): Promise<boolean> {
  round ??= retryWaiting(token).finally(() => {
    round = null;
  });
  return round;
}

async function retryWaiting(token: string): Promise<boolean> {
  const batch = waiting;
  waiting = [];
  if (batch.length === 0) return true;
  setAppState({ captchaValue: token, captchaRetryCount: appState$.value.captchaRetryCount + 1 });
  const outcomes = await Promise.all(
    batch.map(async (waiter) => {
      const { config } = waiter;
      config.headers.set(HEADERS.captchaToken, token);
      config.headers.set(HEADERS.captchaRetry, '1');
      try {
        waiter.resolve(await waiter.send(config));
        return true;
      } catch (error) {
        if (!is429(error)) {
          waiter.reject(error); // through the rate limit, failed for another reason: handled as any failure
          return true;
        }
        waiting.push(waiter);
        return false;
      }
    }),
  );
  const ok = outcomes.every(Boolean);
  if (ok) {
    closeDialog();
    emit('captcha:result', { ok: true });
    // Requests that hit 429 while this round ran get a captcha of their own.
    if (waiting.length > 0) openDialog();
  } else {
    emit('captcha:result', { ok: false });
  }
  return ok;
}

/** The user cancelled the captcha: every waiting request fails with '用户取消输入验证码'. */
export function cancelCaptcha(): void {
  const batch = waiting;
  waiting = [];
  if (!open && batch.length === 0) return;
  closeDialog();
  for (const waiter of batch) waiter.reject(new CaptchaCancelledError());
  emit('captcha:cancelled', {});
}
