import type { Highlight } from './engine';
export { setMarkdownWindow } from './dom-window';

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
