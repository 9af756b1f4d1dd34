import { useEffect, useState } from 'react';
import { renderMarkdown } from './markdown';
import { sanitizeHtml, sanitizeHtmlNow } from './sanitize';

/**
 * Markdown rendered (markdown.ts) and sanitized (DOMPurify) before it is put into the page. Until the sanitizer
 * has loaded nothing is shown; if it cannot load, the source is shown as plain text, never as HTML.
 */
export function Markdown({ source, className = 'dt-md' }: { source: string; className?: string }) {
  // with the sanitizer loaded already the first render has the HTML (no empty box that grows a moment later)
  const [html, setHtml] = useState<string | null>(() => sanitizeHtmlNow(renderMarkdown(source)));
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setFailed(false);
    sanitizeHtml(renderMarkdown(source)).then(
      (clean) => live && setHtml(clean),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [source]);
  if (failed) return <div className={`${className} dt-plain`}>{source}</div>;
  if (html === null) return <div className={className} aria-busy="true" />;
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
