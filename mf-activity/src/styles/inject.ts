import { AC_CSS } from './ac-css';

const STYLE_ID = 'mf-activity-style';

/** Adds mf-activity's stylesheet to the page once (the remote ships no CSS files). */
export function ensureStyles(): void {
  if (typeof document === 'undefined' || document.getElementById(STYLE_ID)) return;
  const style = document.createElement('style');
  style.id = STYLE_ID;
  style.textContent = AC_CSS;
  document.head.appendChild(style);
}
