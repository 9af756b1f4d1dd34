import { UC_CSS } from './uc-css';

/** Adds the stylesheet `css` to the page once, under `id` (the remote ships no CSS files: one fewer request). */
export function injectStyles(id: string, css: string): void {
  if (typeof document === 'undefined' || document.getElementById(id)) return;
  const style = document.createElement('style');
  style.id = id;
  style.textContent = css;
  document.head.appendChild(style);
}

/** Adds mf-user-center's own stylesheet to the page once. */
export function ensureStyles(): void {
  injectStyles('mf-user-center-style', UC_CSS);
}
