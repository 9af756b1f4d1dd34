/**
 * The PDF host: a dedicated module worker that runs pdf.js's display API, so that the page's main thread neither
 * evaluates pdf.js (about 0.5 MB) nor draws. It opens the document (parsing runs in pdf.js's own worker, started from
 * here), draws pages into the canvases the page transferred to it (`transferControlToOffscreen()`), and lays out
 * each page's text as pdf.js's TextLayer does, so that the page only creates the spans (./worker-engine.ts).
 *
 * This file is emitted as it is (transpiled and minified, not bundled: webpack.config.cjs), so it imports nothing at
 * run time: pdf.js comes by URL in the first message. It exports its text layout for the unit tests.
 */
import type { PDFDocumentProxy, PDFWorker, RenderTask, TextContent, TextItem, TextStyle } from 'pdfjs-dist/types/src/display/api';
import type * as PdfjsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { HostReply, HostRequest, InitMessage, OpenResult, PageSize, RenderResult, TextRun } from './protocol';

/** pdf.js's TextLayer stops at this many runs a page, and so does this. */
const MAX_RUNS = 100_000;
/** The font size the ascent of a family is measured at (pdf.js's TextLayer: 30). */
const ASCENT_SIZE = 30;

/** Text metrics of the fonts the text layer uses (an OffscreenCanvas's 2D context here, a stub in tests). */
export interface Measure {
  /** The share of a line's height above the baseline. */
  ascent(fontFamily: string, style: TextStyle | undefined): number;
  /** Width in pixels of `text` at `size` pixels. */
  width(text: string, size: number, fontFamily: string): number;
}

/** The page at scale 1 (its rotation applied): CSS-like coordinates, y down, in PDF points. */
export interface PageView {
  width: number;
  height: number;
  transform: number[];
}

