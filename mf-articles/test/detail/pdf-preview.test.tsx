import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { PdfPreview, pixelRatioFor } from '../../src/detail/PdfPreview';
import type { PdfDoc, PdfEngine } from '../../src/detail/pdf/types';
import DocDetailPage from '../../src/pages/DocDetailPage';
import type { FakeApi } from 'shared-kernel/testing';
import { docFixture, openPage, scriptDoc } from './support';
import { boxes, FakeObserver, previewTestSetup, showPages } from './pdf-support';

// jsdom cannot run pdf.js: the engine module (the only one importing pdf.js) is replaced by a scripted one.
interface RenderCall {
  page: number;
  canvas: HTMLCanvasElement;
  text: HTMLElement | null;
  width: number;
  ratio: number;
  resolve(): void;
  reject(error: unknown): void;
}
const mockPdf = {
  opened: [] as string[],
  openError: null as unknown,
  numPages: 3,
  sizes: {} as Record<number, { width: number; height: number }>,
  renders: [] as RenderCall[],
  released: [] as { page: number; canvas: HTMLCanvasElement }[],
  destroyed: 0,
  /** Renders finish by themselves unless held. */
  hold: false,
};
jest.mock('../../src/detail/pdf/pdfjs', () => {
  const engine: PdfEngine = {
    async openPdf(data) {
      mockPdf.opened.push(new TextDecoder().decode(data));
      if (mockPdf.openError) throw mockPdf.openError;
      const doc: PdfDoc = {
        numPages: mockPdf.numPages,
        pageSize: async (n) => mockPdf.sizes[n] ?? { width: 595, height: 842 },
        render(page, canvas, text, width, ratio) {
          let call!: RenderCall;
          const promise = new Promise<void>((resolve, reject) => {
            call = { page, canvas, text, width, ratio, resolve, reject };
          });
          text?.replaceChildren(Object.assign(document.createElement('span'), { textContent: `第${page}页的文字` }));
          mockPdf.renders.push(call);
          if (!mockPdf.hold) call.resolve();
          return { promise, cancel: () => call.reject({ cancelled: true }) };
        },
        release: (page, canvas) => void mockPdf.released.push({ page, canvas }),
        destroy: () => void (mockPdf.destroyed += 1),
      };
      return doc;
    },
    isCancelled: (error) => (error as { cancelled?: boolean } | null)?.cancelled === true,
  };
  return { engine };
});

const apiOf = previewTestSetup();
let api: FakeApi;
beforeEach(() => {
  api = apiOf();
  Object.assign(mockPdf, { opened: [], openError: null, numPages: 3, sizes: {}, renders: [], released: [], destroyed: 0, hold: false });
});

const showPreview = (pages = 3, limited = true) => render(<PdfPreview id="12" pages={pages} limited={limited} />);

