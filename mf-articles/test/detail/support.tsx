// What the detail and comment tests share: the kernel's fake API (shared-kernel/testing), fixtures shaped like the
// API's answers, and mounting a page under its route.
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { ComponentType } from 'react';
import { setUser } from 'shared-kernel';
import { resetKernelPage, type FakeApi } from 'shared-kernel/testing';

export { expectToast, toastTexts } from 'shared-kernel/testing';

/** Points the kernel's client at the fake API for a new test page and forgets what the last test left. */
export function resetPage(api: FakeApi): void {
  resetKernelPage(api);
  document.body.innerHTML = '';
}

export function logIn(uid = 7, nickname = '读者甲'): void {
  setUser({ uid, nickname, is_active: 1 });
}

/** Renders a page under its route pattern at `path` (the shell's router mounts it the same way). */
export function openPage(Page: ComponentType, pattern: string, path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={pattern} element={<Page />} />
        <Route path="*" element={<p>其他页面</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

export const PAGE = <T,>(results: T[], count = results.length) => ({ count, next: null, previous: null, results });

export function docFixture(overrides: Record<string, unknown> = {}) {
  return {
    id: 12,
    title: '唐诗三百首选读',
    summary: '床前明月光，疑是地上霜。',
    category: { id: 3, name: '唐诗' },
    uploader: { uid: 5, nickname: '梅听听雨' },
    file_type: 'txt',
    ext_cate: 'other',
    size: 2284,
    pages: 5,
    status: 1,
    status_text: '已发布',
    active: 1,
    score: 45000,
    rating: 3,
    views: 996,
    downloads: 239,
    comment_count: 0,
    collect_count: 2,
    price: 0,
    is_free: true,
    create_time: '2026-11-22T00:05:53.002Z',
    category_path: [
      { id: 1, name: '诗词' },
      { id: 3, name: '唐诗' },
    ],
    preview: { type: 'text', pages: 5, preview_pages: 5, limited: false },
    is_collected: false,
    is_purchased: false,
    is_owner: false,
    ...overrides,
  };
}

export function quotaFixture(overrides: Record<string, unknown> = {}) {
  return { left: 1, total: 2, used: 1, reset_time: '2026-11-24T16:00:00.000Z', is_free: true, price: 0, need_pay: false, downloaded_today: false, ...overrides };
}

/** The routes a document detail calls besides the ones a test is about. */
export function scriptDoc(api: FakeApi, doc = docFixture()): void {
  api.on(`GET /docs/${doc.id}/`, { body: doc });
  api.on(`GET /obj-left-free-down-num/docs/${doc.id}/`, { body: quotaFixture({ is_free: doc.is_free, price: doc.price }) });
  api.on('GET /articles-recommend/', { body: PAGE([]) });
  api.on('GET /docs-comment/', { body: PAGE([]) });
  api.on('GET /docs-setting/', { body: { comment_max_length: 500, report_max_length: 1000, report_reasons: [{ value: 'infringement', label: '侵犯版权' }, { value: 'other', label: '其他' }] } });
  api.on(`GET /docs-preview-url/${doc.id}/1/`, { body: { id: doc.id, page: 1, type: 'text', url: `/api/docs-preview-file/${doc.id}/?token=t1` } });
  api.on(`GET /docs-preview-file/${doc.id}/`, { body: '床前明月光，疑是地上霜。\n举头望明月，低头思故乡。' });
}
