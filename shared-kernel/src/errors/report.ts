import { http } from '../http/client';

/** Where uncaught client errors go (SPEC.md §7), and the API's size caps of each field. */
export const REPORT_ERROR_PATH = '/report_error/';
const LIMITS = { message: 2000, stack: 20000, type: 50, route: 2000 };
/** At most this many reports per page load: a render loop that throws must not flood the API. */
export const MAX_REPORTS_PER_PAGE = 20;

export interface ErrorReport {
  message: string;
  stack: string;
  /** The current full path and the kind of error, e.g. 'TypeError /app/articles/docs/detail/42?from=home'. */
  type: string;
  /** The current full path on its own (the API keeps it in full; `type` is capped at 50 characters). */
  route: string;
}

function fullPath(): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

/** Builds the report of an error value of any kind. */
export function buildErrorReport(error: unknown, kind: string): ErrorReport {
  const err = error instanceof Error ? error : null;
  let message = err ? err.message || err.name : typeof error === 'string' ? error : '';
  if (!message) {
    try {
      message = JSON.stringify(error) ?? String(error);
    } catch {
      message = String(error);
    }
  }
  const route = fullPath();
  return {
    message: (message || '（无错误信息）').slice(0, LIMITS.message),
    stack: (err?.stack ?? '').slice(0, LIMITS.stack),
    type: `${err?.name ?? kind} ${route}`.slice(0, LIMITS.type),
    route: route.slice(0, LIMITS.route),
  };
}

/** Reports sent on this page, by message and place, so an error repeating in a loop is reported once. */
const sent = new Set<string>();

/**
 * Sends one report. A failure of the report is swallowed (never a toast, never an unhandled rejection, never a
 * report of its own), so reporting cannot loop. Resolves true when the API took it.
 */
export async function reportError(error: unknown, kind = 'error'): Promise<boolean> {
  const report = buildErrorReport(error, kind);
  const key = `${report.type}\n${report.message}\n${report.stack.split('\n', 2)[1] ?? ''}`;
  if (sent.has(key) || sent.size >= MAX_REPORTS_PER_PAGE) return false;
  sent.add(key);
  try {
    await http.post(REPORT_ERROR_PATH, report, { background: true });
    return true;
  } catch {
    return false;
  }
}

let installed: (() => void) | null = null;

/**
 * Reports uncaught errors and unhandled promise rejections of the page (the shell calls this once at start-up).
 * Returns the function that stops it. Calling it again while installed changes nothing.
 */
export function installErrorReporting(): () => void {
  if (installed) return installed;
  const onError = (event: ErrorEvent) => {
    void reportError(event.error ?? event.message, 'error');
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    void reportError(event.reason, 'unhandledrejection');
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  installed = () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    installed = null;
  };
  return installed;
}