describe('PDF preview', () => {
  test('reserves an A4 box per page with its label before anything loads, and loads nothing until a page comes near', async () => {
    showPreview(3);
    expect(boxes()).toHaveLength(3);
    for (const box of boxes()) expect(box.style.aspectRatio).toBe(`1 / ${297 / 210}`);
    expect(screen.getAllByRole('img').map((c) => c.getAttribute('aria-label'))).toEqual(['第 1 页', '第 2 页', '第 3 页']);
    expect(boxes().every((b) => b.getAttribute('aria-busy') === 'true')).toBe(true);
    expect(screen.getAllByText('加载中…')).toHaveLength(3);
    await waitFor(() => expect(screen.getByRole('link', { name: '在新窗口中阅读' }).getAttribute('href')).toBe(`${api.origin}/api/docs-preview-file/12/?token=t1`));
    expect(screen.getByText('可预览前 3 页')).toBeTruthy();
    // the observer looks one screen ahead
    expect(FakeObserver.all.at(-1)!.options?.rootMargin).toBe('100% 0px');
    await new Promise((r) => setTimeout(r, 50));
    expect(api.calls('GET /docs-preview-file/12/')).toHaveLength(0);
    expect(mockPdf.opened).toHaveLength(0);
  });

  test('a page near the viewport loads the PDF and draws that page only, at the list width and the screen density; the next one when it comes near', async () => {
    window.devicePixelRatio = 2;
    mockPdf.sizes = { 2: { width: 842, height: 595 } }; // a landscape page
    showPreview(3);
    await screen.findByRole('link', { name: '在新窗口中阅读' });
    showPages(1);
    await waitFor(() => expect(boxes()[0].dataset.state).toBe('done'));
    expect(mockPdf.opened).toEqual(['%PDF-1.7 preview']);
    expect(mockPdf.renders.map((r) => [r.page, r.width, r.ratio])).toEqual([[1, 600, 2]]);
    expect(mockPdf.renders[0].canvas).toBe(within(boxes()[0]).getByRole('img', { name: '第 1 页' }));
    // the text layer over the canvas, placed at the list width over the page's width in points
    expect(mockPdf.renders[0].text?.parentElement).toBe(boxes()[0]);
    expect(within(boxes()[0]).getByText('第1页的文字')).toBeTruthy();
    expect(boxes()[0].style.getPropertyValue('--total-scale-factor')).toBe(String(600 / 595));
    expect(boxes()[0].getAttribute('aria-busy')).toBe('false');
    expect(within(boxes()[0]).queryByText('加载中…')).toBeNull();
    // every box has its page's shape once the document is open
    expect(boxes()[1].style.aspectRatio).toBe(`1 / ${595 / 842}`);
    expect(boxes()[2].dataset.state).toBe('idle');

    showPages(1, 2);
    await waitFor(() => expect(boxes()[1].dataset.state).toBe('done'));
    expect(mockPdf.renders.map((r) => r.page)).toEqual([1, 2]);
    expect(mockPdf.opened).toHaveLength(1);
  });

  test('the first page\'s text from the API fills its box until pdf.js has drawn it, in place of the loading sign', async () => {
    mockPdf.hold = true;
    render(<PdfPreview id="12" pages={3} limited firstPageText={'静夜思\n床前明月光，疑是地上霜。'} />);
    const plain = screen.getByTestId('pdf-first-page-text');
    expect(plain.parentElement).toBe(boxes()[0]);
    expect(plain.textContent).toBe('静夜思\n床前明月光，疑是地上霜。');
    // only page 1 has it; the other pages keep their loading sign
    expect(screen.getAllByTestId('pdf-first-page-text')).toHaveLength(1);
    await screen.findByRole('link', { name: '在新窗口中阅读' });
    showPages(1);
    await waitFor(() => expect(mockPdf.renders).toHaveLength(1));
    expect(boxes()[0].dataset.state).toBe('rendering');
    expect(screen.getByTestId('pdf-first-page-text')).toBeTruthy();
    act(() => mockPdf.renders[0].resolve());
    await waitFor(() => expect(boxes()[0].dataset.state).toBe('done'));
    expect(screen.queryByTestId('pdf-first-page-text')).toBeNull();
    expect(within(boxes()[0]).getByText('第1页的文字')).toBeTruthy();
  });

  test('draws one page at a time, in page order', async () => {
    mockPdf.hold = true;
    showPreview(3);
    await screen.findByRole('link', { name: '在新窗口中阅读' });
    showPages(3, 1, 2);
    await waitFor(() => expect(mockPdf.renders).toHaveLength(1));
    expect(mockPdf.renders[0].page).toBe(1);
    expect(boxes()[0].dataset.state).toBe('rendering');
    act(() => mockPdf.renders[0].resolve());
    await waitFor(() => expect(mockPdf.renders).toHaveLength(2));
    expect(mockPdf.renders[1].page).toBe(2);
    act(() => mockPdf.renders[1].resolve());
    await waitFor(() => expect(mockPdf.renders).toHaveLength(3));
    act(() => mockPdf.renders[2].resolve());
    await waitFor(() => expect(boxes().map((b) => b.dataset.state)).toEqual(['done', 'done', 'done']));
  });

  test('a page that leaves the range gives its canvas back and is drawn again when it returns', async () => {
    showPreview(3);
    await screen.findByRole('link', { name: '在新窗口中阅读' });
    showPages(1);
    await waitFor(() => expect(boxes()[0].dataset.state).toBe('done'));
    showPages(3);
    await waitFor(() => expect(boxes()[2].dataset.state).toBe('done'));
    expect(boxes()[0].dataset.state).toBe('idle');
    // the engine frees the page and its canvas's pixels (the canvas may live in a worker); the text goes at once
    expect(mockPdf.released).toEqual([{ page: 1, canvas: within(boxes()[0]).getByRole('img') }]);
    expect(within(boxes()[0]).queryByText('第1页的文字')).toBeNull();
    // the box keeps its size: nothing below it moves
    expect(boxes()[0].style.aspectRatio).toBe(`1 / ${842 / 595}`);
    showPages(1);
    await waitFor(() => expect(boxes()[0].dataset.state).toBe('done'));
    expect(mockPdf.renders.map((r) => r.page)).toEqual([1, 3, 1]);
  });

  test('the document count of pages wins over the expected one', async () => {
    mockPdf.numPages = 2;
    showPreview(3, false);
    await screen.findByRole('link', { name: '在新窗口中阅读' });
    showPages(1);
    await waitFor(() => expect(boxes()).toHaveLength(2));
    expect(screen.getByText('共 2 页')).toBeTruthy();
  });

  test('a PDF that cannot be read says so in Chinese, and 重试 asks for a new link and tries again', async () => {
    mockPdf.openError = new Error('Invalid PDF structure.');
    showPreview(3);
    await screen.findByRole('link', { name: '在新窗口中阅读' });
    showPages(1);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('文档预览加载失败，请稍后重试');
    expect(boxes()).toHaveLength(0);
    mockPdf.openError = null;
    fireEvent.click(within(alert).getByRole('button', { name: '重试' }));
    await waitFor(() => expect(boxes()).toHaveLength(3));
    showPages(1);
    await waitFor(() => expect(boxes()[0].dataset.state).toBe('done'));
    expect(api.calls('GET /docs-preview-url/12/1/')).toHaveLength(2);
    expect(mockPdf.opened).toHaveLength(2);
  });

  test('pdf.js failing to load (network) asks to check the network', async () => {
    mockPdf.openError = Object.assign(new Error('Loading chunk 854 failed.'), { name: 'ChunkLoadError' });
    showPreview(3);
    await screen.findByRole('link', { name: '在新窗口中阅读' });
    showPages(1);
    expect((await screen.findByRole('alert')).textContent).toContain('预览组件加载失败，请检查网络后重试');
  });

  test("the API's refusal is shown with its message, and the PDF download failing too", async () => {
    api.on('GET /docs-preview-url/12/1/', { status: 403, body: { message: '付费文档仅可预览前3页，购买后可阅读全文', code: 'preview_limit' } });
    showPreview(3);
    expect((await screen.findByRole('alert')).textContent).toContain('付费文档仅可预览前3页，购买后可阅读全文');
    expect(screen.queryByRole('link', { name: '在新窗口中阅读' })).toBeNull();

    api.on('GET /docs-preview-url/12/1/', { body: { id: 12, page: 1, type: 'pdf', url: '/api/docs-preview-file/12/?token=t2' } });
    api.on('GET /docs-preview-file/12/', { status: 410, body: { message: '链接已过期，请刷新页面', code: 'link_expired' } });
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: '重试' }));
    await waitFor(() => expect(boxes()).toHaveLength(3));
    showPages(1);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('链接已过期'));
    expect(mockPdf.opened).toHaveLength(0);
  });

  test('a page that fails to draw shows its own error with 重试; the other pages are drawn', async () => {
    mockPdf.hold = true;
    showPreview(3);
    await screen.findByRole('link', { name: '在新窗口中阅读' });
    showPages(1, 2);
    await waitFor(() => expect(mockPdf.renders).toHaveLength(1));
    act(() => mockPdf.renders[0].reject(new Error('bad page')));
    await waitFor(() => expect(mockPdf.renders).toHaveLength(2));
    act(() => mockPdf.renders[1].resolve());
    const failed = await within(boxes()[0]).findByRole('alert');
    expect(failed.textContent).toContain('第 1 页加载失败');
    expect(boxes()[0].getAttribute('aria-busy')).toBe('false');
    await waitFor(() => expect(boxes()[1].dataset.state).toBe('done'));
    fireEvent.click(within(failed).getByRole('button', { name: '重试' }));
    await waitFor(() => expect(mockPdf.renders).toHaveLength(3));
    act(() => mockPdf.renders[2].resolve());
    await waitFor(() => expect(boxes()[0].dataset.state).toBe('done'));
    expect(within(boxes()[0]).queryByRole('alert')).toBeNull();
  });

  test('leaving the page stops the drawing and closes the document', async () => {
    mockPdf.hold = true;
    const view = showPreview(3);
    await screen.findByRole('link', { name: '在新窗口中阅读' });
    showPages(1);
    await waitFor(() => expect(mockPdf.renders).toHaveLength(1));
    view.unmount();
    expect(mockPdf.destroyed).toBe(1);
  });

  test('the pixel ratio follows the screen, at most 3, and less where a canvas would be too large', () => {
    expect(pixelRatioFor(400, 1.414, 1)).toBe(1);
    expect(pixelRatioFor(400, 1.414, 0)).toBe(1);
    expect(pixelRatioFor(400, 1.414, 2.625)).toBe(2.625);
    expect(pixelRatioFor(400, 1.414, 4)).toBe(3);
    const big = pixelRatioFor(2400, 1.414, 2);
    expect(big).toBeLessThan(2);
    expect(2400 * big * 2400 * 1.414 * big).toBeCloseTo(12_000_000, -3);
  });
});

