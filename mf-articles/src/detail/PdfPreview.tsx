import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessageOf, http } from 'shared-kernel';
import { apiHref, apiPath, getPreviewUrl } from '../api/documents';
import { loadPdfEngine, type PdfDoc, type PdfEngine, type PdfRenderTask } from './pdf/types';

/** Height over width of a page box until the document says otherwise (A4, what nearly every document is). */
const A4 = 297 / 210;
/** Device pixels per CSS pixel at most (sharp on 3x phones; more only costs memory). */
const MAX_PIXEL_RATIO = 3;
/** Canvas pixels at most per page: iOS refuses canvases over 16.7 M pixels, and every page kept costs 4 bytes a pixel. */
const MAX_CANVAS_PIXELS = 12_000_000;
/** A rendered page is drawn again when the width it needs differs from its canvas by more than this share. */
const REDRAW_SHARE = 0.15;
/** Pages within one screen above or below the viewport are drawn; pages further away give their canvas back. */
const NEAR_MARGIN = '100% 0px';

type PageState = 'idle' | 'rendering' | 'done' | 'error';

interface Loaded {
  engine: PdfEngine;
  pdf: PdfDoc;
  /** Height over width per page (index 0 is page 1). */
  ratios: number[];
  /** Width in PDF points per page (the text layer's scale is the list width over this). */
  widths: number[];
}

/** The device pixel ratio a page is drawn at: the screen's, within the caps above. */
export function pixelRatioFor(cssWidth: number, heightRatio: number, devicePixelRatio: number): number {
  const wanted = Math.min(Math.max(devicePixelRatio || 1, 1), MAX_PIXEL_RATIO);
  const area = cssWidth * cssWidth * heightRatio;
  return area * wanted * wanted > MAX_CANVAS_PIXELS ? Math.sqrt(MAX_CANVAS_PIXELS / area) : wanted;
}

/** CSS pixels per PDF point of a page box, which places its text layer (pdf.js reads `--total-scale-factor`). */
function setTextScale(box: HTMLElement | null | undefined, cssWidth: number, pageWidth: number | undefined): void {
  if (box && cssWidth && pageWidth) box.style.setProperty('--total-scale-factor', String(cssWidth / pageWidth));
}

function loadErrorMessage(error: unknown): string {
  if ((error as { name?: string } | null)?.name === 'ChunkLoadError') return '预览组件加载失败，请检查网络后重试';
  if ((error as { isAxiosError?: boolean } | null)?.isAxiosError) return errorMessageOf(error);
  return '文档预览加载失败，请稍后重试';
}

/** The PDF behind a signed preview URL; an error answer's JSON body is decoded so its Chinese message is shown. */
async function fetchPdf(url: string): Promise<ArrayBuffer> {
  try {
    return (await http.get<ArrayBuffer>(apiPath(url), { responseType: 'arraybuffer', skipErrorToast: true })).data;
  } catch (error) {
    const response = (error as { response?: { data?: unknown } }).response;
    if (response?.data instanceof ArrayBuffer) {
      try {
        response.data = JSON.parse(new TextDecoder().decode(response.data)) as unknown;
      } catch {
        /* not JSON: the status decides the message */
      }
    }
    throw error;
  }
}

/**
 * A PDF preview read in the page: the API's PDF (cut to the readable pages for paid documents) drawn by pdf.js into
 * one canvas per page, as wide as the preview, at the screen's pixel density, with the page's text over it in a
 * transparent text layer (selectable, found by the browser's search, read by screen readers). pdf.js (a lazy chunk and its worker)
 * and the PDF are fetched when the preview comes near the viewport; a page is drawn when it comes within a screen of
 * the viewport and gives its canvas back when it leaves that range again. Every page's box has its size before it is
 * drawn, so nothing below it moves. Until the first page is drawn its box holds the page's text as the API read it
 * (`firstPageText`): what the page's HTML carries for search engines, a reader without scripts and a slow phone.
 */
