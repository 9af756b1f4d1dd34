import { render, screen, waitFor, within } from '@testing-library/react';
import { PdfPreview } from '../../src/detail/PdfPreview';
import type { HostReply, HostRequest, InitMessage, TextRun } from '../../src/detail/pdf/protocol';
import type { PdfEngine } from '../../src/detail/pdf/types';
import { boxes, previewTestSetup, showPages } from './pdf-support';

// The worker engine: where the browser can draw off the main thread, the page starts the PDF host worker (pdf.js runs
// there) and only passes messages. jsdom has no workers and no OffscreenCanvas: the host is played by a scripted fake
// that answers as ./host.worker.ts does; its text layout has tests of its own (pdf-text-layout.test.ts).
jest.mock('../../src/detail/pdf/host-assets', () => ({
  hostAssets: () => ({ host: 'https://articles.test/pdf-host.1.js', pdfjs: 'https://articles.test/pdf.display.1.js', parser: 'https://articles.test/pdf.worker.1.js' }),
}));

/** pdf.js on the main thread (the fallback): loaded only when the worker cannot run. */
const mockMainThread = { loads: 0 };
jest.mock('../../src/detail/pdf/pdfjs', () => {
  mockMainThread.loads += 1;
  const engine: PdfEngine = {
    openPdf: async () => ({
      numPages: 3,
      pageSize: async () => ({ width: 595, height: 842 }),
      render(_page, _canvas, text) {
        text?.replaceChildren(Object.assign(document.createElement('span'), { textContent: '主线程画的页' }));
        return { promise: Promise.resolve(), cancel() {} };
      },
      release() {},
      destroy() {},
    }),
    isCancelled: () => false,
  };
  return { engine };
});

const RUNS: TextRun[] = [
  { str: '静夜思', left: 12.1, top: 8.25, fontHeight: 24, fontFamily: 'serif', scaleX: 1.25, angle: 0, dir: 'ltr', eol: true },
  { str: '床前明月光', left: 20, top: 30, fontHeight: 12, fontFamily: 'sans-serif', scaleX: 1, angle: 90, dir: 'ltr', eol: false },
];

/** How the fake host answers: starts (or not), draws at once (or holds the drawings for the test to finish). */
const script = { start: 'ready' as 'ready' | 'failed' | 'error', hold: false, failPage: 0 };
const workers: FakeWorker[] = [];
const blobs: Blob[] = [];

class FakeWorker extends EventTarget {
  posted: { data: InitMessage | HostRequest; transfer: Transferable[] }[] = [];
  terminated = false;
  constructor(
    readonly url: string,
    readonly options?: WorkerOptions,
  ) {
    super();
    workers.push(this);
  }
  postMessage(data: InitMessage | HostRequest, transfer: Transferable[] = []) {
    this.posted.push({ data, transfer });
    queueMicrotask(() => this.answer(data));
  }
  terminate() {
    this.terminated = true;
  }
  send(reply: HostReply) {
    this.dispatchEvent(new MessageEvent('message', { data: reply }));
  }
  sent<T extends (InitMessage | HostRequest)['type']>(type: T) {
    return this.posted.filter((p) => p.data.type === type) as { data: Extract<InitMessage | HostRequest, { type: T }>; transfer: Transferable[] }[];
  }
  finish(request: Extract<HostRequest, { type: 'render' }>) {
    if (request.page === script.failPage) this.send({ type: 'error', id: request.id, message: 'bad page', cancelled: false });
    else this.send({ type: 'result', id: request.id, value: { width: request.cssWidth * request.pixelRatio, height: 100, text: RUNS } });
  }
  private answer(data: InitMessage | HostRequest) {
    switch (data.type) {
      case 'init':
        if (script.start === 'ready') this.send({ type: 'ready' });
        else if (script.start === 'failed') this.send({ type: 'failed', message: 'OffscreenCanvas 2D is missing' });
        else this.dispatchEvent(new Event('error'));
        return;
      case 'open':
        this.send({ type: 'result', id: data.id, value: { doc: 5, numPages: 3, sizes: [{ width: 595, height: 842 }, { width: 842, height: 595 }, null] } });
        return;
      case 'render':
        if (!script.hold) this.finish(data);
        return;
      case 'cancel':
        this.send({ type: 'error', id: data.id, message: 'Rendering cancelled', cancelled: true });
        return;
      default:
    }
  }
}