describe('PDF preview on the document detail', () => {
  test('a paid PDF shows its preview pages in the page, the pages left, and the new-window link', async () => {
    const doc = docFixture({ file_type: 'pdf', ext_cate: 'pdf', pages: 17, is_free: false, price: 100, preview: { type: 'pdf', pages: 17, preview_pages: 3, limited: true, message: '付费文档仅可预览前3页，购买后可阅读全文' } });
    scriptDoc(api, doc);
    api.on('GET /docs-preview-url/12/1/', { body: { id: 12, page: 1, type: 'pdf', url: '/api/docs-preview-file/12/?token=t1' } });
    openPage(DocDetailPage, '/app/articles/docs/detail/:id', '/app/articles/docs/detail/12');
    const preview = await screen.findByRole('region', { name: '文档预览' });
    expect(within(preview).getAllByRole('img').map((c) => c.getAttribute('aria-label'))).toEqual(['第 1 页', '第 2 页', '第 3 页']);
    expect(within(preview).getByText('剩余 14 页需下载后阅读')).toBeTruthy();
    expect(within(preview).getByText('付费文档仅可预览前3页，购买后可阅读全文')).toBeTruthy();
    await within(preview).findByRole('link', { name: '在新窗口中阅读' });
    expect(preview.querySelector('iframe')).toBeNull();
    showPages(1, 2, 3);
    await waitFor(() => expect(boxes().map((b) => b.dataset.state)).toEqual(['done', 'done', 'done']));
  });
});
