import { ARTICLES_CSS } from './articles-css';

const STYLE_ID = 'mf-articles-style';

/** Adds mf-articles' stylesheet to the page once (the remote ships no CSS files: one fewer request). */
export function ensureStyles(): void {
  if (typeof document === 'undefined' || document.getElementById(STYLE_ID)) return;
  const style = document.createElement('style');
  style.id = STYLE_ID;
  style.textContent = ARTICLES_CSS;
  document.head.appendChild(style);
}
