import { useEffect, useState } from 'react';
import { MARKDOWN_CLASS, renderMarkdown, renderMarkdownNow, useHydrated, useServerData } from 'shared-kernel';

/** A short fingerprint of a text (FNV-1a), to name its rendering in a server render. */
function fingerprint(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return `${text.length}.${(h >>> 0).toString(36)}`;
}

/** The server's HTML is kept as it is while the page hydrates (nothing to render again in the browser). */
const KEEP = '';

/**
 * Markdown through the kernel's one renderer (marked with GFM, highlighted code, DOMPurify), the same one the
 * editor's preview uses. Until it has loaded nothing is shown; if it cannot load, the source is shown as plain
 * text, never as HTML. On the server it is rendered into the page's HTML; the browser hydrating that page keeps
 * the HTML as it came and loads no renderer for it.
 */
export function Markdown({ source, className = 'dt-md' }: { source: string; className?: string }) {
  const hydrated = useHydrated();
  // a '~' key is the server's own: the HTML carries the rendering, the page's data does not carry it again
  const served = useServerData(`~md:${fingerprint(source)}`, () => renderMarkdown(source));
  const [kept] = useState(!hydrated);
  // with the renderer loaded already the first render has the HTML (no empty box that grows a moment later)
  const [html, setHtml] = useState<string | null>(() => served?.data ?? (kept ? KEEP : renderMarkdownNow(source)));
  const [failed, setFailed] = useState(false);
  const [keptFor] = useState(source);
  useEffect(() => {
    if (kept && source === keptFor) return;
    let live = true;
    setFailed(false);
    renderMarkdown(source).then(
      (clean) => live && setHtml(clean),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [source, kept, keptFor]);
  if (failed || served?.error) return <div className={`${className} dt-plain`}>{source}</div>;
  if (html === null) return <div className={`${className} ${MARKDOWN_CLASS}`} aria-busy="true" />;
  return <div className={`${className} ${MARKDOWN_CLASS}`} dangerouslySetInnerHTML={{ __html: html }} suppressHydrationWarning />;
}
