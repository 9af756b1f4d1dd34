import { act, fireEvent, waitFor, within } from '@testing-library/react';
import { type FakeApi, type FakeRequest } from 'shared-kernel/testing';
import { AUTOSAVE_TIMING } from '../src/blogs/use-autosave';
import { open, page, usePage } from './support/coins';
import { blogCategories, myBlog } from './support/blogs';

// user/blogs/write and user/blogs/edit/{id} on POST blogs/, PATCH blogs/{id}/ (versioned), POST blogs/{id}/submit/,
// POST img-storage/ and the appendices, with the kernel's Markdown renderer in the preview.
const api = usePage();
beforeAll(() => {
  AUTOSAVE_TIMING.delayMs = 40;
  AUTOSAVE_TIMING.retryMs = 60;
});
beforeEach(() => {
  api.on('GET /upload-category/', page(blogCategories));
  api.on('GET /blogs-appendix-storage/', page([]));
});

/** A server draft that counts versions like the API: a save based on another version answers 409 with it. */
function serveDraft(start: Record<string, unknown> = {}) {
  let blog = myBlog({}, { version: 1, ...start });
  api.on('POST /blogs/', (r: FakeRequest) => {
    blog = myBlog({ title: r.body.title }, { ...r.body, version: 1 });
    return { status: 201, body: blog };
  });
  api.on('PATCH /blogs/77/', (r: FakeRequest) => {
    if (r.body.version !== blog.draft.version) return { status: 409, body: { message: '这篇草稿已在别处保存了更新的版本，请选择保留哪一份', code: 'draft_conflict', draft: blog.draft } };
    const { version: _v, ...fields } = r.body;
    blog = myBlog({ title: fields.title }, { ...blog.draft, ...fields, version: blog.draft.version + 1 });
    return { body: blog };
  });
  api.on('GET /my-blogs/77/', () => ({ body: blog }));
  return { now: () => blog, set: (d: Record<string, unknown>) => (blog = myBlog({}, { ...blog.draft, ...d })) };
}

const textarea = (host: HTMLElement) => within(host).getByLabelText('正文（Markdown）') as HTMLTextAreaElement;
const sleep = (ms: number) => act(() => new Promise((r) => setTimeout(r, ms)));

test('a new post saves itself: created once with the category, then versioned saves; the address becomes its edit page', async () => {
  const server = serveDraft();
  const view = await open('/app/user/blogs/write');
  const area = await within(view.host).findByLabelText('正文（Markdown）');
  fireEvent.change(within(view.host).getByLabelText('标题'), { target: { value: '第一篇' } });
  fireEvent.change(area, { target: { value: '床前明月光' } });
  await waitFor(() => expect(api.calls('POST /blogs/')).toHaveLength(1));
  expect(api.calls('POST /blogs/')[0].body).toMatchObject({ title: '第一篇', content: '床前明月光', category: 3 });
  await waitFor(() => expect(window.location.pathname).toBe('/app/user/blogs/edit/77'));
  await within(view.host).findByText(/已保存到云端/);
  fireEvent.change(area, { target: { value: '床前明月光，疑是地上霜' } });
  await waitFor(() => expect(api.calls('PATCH /blogs/77/')).toHaveLength(1));
  expect(api.calls('PATCH /blogs/77/')[0].body).toMatchObject({ version: 1, content: '床前明月光，疑是地上霜' });
  await waitFor(() => expect(server.now().draft.version).toBe(2));
  expect(JSON.parse(localStorage.getItem('blog-draft:77')!).value).toMatchObject({ id: 77, version: 2, fields: { content: '床前明月光，疑是地上霜' } });
  expect(localStorage.getItem('blog-draft:new')).toBeNull();
});

