// What the PDF preview tests share: the page list's layout and viewport (jsdom has neither), and the fake API with a
// document whose preview is a PDF.
import { act } from '@testing-library/react';
import { startFakeApi, type FakeApi } from 'shared-kernel/testing';
import { resetPage } from './support';

/** IntersectionObserver as the page sees it; tests say which page boxes are within range. */
export class FakeObserver {
  static all: FakeObserver[] = [];
  targets = new Set<Element>();
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeObserver.all.push(this);
  }
  observe(el: Element) {
    this.targets.add(el);
  }
  unobserve(el: Element) {
    this.targets.delete(el);
  }
  disconnect() {
    this.targets.clear();
  }
  takeRecords() {
    return [];
  }
}

/** Pages (1-based) now within range; every other observed box is out of range. */
export function showPages(...pages: number[]) {
  const observer = FakeObserver.all.filter((o) => o.targets.size > 0).at(-1)!;
  const entries = [...observer.targets].map(
    (target) => ({ target, isIntersecting: pages.includes(Number((target as HTMLElement).dataset.page)) }) as IntersectionObserverEntry,
  );
  act(() => observer.callback(entries, observer as unknown as IntersectionObserver));
}

export const boxes = () => [...document.querySelectorAll<HTMLElement>('.dt-pdf-page')];

/**
 * Sets up the file's tests: a fake API that signs document 12's preview and serves its PDF (the bytes
 * `%PDF-1.7 preview`), a 600 px wide page list, the fake IntersectionObserver. Answers the API of the running test.
 */
export function previewTestSetup(): () => FakeApi {
  let api: FakeApi;
  beforeAll(async () => {
    api = await startFakeApi();
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = FakeObserver;
    // jsdom lays nothing out: the page list is 600 px wide
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 600 });
  });
  afterAll(async () => {
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth; // Element's again
    await api.close();
  });
  beforeEach(() => {
    resetPage(api);
    FakeObserver.all = [];
    window.devicePixelRatio = 1;
    api.on('GET /docs-preview-url/12/1/', { body: { id: 12, page: 1, type: 'pdf', url: '/api/docs-preview-file/12/?token=t1' } });
    api.on('GET /docs-preview-file/12/', { body: '%PDF-1.7 preview', headers: { 'Content-Type': 'application/pdf' } });
  });
  return () => api;
}