export function PdfPreview({ id, pages, limited, firstPageText = '' }: { id: string; pages: number; limited: boolean; firstPageText?: string }) {
  const [attempt, setAttempt] = useState(0);
  const [src, setSrc] = useState<string | null>(null);
  const [near, setNear] = useState(false);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState('');
  const [states, setStates] = useState<PageState[]>([]);

  const count = loaded ? loaded.pdf.numPages : Math.max(1, pages);
  const listRef = useRef<HTMLOListElement>(null);
  const canvases = useRef<(HTMLCanvasElement | null)[]>([]);
  const texts = useRef<(HTMLDivElement | null)[]>([]);
  const statesRef = useRef<PageState[]>([]);
  const drawnWidth = useRef<number[]>([]);
  const visible = useRef(new Set<number>());
  const loadedRef = useRef<Loaded | null>(null);
  const inFlight = useRef<{ page: number; task: PdfRenderTask } | null>(null);

  const setPageState = useCallback((index: number, state: PageState) => {
    statesRef.current[index] = state;
    setStates([...statesRef.current]);
  }, []);

  /** Draws the first wanted page that is not drawn, one page at a time; gives back the canvases of pages far away. */
  const pump = useCallback(() => {
    const current = loadedRef.current;
    const list = listRef.current;
    if (!current || !list) return;
    for (const [index, state] of statesRef.current.entries()) {
      if (state === 'done' && !visible.current.has(index)) {
        const canvas = canvases.current[index];
        texts.current[index]?.replaceChildren();
        if (canvas) current.pdf.release(index + 1, canvas);
        drawnWidth.current[index] = 0;
        setPageState(index, 'idle');
      }
    }
    if (inFlight.current) return;
    const width = list.clientWidth;
    if (!width) return; // not laid out yet: the resize observer calls again
    const index = [...visible.current].sort((a, b) => a - b).find((i) => statesRef.current[i] === 'idle');
    const canvas = index === undefined ? null : canvases.current[index];
    if (index === undefined || !canvas) return;
    const ratio = pixelRatioFor(width, current.ratios[index] ?? A4, window.devicePixelRatio);
    setTextScale(canvas.parentElement, width, current.widths[index]);
    const task = current.pdf.render(index + 1, canvas, texts.current[index] ?? null, width, ratio);
    inFlight.current = { page: index, task };
    setPageState(index, 'rendering');
    task.promise.then(
      () => {
        drawnWidth.current[index] = width;
        return 'done' as const;
      },
      (e: unknown) => (current.engine.isCancelled(e) ? ('idle' as const) : ('error' as const)),
    ).then((state) => {
      if (inFlight.current?.task !== task) return; // the document was closed meanwhile
      inFlight.current = null;
      setPageState(index, state);
      pump();
    });
  }, [setPageState]);

  // the signed URL of the preview PDF (for the engine and the "new window" link)
  useEffect(() => {
    let live = true;
    setSrc(null);
    setError('');
    getPreviewUrl(id, 1).then(
      (answer) => live && setSrc(answer.url),
      (e: unknown) => live && setError(errorMessageOf(e)),
    );
    return () => {
      live = false;
    };
  }, [id, attempt]);

  // pdf.js and the PDF, once the preview is near the viewport
  useEffect(() => {
    if (!src || !near) return;
    let live = true;
    let opened: PdfDoc | null = null;
    Promise.all([
      loadPdfEngine(),
      fetchPdf(src),
    ])
      .then(async ([engine, bytes]) => {
        const pdf = await engine.openPdf(bytes);
        opened = pdf;
        if (!live) return pdf.destroy();
        const sizes = await Promise.all(
          Array.from({ length: pdf.numPages }, (_, i) => pdf.pageSize(i + 1).catch(() => ({ width: 595, height: 595 * A4 }))),
        );
        if (!live) return;
        statesRef.current = Array.from({ length: pdf.numPages }, () => 'idle');
        drawnWidth.current = [];
        loadedRef.current = { engine, pdf, ratios: sizes.map((size) => size.height / size.width), widths: sizes.map((size) => size.width) };
        setStates([...statesRef.current]);
        setLoaded(loadedRef.current);
      })
      .catch((e: unknown) => live && setError(loadErrorMessage(e)));
    return () => {
      live = false;
      inFlight.current?.task.cancel();
      inFlight.current = null;
      loadedRef.current = null;
      setLoaded(null);
      opened?.destroy();
    };
  }, [src, near]);

  // which pages are within a screen of the viewport (all of them where IntersectionObserver is missing)
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const boxes = [...list.querySelectorAll<HTMLElement>('[data-page]')];
    if (typeof IntersectionObserver === 'undefined') {
      boxes.forEach((_, i) => visible.current.add(i));
      setNear(true);
      pump();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const index = Number((entry.target as HTMLElement).dataset.page) - 1;
          if (entry.isIntersecting) visible.current.add(index);
          else visible.current.delete(index);
        }
        if (visible.current.size > 0) setNear(true);
        pump();
      },
      { rootMargin: NEAR_MARGIN },
    );
    boxes.forEach((box) => observer.observe(box));
    return () => {
      observer.disconnect();
      visible.current.clear();
    };
  }, [count, pump, error]);

  // once the document is open: draw what is in view
  useEffect(() => {
    if (loaded) pump();
  }, [loaded, pump]);

  // a different width (rotation, window resize): pages drawn for another width are drawn again
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const width = list.clientWidth;
        const current = loadedRef.current;
        // the text layers follow the new width at once (a CSS variable); the canvases are drawn again if far off
        if (current) canvases.current.forEach((canvas, index) => setTextScale(canvas?.parentElement, width, current.widths[index]));
        for (const [index, state] of statesRef.current.entries()) {
          const drawn = drawnWidth.current[index];
          if (state === 'done' && drawn && Math.abs(width - drawn) / drawn > REDRAW_SHARE) setPageState(index, 'idle');
        }
        pump();
      }, 150);
    };
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(onResize);
    if (observer) observer.observe(list);
    else window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      observer?.disconnect();
      window.removeEventListener('resize', onResize);
    };
  }, [pump, setPageState, error]);

  const retryPage = (index: number) => {
    setPageState(index, 'idle');
    pump();
  };

  return (
    <div className="dt-pdf" data-testid="pdf-preview">
      <div className="dt-pdf-bar">
        <span>{limited ? `可预览前 ${count} 页` : `共 ${count} 页`}</span>
        {src && (
          <a href={apiHref(src)} target="_blank" rel="noopener">
            在新窗口中阅读
          </a>
        )}
      </div>
      {error ? (
        <div className="dt-pdf-failed" role="alert">
          <p className="dt-error">{error}</p>
          <button type="button" className="dt-btn" onClick={() => setAttempt((n) => n + 1)}>
            重试
          </button>
        </div>
      ) : (
        <ol className="dt-pdf-pages" ref={listRef}>
          {Array.from({ length: count }, (_, index) => {
            const state = loaded ? (states[index] ?? 'idle') : 'idle';
            const ratio = loaded?.ratios[index] ?? A4;
            return (
              <li key={index} className="dt-pdf-item">
                <div
                  className="dt-pdf-page"
                  data-page={index + 1}
                  data-state={state}
                  style={{ aspectRatio: `1 / ${ratio}` }}
                  aria-busy={state !== 'done' && state !== 'error'}
                >
                  <canvas ref={(el) => void (canvases.current[index] = el)} role="img" aria-label={`第 ${index + 1} 页`} />
                  <div className="dt-pdf-text" ref={(el) => void (texts.current[index] = el)} />
                  {index === 0 && firstPageText && state !== 'done' && state !== 'error' && (
                    <div className="dt-pdf-plain" data-testid="pdf-first-page-text">
                      {firstPageText}
                    </div>
                  )}
                  {state === 'error' ? (
                    <div className="dt-pdf-state" role="alert">
                      <span className="dt-error">第 {index + 1} 页加载失败</span>
                      <button type="button" className="dt-btn" onClick={() => retryPage(index)}>
                        重试
                      </button>
                    </div>
                  ) : (
                    state !== 'done' && <span className="dt-pdf-state">加载中…</span>
                  )}
                </div>
                <div className="dt-pdf-no" aria-hidden="true">
                  {index + 1} / {count}
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
