import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import BlogDetailPage from '../../src/pages/BlogDetailPage';
import { startFakeApi, type FakeApi } from 'shared-kernel/testing';
import { openPage, PAGE, quotaFixture, resetPage } from './support';

let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi();
});
afterAll(() => api.close());
beforeEach(() => resetPage(api));
afterEach(() => jest.restoreAllMocks());

const HOSTILE = [
  '# 静夜思赏析',
  '',
  '床前**明月**光，见 [原文](https://example.com/poem) 与 `code`。',
  '',
  '<script>window.__pwned = 1</script>',
  '<img src=x onerror="window.__pwned = 2">',
  '[点我](javascript:window.__pwned=3)',
  '![图](javascript:alert(1))',
  '',
  '> 举头望明月',
  '',
  '- 一',
  '- 二',
  '',
  '```',
  '<b>不是粗体</b>',
  '```',
  '',
  '| 诗句 | 字数 |',
  '| --- | ---: |',
  '| 床前明月光 | 5 |',
  '',
  '```js',
  'const moon = "明月"; // 注释',
  '```',
].join('\n');

function blog(overrides: Record<string, unknown> = {}) {
  return {
    id: 4,
    title: '读《静夜思》有感',
    summary: '',
    category: { id: 10, name: '诗词赏析' },
    author: { uid: 12, nickname: '白青小筑' },
    status: 1,
    status_text: '已发布',
    views: 2198,
    comment_count: 0,
    collect_count: 0,
    appendix_count: 1,
    create_time: '2026-11-06T03:31:21.175Z',
    update_time: '2026-11-06T03:31:21.175Z',
    content: HOSTILE,
    category_path: [{ id: 10, name: '诗词赏析' }],
    appendices: [{ id: 10, name: '静夜思（原文）.txt', file_type: 'txt', size: 228, price: 200, is_free: false, downloads: 0, create_time: '2026-11-06T03:31:21.175Z' }],
    is_collected: false,
    is_owner: false,
    ...overrides,
  };
}

function script(b = blog()) {
  api.on(`GET /blogs/${b.id}/`, { body: b });
  api.on('GET /blogs-comment/', { body: PAGE([]) });
  api.on('GET /docs-setting/', { body: { comment_max_length: 500 } });
  api.on('GET /appendix-left-free-down-num/10/', { body: quotaFixture({ is_free: false, price: 200, need_pay: true }) });
}

describe('blog detail', () => {
  test('renders the Markdown body; no script, handler or javascript: address reaches the DOM', async () => {
    script();
    openPage(BlogDetailPage, '/app/articles/blogs/detail/:id', '/app/articles/blogs/detail/4');
    const body = await waitFor(() => {
      const el = document.querySelector('.dt-blog .dt-md');
      if (!el || !el.querySelector('h1')) throw new Error('not rendered yet');
      return el as HTMLElement;
    });
    expect(body.querySelector('h1')?.textContent).toBe('静夜思赏析');
    expect(body.querySelector('strong')?.textContent).toBe('明月');
    expect(body.querySelector('a[href="https://example.com/poem"]')?.textContent).toBe('原文');
    expect(body.querySelector('blockquote')?.textContent).toContain('举头望明月');
    expect(body.querySelectorAll('ul li')).toHaveLength(2);
    expect(body.querySelector('pre code')?.textContent).toBe('<b>不是粗体</b>');
    // the kernel's renderer: GFM tables and highlighted code
    expect([...body.querySelectorAll('table td')].map((td) => td.textContent)).toEqual(['床前明月光', '5']);
    await waitFor(() => expect(body.querySelector('code.language-js .hljs-keyword')?.textContent).toBe('const'));
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('[onerror]')).toBeNull();
    expect([...document.querySelectorAll('img')].every((img) => !/^javascript:/i.test(img.getAttribute('src') ?? ''))).toBe(true);
    expect([...document.querySelectorAll('a')].some((a) => /^javascript:/i.test(a.getAttribute('href') ?? ''))).toBe(false);
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });

  test('lists the appendices with their price and shows the payment answer of a paid one', async () => {
    script();
    api.on('POST /appendix-download/10/', {
      status: 402,
      body: { blogs_appendix: 10, price: 200, is_free: false, pay: { route: 'guest/pay/order', query: { appendix: '10' } }, message: '该附件为付费附件，购买后即可下载', code: 'payment_required' },
    });
    openPage(BlogDetailPage, '/app/articles/blogs/detail/:id', '/app/articles/blogs/detail/4');
    const section = await screen.findByRole('region', { name: '附件（1）' });
    expect(within(section).getByText(/静夜思（原文）\.txt/)).toBeTruthy();
    await within(section).findByText('¥2.00');
    fireEvent.click(within(section).getByRole('button', { name: '下载附件' }));
    expect((await within(section).findByRole('alert')).textContent).toContain('该附件为付费附件，购买后即可下载');
  });
});
