// DOMPurify is loaded only on pages that render Markdown (blog bodies, Markdown previews), in a chunk of its own.
const CONFIG = {
  ALLOWED_TAGS: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'ul', 'ol', 'li', 'blockquote', 'pre', 'code', 'a', 'img', 'strong', 'em', 'del'],
  ALLOWED_ATTR: ['href', 'src', 'alt', 'title', 'class', 'rel', 'target', 'loading'],
  ALLOW_DATA_ATTR: false,
};

/** HTML with only the tags and attributes a rendered Markdown body needs; scripts and handlers never survive. */
export async function sanitizeHtml(html: string): Promise<string> {
  const { default: DOMPurify } = await import(/* webpackChunkName: "lib-dompurify" */ 'dompurify');
  return DOMPurify.sanitize(html, CONFIG);
}