class FakeOffscreenCanvas {
  width = 300;
  height = 150;
}

/** Canvases handed to the worker, in order; a browser refuses to hand one over twice. */
const transferred: HTMLCanvasElement[] = [];
function transferControlToOffscreen(this: HTMLCanvasElement) {
  if (transferred.includes(this)) throw new DOMException('Cannot transfer control from a canvas for more than one time.', 'InvalidStateError');
  transferred.push(this);
  return new FakeOffscreenCanvas();
}

const g = globalThis as Record<string, unknown>;
const proto = HTMLCanvasElement.prototype as unknown as Record<string, unknown>;
const urls = URL as unknown as Record<string, unknown>;

function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

previewTestSetup();
beforeEach(() => {
  // a fresh engine module each test (it keeps its worker for the page's life)
  jest.resetModules();
  Object.assign(script, { start: 'ready', hold: false, failPage: 0 });
  Object.assign(mockMainThread, { loads: 0 });
  workers.length = 0;
  blobs.length = 0;
  transferred.length = 0;
  g.Worker = FakeWorker;
  g.OffscreenCanvas = FakeOffscreenCanvas;
  proto.transferControlToOffscreen = transferControlToOffscreen;
  urls.createObjectURL = (blob: Blob) => `blob:https://site.test/${blobs.push(blob)}`;
  urls.revokeObjectURL = () => {};
});
afterEach(() => {
  delete g.Worker;
  delete g.OffscreenCanvas;
  delete proto.transferControlToOffscreen;
  delete urls.createObjectURL;
  delete urls.revokeObjectURL;
});

const showPreview = () => render(<PdfPreview id="12" pages={3} limited />);
const canvasOf = (box: HTMLElement) => within(box).getByRole('img') as HTMLCanvasElement;
const textOf = (box: HTMLElement) => box.querySelector<HTMLElement>('.dt-pdf-text')!;

