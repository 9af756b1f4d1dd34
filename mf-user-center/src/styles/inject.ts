import { UC_CSS } from './uc-css';

const STYLE_ID = 'mf-user-center-style';

/** Adds mf-user-center's stylesheet to the page once (the remote ships no CSS files: one fewer request). */
export function ensureStyles(): void {
  if (typeof document === 'undefined' || document.getElementById(STYLE_ID)) return;
  const style = document.createElement('style');
  style.id = STYLE_ID;
  style.textContent = UC_CSS;
  document.head.appendChild(style);
}
