import { useEffect, useState } from 'react';
import { renderMarkdown } from './markdown';
import { sanitizeHtml } from './sanitize';

/**
 * Markdown rendered (markdown.ts) and sanitized (DOMPurify) before it is put into the page. Until the sanitizer
 * has loaded nothing is shown; if it cannot load, the source is shown as plain text, never as HTML.
 */
export function Markdown({ source, className = 'dt-md' }: { source: string; className?: string }) {
  const [html, setHtml] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setHtml(null);
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
