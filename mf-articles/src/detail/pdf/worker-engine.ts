// The PDF engine of browsers that can draw off the main thread: a small message-passing front for the PDF host worker
// (./host.worker.ts), which runs pdf.js. The page's main thread evaluates this module only; each page canvas is
// transferred to the host once (`transferControlToOffscreen()`), and the text layer's spans are made here from the
// runs the host laid out.
import { hostAssets } from './host-assets';
import type { HostReply, HostRequest, OpenResult, PageSize, RenderResult, TextRun } from './protocol';
import type { PdfDoc, PdfEngine } from './types';

/** How long the host may take to start (fetch and evaluate pdf.js) before the page uses the main-thread engine
 * (webpack gives a chunk as long). */
const START_TIMEOUT_MS = 120_000;

const CANCELLED = 'RenderingCancelledException';
const cancelledError = () => Object.assign(new Error('Rendering cancelled'), { name: CANCELLED });

interface Host {
  nextId(): number;
  call<T>(request: HostRequest, transfer?: Transferable[]): Promise<T>;
  post(request: HostRequest): void;
  /** The canvas's number at the host, with its OffscreenCanvas the first time (to be transferred). */
  canvasFor(canvas: HTMLCanvasElement): { id: number; offscreen?: OffscreenCanvas };
  canvasId(canvas: HTMLCanvasElement): number | undefined;
}

/**
 * Starts the host: a module worker from mf-articles' origin, through a same-origin blob module that imports it (the
 * page is on the shell's origin; CSP `worker-src blob:`). Null when it cannot run here (no module workers, no
 * OffscreenCanvas 2D in workers, pdf.js failing to load): the caller then draws on the main thread.
 */
function startHost(): Promise<Host | null> {
  const assets = hostAssets();
  const source = URL.createObjectURL(new Blob([`import ${JSON.stringify(assets.host)};`], { type: 'text/javascript' }));
  let worker: Worker;
  try {
    worker = new Worker(source, { type: 'module', name: 'pdf' });
  } catch {
    URL.revokeObjectURL(source);
    return Promise.resolve(null);
  }
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  const canvases = new WeakMap<HTMLCanvasElement, number>();
  // a canvas element the page dropped: the host drops its OffscreenCanvas too
  const forget = typeof FinalizationRegistry === 'function' ? new FinalizationRegistry<number>((canvas) => worker.postMessage({ type: 'forget', canvas })) : null;
  let ids = 0;
  let canvasIds = 0;
  const host: Host = {
    nextId: () => (ids += 1),
    call<T>(request: HostRequest, transfer: Transferable[] = []) {
      return new Promise<T>((resolve, reject) => {
        pending.set((request as { id: number }).id, { resolve: resolve as (value: unknown) => void, reject });
        worker.postMessage(request, transfer);
      });
    },
    post: (request) => worker.postMessage(request),
    canvasFor(canvas) {
      const known = canvases.get(canvas);
      if (known !== undefined) return { id: known };
      const offscreen = canvas.transferControlToOffscreen();
      const id = (canvasIds += 1);
      canvases.set(canvas, id);
      forget?.register(canvas, id);
      return { id, offscreen };
    },
    canvasId: (canvas) => canvases.get(canvas),
  };
  return new Promise((resolve) => {
    let settled = false;
    const settle = (value: Host | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      URL.revokeObjectURL(source);
      if (!value) worker.terminate();
      resolve(value);
    };
    const timer = setTimeout(() => settle(null), START_TIMEOUT_MS);
    worker.addEventListener('error', (event) => {
      if (settled) return;
      event.preventDefault();
      settle(null);
    });
    worker.addEventListener('message', ({ data }: MessageEvent<HostReply>) => {
      if (data.type === 'ready') settle(host);
      else if (data.type === 'failed') settle(null);
      else {
        const call = pending.get(data.id);
        pending.delete(data.id);
        if (data.type === 'result') call?.resolve(data.value);
        else call?.reject(Object.assign(new Error(data.message), data.cancelled ? { name: CANCELLED } : {}));
      }
    });
    worker.postMessage({ type: 'init', pdfjs: assets.pdfjs, parser: assets.parser });
  });
}

