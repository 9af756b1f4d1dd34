import type { AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { snackbar } from '../toast/toast';
import { HTTP_MESSAGES } from './error-message';

type Send = (config: InternalAxiosRequestConfig) => Promise<AxiosResponse>;

interface TimedOut {
  config: InternalAxiosRequestConfig;
  error: unknown;
  send: Send;
  resolve: (response: AxiosResponse) => void;
  reject: (error: unknown) => void;
}

/**
 * Requests that timed out (SPEC.md §8) wait here while one snackbar '请求失败，请重试' offers '重试'. Its action
 * replays every one of them, and each caller gets the replay's outcome; when the snackbar closes without it,
 * each fails with its timeout error.
 */
let queue: TimedOut[] = [];

export function offerTimeoutRetry(config: InternalAxiosRequestConfig, error: unknown, send: Send): Promise<AxiosResponse> {
  return new Promise((resolve, reject) => {
    queue.push({ config, error, send, resolve, reject });
    if (queue.length > 1) return; // the snackbar on screen covers this one too
    snackbar(HTTP_MESSAGES.timeout, {
      type: 'error',
      action: {
        label: HTTP_MESSAGES.retry,
        onClick: () => {
          const batch = queue;
          queue = [];
          for (const item of batch) item.send(item.config).then(item.resolve, item.reject);
        },
      },
      onClose: (reason) => {
        if (reason === 'action') return;
        const batch = queue;
        queue = [];
        for (const item of batch) item.reject(item.error);
      },
    });
  });
}