test('input-method composition: no save and no shortcut while composing; the committed text is saved once, not doubled', async () => {
  serveDraft({ content: '你好', version: 4 });
  const view = await open('/app/user/blogs/edit/77');
  await waitFor(() => expect(textarea(view.host).value).toBe('你好'));
  const area = textarea(view.host);
  fireEvent.compositionStart(area);
  fireEvent.change(area, { target: { value: '你好zhong' } });
  fireEvent.keyDown(area, { key: 'b', ctrlKey: true, isComposing: true, keyCode: 229 });
  fireEvent.keyDown(area, { key: 'Enter', isComposing: true, keyCode: 229 });
  fireEvent.change(area, { target: { value: '你好zhongwen' } });
  await sleep(150);
  expect(api.calls('PATCH /blogs/77/')).toHaveLength(0);
  expect(area.value).toBe('你好zhongwen');
  fireEvent.change(area, { target: { value: '你好中文' } });
  fireEvent.compositionEnd(area, { data: '中文' });
  await waitFor(() => expect(api.calls('PATCH /blogs/77/')).toHaveLength(1));
  expect(api.calls('PATCH /blogs/77/')[0].body).toMatchObject({ version: 4, content: '你好中文' });
  expect(area.value).toBe('你好中文');
  // outside a composition the shortcut works
  area.setSelectionRange(2, 4);
  fireEvent.keyDown(area, { key: 'b', ctrlKey: true });
  expect(area.value).toBe('你好**中文**');
});

test('two tabs: a stale save is told, both texts are offered, and "keep both" saves them together on the new version', async () => {
  const server = serveDraft({ content: '本页的文字', version: 2 });
  const view = await open('/app/user/blogs/edit/77');
  await waitFor(() => expect(textarea(view.host).value).toBe('本页的文字'));
  server.set({ content: '另一个标签页的文字', version: 3 }); // the other tab saved
  fireEvent.change(textarea(view.host), { target: { value: '本页的文字，继续写' } });
  const dialog = await within(document.body).findByRole('alertdialog');
  const texts = within(dialog).getAllByRole('textbox') as HTMLTextAreaElement[];
  expect(texts.map((t) => t.value.trim())).toEqual(['本页的文字，继续写', '另一个标签页的文字']);
  expect(server.now().draft.content).toBe('另一个标签页的文字'); // nothing overwritten
  fireEvent.click(within(dialog).getByRole('button', { name: '两份都保留（合并到正文）' }));
  await waitFor(() => expect(server.now().draft.version).toBe(4));
  expect(server.now().draft.content).toBe('本页的文字，继续写\n\n<!-- 以下为另一处保存的内容 -->\n\n另一个标签页的文字');
  expect(within(document.body).queryByRole('alertdialog')).toBeNull();
});

test('a closed tab: the words kept in this browser come back and are saved; offline saves wait and retry', async () => {
  serveDraft({ content: '服务器上的', version: 5 });
  localStorage.setItem('blog-draft:77', JSON.stringify({ value: { id: 77, version: 5, at: 1, fields: { title: '标题', summary: '', content: '服务器上的，还有没保存的半句', category: 3, tags: [], cover: '' } }, expire: 0 }));
  const view = await open('/app/user/blogs/edit/77');
  await waitFor(() => expect(textarea(view.host).value).toBe('服务器上的，还有没保存的半句'));
  expect(within(view.host).getByText('已恢复上次未保存的内容')).toBeTruthy();
  await waitFor(() => expect(api.calls('PATCH /blogs/77/')).toHaveLength(1));
  expect(api.calls('PATCH /blogs/77/')[0].body).toMatchObject({ version: 5, content: '服务器上的，还有没保存的半句' });
  // the network goes: kept here, retried
  let down = true;
  const patch = api.calls('PATCH /blogs/77/').length;
  const answer = (api as unknown as { on: FakeApi['on'] }).on;
  answer('PATCH /blogs/77/', () => (down ? 'drop' : { body: myBlog({}, { content: '断网时写的', version: 7 }) }));
  fireEvent.change(textarea(view.host), { target: { value: '断网时写的' } });
  await within(view.host).findByText('网络断开，内容已保存在本机，联网后自动同步');
  expect(JSON.parse(localStorage.getItem('blog-draft:77')!).value.fields.content).toBe('断网时写的');
  down = false;
  await waitFor(() => expect(within(view.host).getByText(/已保存到云端/)).toBeTruthy());
  expect(api.calls('PATCH /blogs/77/').length).toBeGreaterThan(patch + 1);
});