let minFontSize: number | null = null;

/** The browser's smallest font size in CSS pixels (a reader's setting; pdf.js's TextLayer measures it likewise). */
function minimumFontSize(): number {
  if (minFontSize === null) {
    const probe = document.createElement('div');
    probe.style.cssText = 'position:absolute;opacity:0;font-size:1px;line-height:1';
    probe.textContent = 'X';
    document.body.append(probe);
    minFontSize = parseFloat(getComputedStyle(probe).fontSize) || 1;
    probe.remove();
  }
  return minFontSize;
}

/** The page's text as transparent spans over the canvas, placed by the host's layout and the CSS of `.dt-pdf-text`. */
export function fillTextLayer(container: HTMLElement, runs: TextRun[]): void {
  container.style.setProperty('--min-font-size', String(minimumFontSize()));
  const spans = document.createDocumentFragment();
  for (const run of runs) {
    if (run.str) {
      const span = document.createElement('span');
      const { style } = span;
      style.left = `${run.left}%`;
      style.top = `${run.top}%`;
      style.setProperty('--font-height', `${run.fontHeight}px`);
      style.fontFamily = run.fontFamily;
      if (run.scaleX !== 1) style.setProperty('--scale-x', String(run.scaleX));
      if (run.angle) style.setProperty('--rotate', `${run.angle}deg`);
      span.setAttribute('role', 'presentation');
      span.dir = run.dir;
      span.textContent = run.str;
      spans.append(span);
    }
    if (run.eol) {
      const br = document.createElement('br');
      br.setAttribute('role', 'presentation');
      spans.append(br);
    }
  }
  container.replaceChildren(spans);
}

function wrap(host: Host, opened: OpenResult): PdfDoc {
  const { doc } = opened;
  return {
    numPages: opened.numPages,
    pageSize(pageNumber) {
      const size: PageSize | null | undefined = opened.sizes[pageNumber - 1];
      return size ? Promise.resolve(size) : Promise.reject(new Error(`No size for page ${pageNumber}`));
    },
    render(pageNumber, canvas, text, cssWidth, pixelRatio) {
      const id = host.nextId();
      let cancelled = false;
      const promise = (async () => {
        const { id: canvasId, offscreen } = host.canvasFor(canvas);
        const request: HostRequest = { type: 'render', id, doc, page: pageNumber, canvas: canvasId, offscreen, cssWidth, pixelRatio, text: !!text };
        const result = await host.call<RenderResult>(request, offscreen ? [offscreen] : []);
        if (cancelled) throw cancelledError();
        if (text) {
          if (result.text) fillTextLayer(text, result.text);
          else text.replaceChildren();
        }
      })();
      return {
        promise,
        cancel() {
          if (cancelled) return;
          cancelled = true;
          host.post({ type: 'cancel', id });
        },
      };
    },
    release(pageNumber, canvas) {
      host.post({ type: 'release', doc, page: pageNumber, canvas: host.canvasId(canvas) ?? 0 });
    },
    destroy() {
      host.post({ type: 'destroy', doc });
    },
  };
}

/** The host starts when the page's main thread is idle, at most this long after it is asked for. */
const IDLE_TIMEOUT_MS = 1000;

/** After the page's start-up work: the host's evaluating pdf.js takes CPU that the main thread shares on small phones. */
function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(resolve, 0);
  });
}

let starting: Promise<Host | null> | null = null;

/** The engine, or null where the host cannot run (the caller falls back to the main-thread engine). */
export async function startWorkerEngine(): Promise<PdfEngine | null> {
  starting ??= whenIdle().then(startHost);
  const host = await starting;
  if (!host) return null;
  return {
    async openPdf(data) {
      const id = host.nextId();
      // the bytes move to the host (the caller does not keep them)
      return wrap(host, await host.call<OpenResult>({ type: 'open', id, data }, [data]));
    },
    isCancelled: (error) => (error as { name?: string } | null)?.name === CANCELLED,
  };
}
