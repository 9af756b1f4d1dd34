// Fixtures of the uploads wire (the spec's Wire section, contracts/src/uploads.ts) and a hand-driven EventSource
// (jsdom has none) for mf-user-center's pages of my documents.
import { fireEvent } from '@testing-library/react';

export function setting(overrides: Record<string, unknown> = {}) {
  return {
    max_size: 209715200, image_max_size: 20971520, max_batch: 20, daily_uploads: 50, left_today: 48, chunk_size: 4,
    max_price: 50000, preview_pages: { min: 1, max: 50, default: 5 },
    types: {
      documents: ['doc', 'docx', 'rtf', 'wps', 'odt', 'ppt', 'pptx', 'xls', 'xlsx', 'pdf', 'epub', 'txt', 'md'],
      images: ['jpg', 'jpeg', 'png'],
      archives: ['zip', 'rar'],
    },
    converter_ready: true, converter_message: '', ...overrides,
  };
}

export const categories = [
  { id: 3, name: '唐诗', full_name: '诗词 / 唐诗', parent: 1 },
  { id: 4, name: '宋词', full_name: '诗词 / 宋词', parent: 1 },
];

export function myDoc(overrides: Record<string, unknown> = {}) {
  return {
    id: 12, title: '静夜思', summary: '', category: { id: 3, name: '唐诗' }, file_type: 'docx', ext_cate: 'word', size: 10, pages: 0,
    status: 6, status_text: '转换中', stage: 'queued', progress: 0, reason: '', price: 0, is_free: true, preview_pages: 5,
    views: 0, downloads: 0, earned_coins: 0, create_time: '2026-11-24T02:00:00.000Z', update_time: '2026-11-24T02:00:00.000Z', cover_url: null,
    ...overrides,
  };
}

export function session(overrides: Record<string, unknown> = {}) {
  return { id: 'u1', name: '静夜思.docx', size: 10, offset: 0, chunk_size: 4, expire_time: '2026-11-25T02:00:00.000Z', ...overrides };
}

/** Picks `files` in a file input, as the browser's dialog does. */
export function pickFiles(input: HTMLElement, files: File[]): void {
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  fireEvent.change(input);
}

/** An EventSource the test drives: `emit` a `progress` event, `fail` the stream. */
export class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readonly url: string;
  readonly withCredentials: boolean;
  closed = false;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, ((e: { data: string }) => void)[]>();
  constructor(url: string, init?: { withCredentials?: boolean }) {
    this.url = url;
    this.withCredentials = !!init?.withCredentials;
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (e: { data: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(data: Record<string, unknown>) {
    for (const l of this.listeners.get('progress') ?? []) l({ data: JSON.stringify(data) });
  }
  fail() {
    this.onerror?.();
  }
}
