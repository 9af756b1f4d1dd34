import { BACK_EXIT_WINDOW_MS, toast } from 'shared-kernel';

/**
 * The bridge between the site and the product's mobile app (Android / iOS web view). The only module that talks
 * to the app. Its JavaScript interface:
 *
 * - The app calls `window.__appBack()` when the hardware back button is pressed and its web view cannot go back
 *   any further (ordinary back navigation stays with the web view's own history). It returns true: handled.
 * - The page asks the app to exit with `window.AppBridge.exit()` (Android: an object added with
 *   addJavascriptInterface) or, on iOS, `window.webkit.messageHandlers.AppBridge.postMessage({action: 'exit'})`.
 */

/** What the app injects (Android). */
export interface AppBridgeNative {
  exit(): void;
}

interface AppWindow {
  AppBridge?: AppBridgeNative;
  webkit?: { messageHandlers?: { AppBridge?: { postMessage(message: unknown): void } } };
  __appBack?: () => boolean;
}

/** The first back press shows this (SPEC.md §2 "Mobile app"). */
export const BACK_AGAIN_TEXT = '再按一次退出应用';

/** Inside the app: it injected its bridge. */
export function inApp(win: Window = window): boolean {
  const w = win as unknown as AppWindow;
  return typeof w.AppBridge?.exit === 'function' || typeof w.webkit?.messageHandlers?.AppBridge?.postMessage === 'function';
}

/** Asks the app to close. False when there is no app to ask. */
export function exitApp(win: Window = window): boolean {
  const w = win as unknown as AppWindow;
  if (typeof w.AppBridge?.exit === 'function') {
    w.AppBridge.exit();
    return true;
  }
  const ios = w.webkit?.messageHandlers?.AppBridge;
  if (ios) {
    ios.postMessage({ action: 'exit' });
    return true;
  }
  return false;
}

/**
 * Installs `window.__appBack`: the first press shows the toast, a second press within BACK_EXIT_WINDOW_MS exits
 * the app. Returns the function that removes it.
 */
export function installAppBack(win: Window = window, now: () => number = Date.now): () => void {
  const w = win as unknown as AppWindow;
  let lastPress = Number.NEGATIVE_INFINITY;
  w.__appBack = () => {
    const t = now();
    if (t - lastPress <= BACK_EXIT_WINDOW_MS) {
      lastPress = Number.NEGATIVE_INFINITY;
      exitApp(win);
    } else {
      lastPress = t;
      toast(BACK_AGAIN_TEXT, { duration: BACK_EXIT_WINDOW_MS });
    }
    return true;
  };
  return () => {
    delete w.__appBack;
  };
}
