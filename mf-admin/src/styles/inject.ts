import { ADMIN_CSS } from './admin-css';

const STYLE_ID = 'mf-admin-style';

/** Adds mf-admin's stylesheet to the page once (the remote ships no CSS files: one fewer request). */
export function ensureStyles(): void {
  if (typeof document === 'undefined' || document.getElementById(STYLE_ID)) return;
  const style = document.createElement('style');
  style.id = STYLE_ID;
  style.textContent = ADMIN_CSS;
  document.head.appendChild(style);
}
