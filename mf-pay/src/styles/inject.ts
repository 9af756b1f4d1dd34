import { PAY_CSS } from './pay-css';

const STYLE_ID = 'mf-pay-style';

/** Adds mf-pay's stylesheet to the page once (the remote ships no CSS files: one fewer request). */
export function ensureStyles(): void {
  if (typeof document === 'undefined' || document.getElementById(STYLE_ID)) return;
  const style = document.createElement('style');
  style.id = STYLE_ID;
  style.textContent = PAY_CSS;
  document.head.appendChild(style);
}