describe('PDF preview drawn in a worker', () => {
  test('pdf.js runs in the host worker, started from a same-origin blob module that imports it; the main-thread pdf.js is never loaded', async () => {
    showPreview();
    await screen.findByRole('link', { name: '在新窗口中阅读' });
    expect(workers).toHaveLength(0); // nothing before a page comes near
    showPages(1);
    await waitFor(() => expect(boxes()[0].dataset.state).toBe('done'));
    expect(workers).toHaveLength(1);
    const [worker] = workers;
    expect(worker.url).toBe('blob:https://site.test/1');
    expect(worker.options).toMatchObject({ type: 'module' });
    expect(await readBlob(blobs[0])).toBe('import "https://articles.test/pdf-host.1.js";');
    expect(worker.posted[0].data).toEqual({ type: 'init', pdfjs: 'https://articles.test/pdf.display.1.js', parser: 'https://articles.test/pdf.worker.1.js' });
    // the PDF's bytes move to the worker
    const [open] = worker.sent('open');
    expect(new TextDecoder().decode(open.data.data)).toBe('%PDF-1.7 preview');
    expect(open.transfer).toEqual([open.data.data]);
    expect(mockMainThread.loads).toBe(0);
    expect(boxes()).toHaveLength(3);
  });

  test("each canvas is handed to the worker once and drawn at the list width and screen density; the text layer is the host's runs", async () => {
    window.devicePixelRatio = 2;
    showPreview();
    await screen.findByRole('link', { name: '在新窗口中阅读' });
    showPages(1);
    await waitFor(() => expect(boxes()[0].dataset.state).toBe('done'));
    const [worker] = workers;
    const [first] = worker.sent('render');
    expect(first.data).toMatchObject({ type: 'render', doc: 5, page: 1, cssWidth: 600, pixelRatio: 2, text: true });
    expect(first.data.offscreen).toBeInstanceOf(FakeOffscreenCanvas);
    expect(first.transfer).toEqual([first.data.offscreen]);
    expect(transferred).toEqual([canvasOf(boxes()[0])]);
    // every box has its page's shape from the worker's sizes (a page without one stays A4)
    expect(boxes()[1].style.aspectRatio).toBe(`1 / ${595 / 842}`);
    expect(boxes()[2].style.aspectRatio).toBe(`1 / ${297 / 210}`);

    // the spans, placed by CSS variables as pdf.js's TextLayer places them
    const layer = textOf(boxes()[0]);
    expect(layer.style.getPropertyValue('--min-font-size')).toBe('1');
    const spans = [...layer.querySelectorAll('span')];
    expect(spans.map((s) => s.textContent)).toEqual(['静夜思', '床前明月光']);
    const [title, line] = spans.map((s) => s.style);
    expect([title.left, title.top, title.fontFamily]).toEqual(['12.1%', '8.25%', 'serif']);
    expect(title.getPropertyValue('--font-height')).toBe('24px');
    expect(title.getPropertyValue('--scale-x')).toBe('1.25');
    expect(title.getPropertyValue('--rotate')).toBe('');
    expect(line.getPropertyValue('--scale-x')).toBe('');
    expect(line.getPropertyValue('--rotate')).toBe('90deg');
    expect(spans.every((s) => s.getAttribute('role') === 'presentation' && s.dir === 'ltr')).toBe(true);
    expect(layer.children[1].tagName).toBe('BR');

    // page 1 leaves the range: the worker frees its canvas, the text goes; back in range, the same canvas is drawn again
    showPages(3);
    await waitFor(() => expect(boxes()[2].dataset.state).toBe('done'));
    expect(boxes()[0].dataset.state).toBe('idle');
    const [release] = worker.sent('release');
    expect(release.data).toEqual({ type: 'release', doc: 5, page: 1, canvas: first.data.canvas });
    expect(textOf(boxes()[0]).childElementCount).toBe(0);
    showPages(1);
    await waitFor(() => expect(boxes()[0].dataset.state).toBe('done'));
    const again = worker.sent('render').at(-1)!;
    expect(again.data).toMatchObject({ page: 1, canvas: first.data.canvas });
    expect(again.data.offscreen).toBeUndefined();
    expect(transferred).toEqual([canvasOf(boxes()[0]), canvasOf(boxes()[2])]);
    expect(workers).toHaveLength(1);
  });

  test('a page the worker cannot draw shows its own error; leaving the page cancels the drawing and closes the document in the worker', async () => {
    script.failPage = 1;
    const view = showPreview();
    await screen.findByRole('link', { name: '在新窗口中阅读' });
    showPages(1);
    expect((await within(boxes()[0]).findByRole('alert')).textContent).toContain('第 1 页加载失败');

    script.hold = true;
    showPages(2);
    await waitFor(() => expect(workers[0].sent('render')).toHaveLength(2));
    const held = workers[0].sent('render')[1].data;
    view.unmount();
    expect(workers[0].sent('cancel').map((c) => c.data)).toEqual([{ type: 'cancel', id: held.id }]);
    expect(workers[0].sent('destroy').map((c) => c.data)).toEqual([{ type: 'destroy', doc: 5 }]);
  });

  test.each([
    ['says it cannot run (no OffscreenCanvas 2D in workers)', 'failed'],
    ['fails to load (no module workers, its file missing)', 'error'],
  ] as const)('where the worker %s, pdf.js draws on the main thread', async (_, start) => {
    script.start = start;
    showPreview();
    await screen.findByRole('link', { name: '在新窗口中阅读' });
    showPages(1);
    await waitFor(() => expect(boxes()[0].dataset.state).toBe('done'));
    expect(within(boxes()[0]).getByText('主线程画的页')).toBeTruthy();
    expect(mockMainThread.loads).toBe(1);
    expect(workers[0].terminated).toBe(true);
    expect(workers[0].sent('open')).toHaveLength(0);
    expect(transferred).toHaveLength(0);
  });

  test('where the browser lacks OffscreenCanvas, no worker is started: pdf.js draws on the main thread', async () => {
    delete g.OffscreenCanvas;
    showPreview();
    await screen.findByRole('link', { name: '在新窗口中阅读' });
    showPages(1);
    await waitFor(() => expect(boxes()[0].dataset.state).toBe('done'));
    expect(workers).toHaveLength(0);
    expect(mockMainThread.loads).toBe(1);
  });
});
