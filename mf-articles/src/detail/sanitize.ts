// DOMPurify is loaded only on pages that render Markdown (blog bodies, Markdown previews), in a chunk of its own.
const CONFIG = {
  ALLOWED_TAGS: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'ul', 'ol', 'li', 'blockquote', 'pre', 'code', 'a', 'img', 'strong', 'em', 'del'],
  ALLOWED_ATTR: ['href', 'src', 'alt', 'title', 'class', 'rel', 'target', 'loading'],
  ALLOW_DATA_ATTR: false,
};

type Purifier = (typeof import('dompurify'))['default'];
let loaded: Purifier | null = null;

/** Loads the sanitizer (once); callers that must not render twice wait for it before showing Markdown. */
export async function loadSanitizer(): Promise<void> {
  loaded ??= (await import(/* webpackChunkName: "lib-dompurify" */ 'dompurify')).default;
}

/** HTML with only the tags and attributes a rendered Markdown body needs; scripts and handlers never survive. */
export async function sanitizeHtml(html: string): Promise<string> {
  await loadSanitizer();
  return loaded!.sanitize(html, CONFIG);
}

/** The same, at once, when the sanitizer has already loaded; null before that. */
export function sanitizeHtmlNow(html: string): string | null {
  return loaded ? loaded.sanitize(html, CONFIG) : null;
}
