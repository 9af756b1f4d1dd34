/**
 * The window DOMPurify works in: the page's, or on a server (which has none) the one the server part gives
 * (a jsdom window), so Markdown is sanitized by the same code everywhere.
 */
let serverWindow: (Window & typeof globalThis) | null = null;

export function setMarkdownWindow(win: Window & typeof globalThis): void {
  serverWindow = win;
}

export function markdownWindow(): Window & typeof globalThis {
  return serverWindow ?? window;
}
