import { ERROR_DEDUPE_MS, SNACKBAR_DURATION_MS, TOAST_DURATION_MS } from '../constants/limits';
import { TOAST_CSS } from './styles';

export type ToastType = 'info' | 'success' | 'warning' | 'error';
export type ToastCloseReason = 'timeout' | 'action' | 'dismissed';

export interface ToastOptions {
  type?: ToastType;
  /** Milliseconds before it closes itself; 0 keeps it until closed. Default TOAST_DURATION_MS. */
  duration?: number;
  /** A button in the toast (a snackbar). Clicking it closes the toast, then runs onClick. */
  action?: { label: string; onClick: () => void };
  onClose?: (reason: ToastCloseReason) => void;
}

export interface ToastHandle {
  close(): void;
  /** Settles once the toast is on screen (HTML toasts wait for the sanitizer) or was closed before that. */
  readonly shown: Promise<void>;
}

/** Text with markup or entities goes through the sanitizer; anything else is set as plain text. */
const LOOKS_LIKE_HTML = /[<&]/;

/** Tags and attributes a toast may carry: inline formatting and links. No script, style, media or forms. */
const SANITIZE_CONFIG = {
  ALLOWED_TAGS: ['a', 'b', 'strong', 'i', 'em', 'u', 'br', 'p', 'span', 'code'],
  ALLOWED_ATTR: ['href', 'title', 'class'],
};

let host: HTMLElement | null = null;
/** The close functions of toasts that are showing or about to show. */
const active = new Set<(reason: ToastCloseReason) => void>();
const regions: Partial<Record<'polite' | 'assertive', HTMLElement>> = {};

/** The toast container, created on first use: a polite live region, and an assertive one for errors. */
function regionFor(type: ToastType): HTMLElement {
  if (!host || !host.isConnected) {
    if (!document.getElementById('kernel-toast-style')) {
      const style = document.createElement('style');
      style.id = 'kernel-toast-style';
      style.textContent = TOAST_CSS;
      document.head.appendChild(style);
    }
    host = document.createElement('section');
    host.className = 'kt-host';
    host.setAttribute('aria-label', '通知');
    for (const politeness of ['assertive', 'polite'] as const) {
      const region = document.createElement('div');
      region.className = 'kt-region';
      region.setAttribute('role', politeness === 'assertive' ? 'alert' : 'status');
      region.setAttribute('aria-live', politeness);
      host.appendChild(region);
      regions[politeness] = region;
    }
    document.body.appendChild(host);
  }
  return regions[type === 'error' ? 'assertive' : 'polite']!;
}

async function sanitizedFragment(html: string): Promise<Node> {
  try {
    const { default: DOMPurify } = await import(/* webpackChunkName: "lib-dompurify" */ 'dompurify');
    return DOMPurify.sanitize(html, { ...SANITIZE_CONFIG, RETURN_DOM_FRAGMENT: true });
  } catch {
    // The sanitizer could not load: show the raw text, which as a text node can run nothing.
    return document.createTextNode(html);
  }
}

/** Shows a toast at the top centre. Plain text is shown as text; text with HTML is sanitized first. */
export function toast(message: string, options: ToastOptions = {}): ToastHandle {
  const { type = 'info', duration = TOAST_DURATION_MS, action, onClose } = options;
  let item: HTMLElement | null = null;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let remaining = duration;
  let startedAt = 0;

  const close = (reason: ToastCloseReason) => {
    if (closed) return;
    closed = true;
    active.delete(close);
    clearTimeout(timer);
    item?.remove();
    onClose?.(reason);
  };
  const startTimer = () => {
    if (duration <= 0 || closed) return;
    startedAt = Date.now();
    timer = setTimeout(() => close('timeout'), remaining);
  };
  const pauseTimer = () => {
    if (duration <= 0 || timer === undefined) return;
    clearTimeout(timer);
    timer = undefined;
    remaining = Math.max(0, remaining - (Date.now() - startedAt));
  };

  const mount = (body: Node) => {
    if (closed) return;
    item = document.createElement('div');
    item.className = `kt-item kt-${type}`;
    item.dataset.toastType = type;
    const content = document.createElement('div');
    content.className = 'kt-body';
    content.appendChild(body);
    item.appendChild(content);
    if (action) {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'kt-action';
      button.textContent = action.label;
      button.addEventListener('click', () => {
        close('action');
        action.onClick();
      });
      item.appendChild(button);
    }
    const dismiss = document.createElement('button');
    dismiss.type = 'button';
    dismiss.className = 'kt-close';
    dismiss.setAttribute('aria-label', '关闭');
    dismiss.textContent = '×';
    dismiss.addEventListener('click', () => close('dismissed'));
    item.appendChild(dismiss);
    // Reading takes time: the countdown pauses while the pointer or focus is on the toast.
    item.addEventListener('mouseenter', pauseTimer);
    item.addEventListener('mouseleave', startTimer);
    item.addEventListener('focusin', pauseTimer);
    item.addEventListener('focusout', startTimer);
    regionFor(type).appendChild(item);
    startTimer();
  };

  active.add(close);
  const shown = LOOKS_LIKE_HTML.test(message)
    ? sanitizedFragment(message).then(mount)
    : Promise.resolve(mount(document.createTextNode(message)));
  return { close: () => close('dismissed'), shown };
}

const lastErrorAt = new Map<string, number>();

/** An error toast; the same message again within ERROR_DEDUPE_MS is not shown (returns null). */
export function toastError(message: string, options: Omit<ToastOptions, 'type'> = {}): ToastHandle | null {
  const now = Date.now();
  const last = lastErrorAt.get(message);
  if (last !== undefined && now - last < ERROR_DEDUPE_MS) return null;
  lastErrorAt.set(message, now);
  for (const [text, at] of lastErrorAt) if (now - at >= ERROR_DEDUPE_MS) lastErrorAt.delete(text);
  return toast(message, { ...options, type: 'error' });
}

export function toastSuccess(message: string, options: Omit<ToastOptions, 'type'> = {}): ToastHandle {
  return toast(message, { ...options, type: 'success' });
}

/** A toast with an action button, closing after SNACKBAR_DURATION_MS unless told otherwise. */
export function snackbar(
  message: string,
  options: Omit<ToastOptions, 'action'> & { action: NonNullable<ToastOptions['action']> },
): ToastHandle {
  return toast(message, { duration: SNACKBAR_DURATION_MS, ...options });
}

/** Closes every toast (as dismissed) and forgets the error de-duplication, e.g. when the page changes. */
export function clearToasts(): void {
  for (const close of active) close('dismissed'); // each close removes itself: safe while iterating a Set
  lastErrorAt.clear();
}
