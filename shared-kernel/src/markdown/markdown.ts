import type { Highlight } from './engine';

/**
 * Markdown for every page that shows it (blog bodies, Markdown previews, the editor's preview): one engine in
 * the kernel (a federation singleton, so one copy for all remotes), loaded on first use in chunks of its own:
 * `md-engine` (marked, with `lib-dompurify`, the chunk the kernel's toasts load too) and, only for a text with
 * a fenced code block naming a language, `md-highlight` (highlight.js core + a few languages). The HTML it gives
 * is sanitized.
 */

type Render = (source: string) => string;
let render: Render | null = null;
let highlighter: Highlight | null = null;
let loadingEngine: Promise<Render> | null = null;
let loadingHighlight: Promise<void> | null = null;

/** A fenced code block that names its language: the text needs the highlighter. */
const FENCE_WITH_LANGUAGE = /^ {0,3}(```|~~~)[ \t]*[\w#+.-]+/m;

export function needsHighlighter(source: string): boolean {
  return FENCE_WITH_LANGUAGE.test(source);
}

function loadEngine(): Promise<Render> {
  loadingEngine ??= Promise.all([
    import(/* webpackChunkName: "md-engine" */ './engine'),
    import(/* webpackChunkName: "lib-dompurify" */ 'dompurify'),
  ]).then(([m, purify]) => {
    ensureMarkdownStyles();
    render = m.createRenderer(purify.default, () => highlighter);
    return render;
  });
  loadingEngine.catch(() => (loadingEngine = null));
  return loadingEngine;
}

function loadHighlighter(): Promise<void> {
  loadingHighlight ??= import(/* webpackChunkName: "md-highlight" */ './highlight').then((m) => {
    highlighter = m.highlight;
  });
  loadingHighlight.catch(() => (loadingHighlight = null));
  return loadingHighlight;
}

/**
 * Sanitized HTML of a Markdown text, once the engine (and the highlighter, when the text has code) has loaded.
 * A highlighter that fails to load leaves the code plain; an engine that fails rejects (show the source as text).
 */
export async function renderMarkdown(source: string): Promise<string> {
  const [engine] = await Promise.all([loadEngine(), needsHighlighter(source) ? loadHighlighter().catch(() => {}) : null]);
  return engine(source);
}

/** The same at once when everything it needs has loaded already; null before that (then call renderMarkdown). */
export function renderMarkdownNow(source: string): string | null {
  if (!render || (needsHighlighter(source) && !highlighter && loadingHighlight === null)) return null;
  return render(source);
}

/** Starts loading the engine ahead (a page that will show Markdown soon). */
export function preloadMarkdown(withHighlighter = false): Promise<unknown> {
  return Promise.all([loadEngine(), withHighlighter ? loadHighlighter() : null]);
}

/** The body without a first '# heading' that repeats the title shown above it. */
export function withoutTitle(markdown: string, title: string): string {
  const m = /^\s*#\s+(.+?)\s*#*\s*(\n|$)/.exec(markdown);
  return m && m[1].trim() === title.trim() ? markdown.slice(m[0].length) : markdown;
}

/** The class a rendered body's container carries for the styles below. */
export const MARKDOWN_CLASS = 'md-body';

/** Styles of what the engine outputs beyond plain text (tables, task lists, highlighted code), injected once. */
export function ensureMarkdownStyles(): void {
  if (typeof document === 'undefined' || document.getElementById('kernel-md-styles')) return;
  const style = document.createElement('style');
  style.id = 'kernel-md-styles';
  style.textContent = MARKDOWN_CSS;
  document.head.appendChild(style);
}

const MARKDOWN_CSS = `
.md-body table{border-collapse:collapse;display:block;max-width:100%;overflow-x:auto;margin:1em 0;font-size:.95em}
.md-body th,.md-body td{border:1px solid #d9dde3;padding:6px 12px;text-align:left}
.md-body th{background:#f5f7fa;font-weight:600}
.md-body tr:nth-child(2n) td{background:#fafbfc}
.md-body li:has(>input[type=checkbox]){list-style:none;margin-left:-1.3em}
.md-body input[type=checkbox]{margin:0 .4em 0 0;vertical-align:-2px}
.md-body del,.md-body s{color:#8a919f}
.md-body pre code.hljs{display:block;background:none;color:#e6e6e6;padding:0}
.md-body .hljs-keyword,.md-body .hljs-selector-tag,.md-body .hljs-built_in,.md-body .hljs-type{color:#ff9ac1}
.md-body .hljs-string,.md-body .hljs-attr,.md-body .hljs-template-tag{color:#a6e3a1}
.md-body .hljs-number,.md-body .hljs-literal,.md-body .hljs-symbol{color:#f9c97c}
.md-body .hljs-comment,.md-body .hljs-quote{color:#9aa4b2;font-style:italic}
.md-body .hljs-title,.md-body .hljs-section,.md-body .hljs-function .hljs-title{color:#8cc8ff}
.md-body .hljs-variable,.md-body .hljs-params,.md-body .hljs-property{color:#f0d3a8}
.md-body .hljs-meta,.md-body .hljs-tag,.md-body .hljs-name{color:#7fd6e6}
.md-body .hljs-deletion{color:#ffb3b3}.md-body .hljs-addition{color:#b5f0b5}
`;
