import type DOMPurifyFactory from 'dompurify';
import { Marked, type Tokens } from 'marked';
import { markdownWindow } from './dom-window';
import { MARKDOWN_CSS } from './styles';

/**
 * The one Markdown engine of the site (blog bodies, Markdown previews, the editor's preview): marked with GFM
 * (tables, task lists, strikethrough, autolinks), code highlighted when the highlighter chunk is loaded, and every
 * output passed through DOMPurify with a short list of tags and attributes: no post can run script. Loaded by
 * `renderMarkdown()` in a chunk of its own, never on a page without Markdown.
 */

export type Highlight = (code: string, language: string) => string | null;

const ALLOWED_TAGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'ul', 'ol', 'li', 'blockquote', 'pre', 'code', 'a', 'img',
  'strong', 'em', 'del', 's', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'input', 'span', 'sup', 'sub', 'kbd'];
const ALLOWED_ATTR = ['href', 'src', 'alt', 'title', 'class', 'align', 'start', 'type', 'checked', 'disabled'];
/** http(s), mailto and addresses on this site; never javascript:, data:, vbscript: or a protocol-relative //host. */
const SAFE_URL = /^(?:https?:|mailto:|#|\/(?!\/)|\.{1,2}\/|[^:/?#]+(?:[/?#]|$))/i;

type Purifier = ReturnType<typeof DOMPurifyFactory>;
let purifier: Purifier | null = null;

/** DOMPurify comes in from its own chunk (lib-dompurify, shared with the kernel's toasts). */
function sanitizer(factory: typeof DOMPurifyFactory): Purifier {
  if (purifier) return purifier;
  const p = factory(markdownWindow());
  p.addHook('afterSanitizeAttributes', (node) => {
    const el = node as Element;
    // DOMPurify lets data: pictures through (img is a data-URI tag); this site allows none
    for (const name of ['src', 'href']) if (el.hasAttribute(name) && !SAFE_URL.test(el.getAttribute(name)!.trim())) el.removeAttribute(name);
    if (el.tagName === 'INPUT') {
      // a task list's box, read only; no other input survives
      if (el.getAttribute('type') !== 'checkbox') el.remove();
      else el.setAttribute('disabled', '');
    }
    if (el.tagName === 'A' && /^https?:/i.test(el.getAttribute('href') ?? '')) {
      el.setAttribute('target', '_blank');
      el.setAttribute('rel', 'noopener noreferrer nofollow ugc');
    }
    if (el.tagName === 'IMG') el.setAttribute('loading', 'lazy');
  });
  purifier = p;
  return p;
}

/** Only what a Markdown body needs survives; script, handlers, frames, styles and unsafe addresses never do. */
export function sanitize(factory: typeof DOMPurifyFactory, html: string): string {
  return sanitizer(factory).sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: [...ALLOWED_ATTR, 'target', 'rel', 'loading'],
    ALLOWED_URI_REGEXP: SAFE_URL,
    ALLOW_DATA_ATTR: false,
  }) as string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A marked instance whose fenced code goes through `highlight` (when given and it knows the language). */
/** The styles come with the engine's chunk: pages without Markdown never carry them. */
export function createRenderer(purify: typeof DOMPurifyFactory, highlight: () => Highlight | null): (source: string) => string {
  ensureMarkdownStyles();
  const marked = new Marked({ gfm: true, breaks: false, async: false });
  marked.use({
    renderer: {
      code({ text, lang }: Tokens.Code) {
        const language = (lang ?? '').trim().split(/\s+/)[0].toLowerCase();
        const highlighted = language ? highlight()?.(text, language) : null;
        const cls = language ? ` class="hljs language-${escapeHtml(language)}"` : ' class="hljs"';
        return `<pre><code${cls}>${highlighted ?? escapeHtml(text)}</code></pre>\n`;
      },
    },
  });
  return (source) => sanitize(purify, marked.parse(source) as string);
}

/** Styles of what the engine outputs beyond plain text (tables, task lists, highlighted code), injected once. */
function ensureMarkdownStyles(): void {
  if (typeof document === 'undefined' || document.getElementById('kernel-md-styles')) return;
  const style = document.createElement('style');
  style.id = 'kernel-md-styles';
  style.textContent = MARKDOWN_CSS;
  document.head.appendChild(style);
}