function multiply(m: number[], n: number[]): number[] {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

/** The font size pdf.js's TextLayer measures at: a float32 rounded to 17 bits of mantissa. */
function quantize(size: number): number {
  const f = Math.fround(size);
  const d = Math.fround(f * ((1 << 17) + 1));
  return Math.fround(d - Math.fround(d - f));
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Whether a run is stretched to the width it has on the canvas (pdf.js's rule: text, or a glyph drawn squeezed). */
function stretched(item: TextItem): boolean {
  if (item.str.length > 1) return true;
  if (item.str === ' ' || item.transform[0] === item.transform[3]) return false;
  const x = Math.abs(item.transform[0]);
  const y = Math.abs(item.transform[3]);
  return x !== y && Math.max(x, y) / Math.min(x, y) > 1.5;
}

/**
 * A page's text runs placed over the page box: the arithmetic of pdf.js's TextLayer (left and top from the text's
 * transform and the font's ascent, font height, stretch measured at the size it is shown at), computed here rather
 * than in the page. Positions come from the page's own viewport, rotation included, so a rotated page needs no CSS
 * of its own. `cssScale` is CSS pixels per point, `pixelRatio` device pixels per CSS pixel.
 */
export function layoutText(content: TextContent, view: PageView, cssScale: number, pixelRatio: number, measure: Measure): TextRun[] {
  const runs: TextRun[] = [];
  for (const item of content.items) {
    if (!('str' in item)) continue;
    if (runs.length >= MAX_RUNS) break;
    const style: TextStyle | undefined = content.styles[item.fontName];
    const tx = multiply(view.transform, item.transform);
    let angle = Math.atan2(tx[1], tx[0]);
    if (style?.vertical) angle += Math.PI / 2;
    const fontFamily = style?.fontFamily || 'sans-serif';
    const fontHeight = Math.hypot(tx[2], tx[3]);
    const ascent = fontHeight * measure.ascent(fontFamily, style);
    const left = angle === 0 ? tx[4] : tx[4] + ascent * Math.sin(angle);
    const top = angle === 0 ? tx[5] - ascent : tx[5] - ascent * Math.cos(angle);
    const rounded = round2(fontHeight);
    let scaleX = 1;
    if (item.str !== '' && rounded !== 0 && stretched(item)) {
      const target = style?.vertical ? item.height : item.width;
      const size = quantize(rounded * cssScale) * pixelRatio;
      const measured = target ? measure.width(item.str, size, fontFamily) : 0;
      if (measured > 0) scaleX = (target * size) / (measured * rounded);
    }
    runs.push({
      str: item.str,
      left: round2((100 * left) / view.width),
      top: round2((100 * top) / view.height),
      fontHeight: rounded,
      fontFamily,
      scaleX,
      angle: angle === 0 ? 0 : (angle * 180) / Math.PI,
      dir: item.dir,
      eol: item.hasEOL,
    });
  }
  return runs;
}

// ---- the worker ----

type Pdfjs = typeof PdfjsModule;

interface HostScope {
  postMessage(message: HostReply, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<InitMessage | HostRequest>) => void): void;
  fonts?: unknown;
}

/** Canvases for pdf.js's scratch work (patterns, masks, groups): OffscreenCanvas, there is no document here. */
class OffscreenCanvasFactory {
  create(width: number, height: number) {
    if (width <= 0 || height <= 0) throw new Error('Invalid canvas size');
    const canvas = new OffscreenCanvas(width, height);
    return { canvas, context: canvas.getContext('2d', { willReadFrequently: true }) };
  }
  reset(target: { canvas: OffscreenCanvas | null }, width: number, height: number) {
    if (!target.canvas) throw new Error('Canvas is not specified');
    if (width <= 0 || height <= 0) throw new Error('Invalid canvas size');
    target.canvas.width = width;
    target.canvas.height = height;
  }
  destroy(target: { canvas: OffscreenCanvas | null; context: unknown }) {
    if (!target.canvas) throw new Error('Canvas is not specified');
    target.canvas.width = target.canvas.height = 0;
    target.canvas = null;
    target.context = null;
  }
  getNoAlphaContext(canvas: OffscreenCanvas) {
    return canvas.getContext('2d', { alpha: false, willReadFrequently: true });
  }
}

/** pdf.js's SVG filters (transfer functions, luminosity masks) need a document: drawn without them here. */
class NoFilterFactory {
  addFilter() {
    return 'none';
  }
  addHCMFilter() {
    return 'none';
  }
  addAlphaFilter() {
    return 'none';
  }
  addLuminosityFilter() {
    return 'none';
  }
  addKnockoutFilter() {
    return 'none';
  }
  addHighlightHCMFilter() {
    return 'none';
  }
  addSelectionHCMFilter() {
    return 'none';
  }
  addSelectionFilter() {
    return 'none';
  }
  createSelectionStyle() {
    return null;
  }
  destroy() {}
}

/** A module worker from another origin starts through a same-origin blob module that imports it (CORS). */
function moduleWorkerUrl(url: string): string {
  return URL.createObjectURL(new Blob([`import ${JSON.stringify(url)};`], { type: 'text/javascript' }));
}

function canvasMeasure(): Measure {
  const ctx = new OffscreenCanvas(1, 1).getContext('2d') as OffscreenCanvasRenderingContext2D;
  const ascents = new Map<string, number>();
  let font = '';
  const setFont = (value: string) => {
    if (value !== font) ctx.font = font = value;
  };
  return {
    ascent(fontFamily, style) {
      const known = ascents.get(fontFamily);
      if (known) return known;
      setFont(`${ASCENT_SIZE}px ${fontFamily}`);
      const metrics = ctx.measureText('');
      const above = metrics.fontBoundingBoxAscent;
      const below = Math.abs(metrics.fontBoundingBoxDescent);
      const ratio = above ? above / (above + below) : style?.ascent ? style.ascent : style?.descent ? 1 + style.descent : 0.8;
      ascents.set(fontFamily, ratio);
      return ratio;
    },
    width(text, size, fontFamily) {
      setFont(`${size}px ${fontFamily}`);
      return ctx.measureText(text).width;
    },
  };
}

function startHost(scope: HostScope): void {
  let pdfjs: Pdfjs | null = null;
  let parserUrl = '';
  let measure: Measure | null = null;
  const fontFaces = 'fonts' in scope && typeof FontFace === 'function';
  const docs = new Map<number, { pdf: PDFDocumentProxy; close(): void; canvases: Set<number> }>();
  const canvases = new Map<number, OffscreenCanvas>();
  const renders = new Map<number, { cancelled: boolean; task: RenderTask | null }>();
  let nextDoc = 1;

  const cancelled = () => Object.assign(new Error('Rendering cancelled'), { name: 'RenderingCancelledException' });

  /** A parser worker (pdf.js's own worker) that reports its failure instead of leaving pdf.js waiting. */
  function startParser(): { worker: Worker; failed: Promise<never> } {
    const worker = new Worker(parserUrl, { type: 'module' });
    const failed = new Promise<never>((_, reject) =>
      worker.addEventListener('error', (event) => reject(new Error(`PDF parser worker failed: ${event.message || 'not loaded'}`)), { once: true }),
    );
    failed.catch(() => undefined);
    return { worker, failed };
  }

  async function init(message: InitMessage): Promise<void> {
    try {
      if (typeof OffscreenCanvas !== 'function' || !new OffscreenCanvas(1, 1).getContext('2d')) throw new Error('OffscreenCanvas 2D is missing');
      if (typeof Worker !== 'function') throw new Error('Worker is missing in workers');
      parserUrl = moduleWorkerUrl(message.parser);
      pdfjs = (await import(/* webpackIgnore: true */ message.pdfjs)) as Pdfjs;
      measure = canvasMeasure();
      scope.postMessage({ type: 'ready' });
    } catch (error) {
      scope.postMessage({ type: 'failed', message: String((error as Error)?.message ?? error) });
    }
  }

  async function open(data: ArrayBuffer): Promise<OpenResult> {
    if (!pdfjs) throw new Error('pdf.js is not loaded');
    // one parser worker per document, as pdf.js makes on the main thread; started now rather than with pdf.js above,
    // so that it does not evaluate its 1.3 MB while the host evaluates pdf.js and the page starts (CPU the page's
    // main thread shares)
    const { worker: parser, failed } = startParser();
    const worker: PDFWorker = pdfjs.PDFWorker.create({ port: parser });
    const task = pdfjs.getDocument({
      data: new Uint8Array(data),
      worker,
      // nothing of the page's own: no XFA forms, no scripting
      enableXfa: false,
      // fonts go to this worker's FontFaceSet (where workers have none, glyphs are drawn as paths)
      ownerDocument: scope as unknown as Document,
      disableFontFace: !fontFaces,
      CanvasFactory: OffscreenCanvasFactory,
      FilterFactory: NoFilterFactory,
    });
    const close = () => {
      void task.destroy().finally(() => {
        worker.destroy();
        parser.terminate();
      });
    };
    let pdf: PDFDocumentProxy;
    try {
      pdf = await Promise.race([task.promise, failed]);
    } catch (error) {
      close();
      throw error;
    }
    const doc = nextDoc++;
    docs.set(doc, { pdf, close, canvases: new Set() });
    const sizes = await Promise.all(
      Array.from({ length: pdf.numPages }, (_, i) =>
        pdf.getPage(i + 1).then(
          (page): PageSize | null => {
            const { width, height } = page.getViewport({ scale: 1 });
            return { width, height };
          },
          () => null,
        ),
      ),
    );
    return { doc, numPages: pdf.numPages, sizes };
  }

  async function render(request: Extract<HostRequest, { type: 'render' }>): Promise<{ value: RenderResult }> {
    const state = { cancelled: false, task: null as RenderTask | null };
    renders.set(request.id, state);
    try {
      const entry = docs.get(request.doc);
      if (!entry) throw new Error('The document is closed');
      if (request.offscreen) canvases.set(request.canvas, request.offscreen);
      const canvas = canvases.get(request.canvas);
      if (!canvas) throw new Error('Unknown canvas');
      const page = await entry.pdf.getPage(request.page);
      if (state.cancelled) throw cancelled();
      entry.canvases.add(request.canvas);
      const base = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: (request.cssWidth * request.pixelRatio) / base.width });
      canvas.width = Math.round(viewport.width);
      canvas.height = Math.round(viewport.height);
      const task = page.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport, background: '#fff' });
      state.task = task;
      const text = request.text
        ? page.getTextContent().then(
            (content) => layoutText(content, base, request.cssWidth / base.width, request.pixelRatio, measure!),
            () => null,
          )
        : Promise.resolve(null);
      await task.promise;
      if (state.cancelled) throw cancelled();
      return { value: { width: canvas.width, height: canvas.height, text: await text } };
    } finally {
      renders.delete(request.id);
    }
  }

  /** A canvas given back: its pixels freed (a white 1×1 frame, so that the page shows no stale picture). */
  function clear(id: number) {
    const canvas = canvases.get(id);
    if (!canvas) return;
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext('2d', { alpha: false }) as OffscreenCanvasRenderingContext2D | null;
    if (ctx) {
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, 1, 1);
    }
  }

  async function handle(request: HostRequest): Promise<void> {
    switch (request.type) {
      case 'open':
      case 'render':
        try {
          const value = request.type === 'open' ? await open(request.data) : (await render(request)).value;
          scope.postMessage({ type: 'result', id: request.id, value });
        } catch (error) {
          const name = (error as { name?: string } | null)?.name;
          scope.postMessage({ type: 'error', id: request.id, message: String((error as Error)?.message ?? error), cancelled: name === 'RenderingCancelledException' });
        }
        return;
      case 'cancel': {
        const state = renders.get(request.id);
        if (state) {
          state.cancelled = true;
          state.task?.cancel();
        }
        return;
      }
      case 'release': {
        clear(request.canvas);
        const entry = docs.get(request.doc);
        if (entry) void entry.pdf.getPage(request.page).then((page) => page.cleanup(), () => undefined);
        return;
      }
      case 'destroy': {
        const entry = docs.get(request.doc);
        if (!entry) return;
        docs.delete(request.doc);
        entry.canvases.forEach(clear);
        entry.close();
        return;
      }
      case 'forget':
        canvases.delete(request.canvas);
        return;
    }
  }

  scope.addEventListener('message', ({ data }) => {
    if (data.type === 'init') void init(data);
    else void handle(data);
  });
}

// in a worker (not when the unit tests import this file)
const workerScope = (globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope;
if (typeof workerScope === 'function' && globalThis instanceof (workerScope as typeof Object)) startHost(globalThis as unknown as HostScope);
