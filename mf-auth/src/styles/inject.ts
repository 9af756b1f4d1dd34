import { AUTH_CSS } from './auth-css';

const STYLE_ID = 'mf-auth-style';

/** Adds mf-auth's stylesheet to the page once (the remote ships no CSS files: one fewer request). */
export function ensureStyles(): void {
  if (typeof document === 'undefined' || document.getElementById(STYLE_ID)) return;
  const style = document.createElement('style');
  style.id = STYLE_ID;
  style.textContent = AUTH_CSS;
  document.head.appendChild(style);
}
