import { useEffect, useRef, useState } from 'react';
import { MARKDOWN_CLASS, renderMarkdown, renderMarkdownNow } from 'shared-kernel';
import { BLOG_TEXTS } from '../texts';

const t = BLOG_TEXTS.editor;
/** Re-render at most this often while typing: a long post renders in a few ms, but not on every key. */
const DELAY_MS = 250;

/** The live preview: the kernel's renderer (the same one the blog detail page uses), sanitized HTML. */
export function Preview({ source, hidden }: { source: string; hidden?: boolean }) {
  const [html, setHtml] = useState<string | null>(() => renderMarkdownNow(source));
  const [failed, setFailed] = useState(false);
  // nothing shown yet: the first render goes at once, later ones wait for a pause in typing
  const shown = useRef(html !== null);
  useEffect(() => {
    if (hidden) return;
    let live = true;
    const timer = setTimeout(() => {
      renderMarkdown(source).then(
        (out) => live && ((shown.current = true), setHtml(out), setFailed(false)),
        () => live && setFailed(true),
      );
    }, shown.current ? DELAY_MS : 0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [source, hidden]);
  return (
    <section className="ucb-preview-pane" aria-label={t.previewLabel} hidden={hidden} data-testid="blog-preview">
      {failed ? (
        <p className="uc-muted">{t.previewFailed}</p>
      ) : source.trim() === '' ? (
        <p className="uc-muted">{t.previewEmpty}</p>
      ) : (
        <div className={`ucb-md ${MARKDOWN_CLASS}`} dangerouslySetInnerHTML={{ __html: html ?? '' }} />
      )}
    </section>
  );
}
