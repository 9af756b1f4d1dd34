import { useEffect, useState } from 'react';
import { MARKDOWN_CLASS, renderMarkdown, renderMarkdownNow } from 'shared-kernel';

/**
 * Markdown through the kernel's one renderer (marked with GFM, highlighted code, DOMPurify), the same one the
 * editor's preview uses. Until it has loaded nothing is shown; if it cannot load, the source is shown as plain
 * text, never as HTML.
 */
export function Markdown({ source, className = 'dt-md' }: { source: string; className?: string }) {
  // with the renderer loaded already the first render has the HTML (no empty box that grows a moment later)
  const [html, setHtml] = useState<string | null>(() => renderMarkdownNow(source));
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setFailed(false);
    renderMarkdown(source).then(
      (clean) => live && setHtml(clean),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [source]);
  if (failed) return <div className={`${className} dt-plain`}>{source}</div>;
  if (html === null) return <div className={`${className} ${MARKDOWN_CLASS}`} aria-busy="true" />;
  return <div className={`${className} ${MARKDOWN_CLASS}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
