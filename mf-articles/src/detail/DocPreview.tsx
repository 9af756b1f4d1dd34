import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessageOf, renderMarkdown, useServerData, withoutTitle } from 'shared-kernel';
import { getPreviewText, getPreviewUrl, type PreviewInfo } from '../api/documents';
import { Markdown } from './Markdown';
import { PdfPreview } from './PdfPreview';

/**
 * The in-page reader. PDFs: the API serves a PDF cut to the readable pages, drawn page by page in the page by
 * pdf.js (PdfPreview; page images would cost 4-8 times the bytes, api/README.md), on PC and phones alike.
 * TXT and Markdown: the API's text pages, loaded one after another. `onShown` tells when the preview has its
 * height (a text's first page arrived or failed): what follows it is rendered then, so it never moves.
 */
export function DocPreview({
  id,
  preview,
  title = '',
  firstPageText = '',
  onShown,
}: {
  id: string;
  preview: PreviewInfo;
  title?: string;
  /** A PDF's first page as text (the API's, from the conversion): in the page's HTML until pdf.js has drawn it. */
  firstPageText?: string;
  onShown?: () => void;
}) {
  const remaining = preview.limited ? Math.max(0, preview.pages - preview.preview_pages) : 0;
  // PDF pages keep boxes of their own size while they draw, and 'none' is final: only text grows when it arrives
  const sized = preview.type !== 'text' && preview.type !== 'markdown';
  useEffect(() => {
    if (sized) onShown?.();
  }, [sized, onShown]);
  return (
    <section className={`dt-card dt-preview${preview.type === 'pdf' ? ' dt-preview-pdf' : ''}`} aria-label="文档预览">
      {preview.type === 'pdf' && <PdfPreview id={id} pages={preview.preview_pages} limited={preview.limited} firstPageText={firstPageText} />}
      {(preview.type === 'text' || preview.type === 'markdown') && (
        <TextPreview id={id} markdown={preview.type === 'markdown'} pages={preview.preview_pages} title={title} onFirstPage={onShown} />
      )}
      {preview.type === 'none' && <p className="dt-empty">该文档格式暂不支持在线预览，请下载后阅读</p>}
      {remaining > 0 && (
        <div className="dt-preview-limit" role="note">
          <strong>剩余 {remaining} 页需下载后阅读</strong>
          {preview.message && <span className="dt-muted">{preview.message}</span>}
        </div>
      )}
    </section>
  );
}

/** The text of a preview page: its signed URL first, then the text behind it. */
async function previewText(id: string, page: number): Promise<string> {
  const { url } = await getPreviewUrl(id, page);
  return getPreviewText(url);
}

function TextPreview({ id, markdown, pages, title, onFirstPage }: { id: string; markdown: boolean; pages: number; title: string; onFirstPage?: () => void }) {
  // the first page is part of the page's HTML (what a search engine reads); the others load as the reader goes on
  const served = useServerData(`preview-text:${id}:1`, () => previewText(id, 1));
  const [texts, setTexts] = useState<string[]>(served?.data !== undefined ? [served.data] : []);
  const servedFirst = useRef(served?.data !== undefined);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');

  const loadPage = useCallback(
    async (page: number) => {
      setLoading(true);
      setError('');
      try {
        const text = await previewText(id, page);
        // Markdown is shown at its full height at once: the renderer first (a failure shows the plain text)
        if (markdown) await renderMarkdown(text).catch(() => {});
        setTexts((list) => (list.length === page - 1 ? [...list, text] : list));
      } catch (e) {
        setError(errorMessageOf(e));
      } finally {
        setLoading(false);
        if (page === 1) onFirstPage?.();
      }
    },
    [id, markdown, onFirstPage],
  );

  useEffect(() => {
    if (servedFirst.current) {
      servedFirst.current = false;
      return;
    }
    setTexts([]);
    void loadPage(1);
  }, [loadPage]);

  const next = texts.length + 1;
  return (
    <div className="dt-reader" data-testid="text-preview">
      {texts.map((text, i) => (
        <article key={i} className="dt-reader-page" aria-label={`第 ${i + 1} 页`}>
          {markdown ? <Markdown source={i === 0 ? withoutTitle(text, title) : text} /> : <div className="dt-plain">{text}</div>}
          {pages > 1 && (
            <div className="dt-page-no">
              {i + 1} / {pages}
            </div>
          )}
        </article>
      ))}
      {loading && <div className="dt-skeleton" aria-busy="true" />}
      {error && (
        <p className="dt-error">
          {error}
          <button type="button" className="dt-link" onClick={() => void loadPage(next)}>
            重试
          </button>
        </p>
      )}
      {!loading && !error && texts.length > 0 && next <= pages && (
        <button type="button" className="dt-btn dt-block" onClick={() => void loadPage(next)}>
          继续阅读（第 {next} 页）
        </button>
      )}
    </div>
  );
}