test('the toolbar and the live preview: a table and highlighted code through the kernel renderer, no script', async () => {
  serveDraft({ content: '' });
  const view = await open('/app/user/blogs/edit/77');
  const area = await within(view.host).findByLabelText('正文（Markdown）');
  const toolbar = within(view.host).getByRole('toolbar');
  fireEvent.click(within(toolbar).getByRole('button', { name: '表格' }));
  expect((area as HTMLTextAreaElement).value).toBe('| 列 1 | 列 2 | 列 3 |\n| --- | --- | --- |\n| 内容 | 内容 | 内容 |\n');
  fireEvent.change(area, { target: { value: `${(area as HTMLTextAreaElement).value}\n\`\`\`js\nconst a = 1;\n\`\`\`\n\n<img src=x onerror="window.__bad=1"><script>window.__bad=2</script>` } });
  const preview = within(view.host).getByTestId('blog-preview');
  await waitFor(() => expect(preview.querySelectorAll('table th')).toHaveLength(3));
  await waitFor(() => expect(preview.querySelector('code.language-js .hljs-keyword')?.textContent).toBe('const'));
  expect(preview.querySelector('script, [onerror]')).toBeNull();
  expect((window as { __bad?: number }).__bad).toBeUndefined();
  // the phone's switch
  fireEvent.click(within(view.host).getByRole('button', { name: '预览' }));
  expect(view.host.querySelector('.ucb-editor')?.getAttribute('data-view')).toBe('preview');
});

test('a pasted picture uploads (purpose=blog) with a progress bar and appears in place', async () => {
  serveDraft({ content: '前文' });
  let release!: () => void;
  api.on('POST /img-storage/', () => new Promise((r) => (release = () => r({ status: 201, body: { id: 9, url: '/api/img-storage/9/', width: 10, height: 10, size: 3 } }))));
  const view = await open('/app/user/blogs/edit/77');
  await waitFor(() => expect(textarea(view.host).value).toBe('前文'));
  const area = textarea(view.host);
  area.setSelectionRange(2, 2);
  const shot = new File(['png'], 'shot.png', { type: 'image/png' });
  fireEvent.paste(area, { clipboardData: { files: [shot], getData: () => '' } });
  expect(area.value).toBe('前文![shot.png](uploading-1)'.replace('1', area.value.match(/uploading-(\d+)/)![1]));
  expect(within(view.host).getByRole('progressbar')).toBeTruthy();
  await waitFor(() => expect(api.calls('POST /img-storage/')).toHaveLength(1));
  expect(api.calls('POST /img-storage/')[0].text).toContain('name="purpose"\r\n\r\nblog');
  release();
  await waitFor(() => expect(area.value).toBe('前文![shot.png](/api/img-storage/9/)'));
  expect(within(view.host).queryByRole('progressbar')).toBeNull();
  // not a picture: refused, the text unchanged
  fireEvent.drop(area, { dataTransfer: { files: [new File(['x'], 'a.svg', { type: 'image/svg+xml' })] } });
  expect(await within(view.host).findByText('只能插入 JPG、PNG、GIF 或 WebP 图片')).toBeTruthy();
});

test('publish: saved first, then submitted for review; a machine check comes back as a message in place', async () => {
  serveDraft({ title: '标题', content: '短' });
  api.on('POST /blogs/77/submit/', { status: 400, body: { message: '正文太短了，至少 20 个字', code: 'invalid', errors: { content: ['正文太短了，至少 20 个字'] } } });
  const view = await open('/app/user/blogs/edit/77');
  await waitFor(() => expect(textarea(view.host).value).toBe('短'));
  fireEvent.click(within(view.host).getByRole('button', { name: '发布' }));
  expect((await within(view.host).findByRole('alert')).textContent).toBe('正文太短了，至少 20 个字');
  api.on('POST /blogs/77/submit/', { body: myBlog({ status: 4, status_text: '待审核' }) });
  api.on('GET /my-blogs/', page([]));
  fireEvent.change(textarea(view.host), { target: { value: '这是一篇足够长的文章正文，写满了二十个字以上。' } });
  fireEvent.click(within(view.host).getByRole('button', { name: '发布' }));
  await waitFor(() => expect(window.location.pathname).toBe('/app/user/blogs/list'));
  const calls = api.received.filter((r) => r.path.startsWith('/blogs/77/')).map((r) => r.method + ' ' + r.path);
  expect(calls.slice(-2)).toEqual(['PATCH /blogs/77/', 'POST /blogs/77/submit/']);
  expect(localStorage.getItem('blog-draft:77')).toBeNull();
});
