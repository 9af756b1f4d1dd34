import { fireEvent, waitFor, within } from '@testing-library/react';
import { on } from 'shared-kernel';
import { type FakeRequest } from 'shared-kernel/testing';
import { UPLOAD_TIMING } from '../src/docs/uploader';
import { logIn, open, page, usePage } from './support/coins';
import { categories, FakeEventSource, myDoc, pickFiles, session, setting } from './support/docs';

// user/docs/upload on GET upload-setting/, upload-category/, the resumable upload-sessions/, POST docs/ and the
// progress stream of my-docs/progress/ (or polling my-docs/{id}/).
const api = usePage(null);
beforeAll(() => {
  UPLOAD_TIMING.retryDelaysMs = [10, 10, 10];
  UPLOAD_TIMING.pollMs = 20;
  (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
});
beforeEach(() => {
  FakeEventSource.opened = [];
  api.on('GET /upload-setting/', { body: setting() });
  api.on('GET /upload-category/', page(categories));
});

const UPLOAD = '/app/user/docs/upload';
const file = (text = 'abcdefghij', name = '静夜思.docx') => new File([text], name, { lastModified: 1700000000000 });

/** A server for session u1: it keeps what arrived; `drop` lists offsets whose first PUT loses the connection. */
function serveSession(total: string, opts: { drop?: number[]; start?: number } = {}) {
  let stored = total.slice(0, opts.start ?? 0);
  const dropped = new Set<number>();
  api.on('POST /upload-sessions/', (r) => ({ status: 201, body: session({ name: r.body.name, size: r.body.size }) }));
  api.on('GET /upload-sessions/u1/', () => ({ body: session({ offset: stored.length, size: total.length }) }));
  api.on('PUT /upload-sessions/u1/', (r: FakeRequest) => {
    const offset = Number(r.query.get('offset'));
    if (opts.drop?.includes(offset) && !dropped.has(offset)) {
      dropped.add(offset);
      stored = stored.slice(0, offset) + r.text; // it landed, the answer is lost
      return 'drop';
    }
    if (offset !== stored.length) return { status: 409, body: { code: 'offset_mismatch', offset: stored.length, message: '上传位置不一致' } };
    stored += r.text;
    return { body: session({ offset: stored.length, size: total.length }) };
  });
  return { stored: () => stored };
}

async function pickOne(host: HTMLElement, f: File) {
  const q = within(host);
  pickFiles(await q.findByLabelText('选择文件'), [f]);
  return q.findByTestId('upload-card');
}

function fillAndStart(host: HTMLElement, card: HTMLElement) {
  fireEvent.change(within(card).getByLabelText('分类'), { target: { value: '3' } });
  fireEvent.click(within(host).getByLabelText('我已阅读并同意以上声明'));
  fireEvent.click(within(host).getByRole('button', { name: '开始上传' }));
}

test('the limits and the converter message show before a file is picked', async () => {
  api.on('GET /upload-setting/', { body: setting({ converter_ready: false, converter_message: '文档转换服务未安装，Office 文档将在启用后转换' }) });
  logIn();
  const view = await open(UPLOAD);
  const limits = await within(view.host).findByTestId('upload-limits');
  expect(limits.textContent).toContain('docx');
  expect(limits.textContent).toContain('单个文档或压缩包不超过 200 MB，图片不超过 20 MB');
  expect(limits.textContent).toContain('每次最多 20 个文件');
  expect(within(view.host).getByTestId('left-today').textContent).toBe('今日还可上传 48 个');
  expect(limits.textContent).toContain('0.01–500.00 元');
  expect(within(view.host).getByTestId('converter-message').textContent).toBe('文档转换服务未安装，Office 文档将在启用后转换');
});

test('a visitor sees the limits; uploading asks them to log in through the kernel', async () => {
  api.on('GET /upload-setting/', { body: setting({ left_today: null }) });
  const asked: unknown[] = [];
  const stop = on('auth:login-required', (p) => asked.push(p));
  const view = await open(UPLOAD);
  expect(await within(view.host).findByTestId('upload-limits')).toBeTruthy();
  expect(within(view.host).queryByTestId('left-today')).toBeNull();
  fireEvent.click(within(view.host).getByRole('button', { name: '登录后上传' }));
  stop();
  expect(asked).toEqual([expect.objectContaining({ reason: 'required', title: '登录后即可上传文档', redirect: UPLOAD })]);
  expect(within(view.host).queryByLabelText('选择文件')).toBeNull();
  // logged in through the dialog: the page asks again for the person's own count of today
  api.on('GET /upload-setting/', { body: setting({ left_today: 7 }) });
  logIn();
  expect((await within(view.host).findByTestId('left-today')).textContent).toBe('今日还可上传 7 个');
  expect(within(view.host).getByLabelText('选择文件')).toBeTruthy();
  expect(api.calls('GET /upload-setting/')).toHaveLength(2);
});

test('chunks of chunk_size, a dropped chunk resumed from the server offset, then the document and its live conversion', async () => {
  logIn();
  const server = serveSession('abcdefghij', { drop: [4] });
  api.on('POST /docs/', { status: 201, body: myDoc() });
  const view = await open(UPLOAD);
  const card = await pickOne(view.host, file());
  expect((within(card).getByLabelText('标题') as HTMLInputElement).value).toBe('静夜思');
  expect(within(view.host).getByTestId('left-today').textContent).toBe('今日还可上传 48 个');
  fillAndStart(view.host, card);
  await waitFor(() => expect(api.calls('POST /docs/')).toHaveLength(1));
  // the day's count left goes down with the document made (the server counts it)
  await waitFor(() => expect(within(view.host).getByTestId('left-today').textContent).toBe('今日还可上传 47 个'));
  expect(server.stored()).toBe('abcdefghij');
  const puts = api.calls('PUT /upload-sessions/u1/');
  expect(puts.map((p) => [p.query.get('offset'), p.text])).toEqual([['0', 'abcd'], ['4', 'efgh'], ['8', 'ij']]);
  expect(puts[0].headers['content-type']).toBe('application/offset+octet-stream');
  // after the drop the page asked where the server stood instead of sending the chunk again
  expect(api.calls('GET /upload-sessions/u1/')).toHaveLength(1);
  expect(api.calls('POST /upload-sessions/')[0].body).toEqual({ name: '静夜思.docx', size: 10 });
  expect(api.calls('POST /docs/')[0].body).toEqual({ upload: 'u1', title: '静夜思', summary: '', category: 3, price: 0, preview_pages: 5, agree: true });
  const source = await waitFor(() => {
    expect(FakeEventSource.opened).toHaveLength(1);
    return FakeEventSource.opened[0];
  });
  expect(source.url).toMatch(/\/api\/my-docs\/progress\/\?ids=12$/);
  expect(source.withCredentials).toBe(true);
  source.emit({ id: 12, status: 6, status_text: '转换中', stage: 'converting', progress: 40, reason: '' });
  await waitFor(() => expect(within(card).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40'));
  expect(within(card).getByTestId('conversion').textContent).toContain('正在转换 40%');
  source.emit({ id: 12, status: 0, status_text: '待审核', stage: '', progress: 100, reason: '' });
  await waitFor(() => expect(within(card).getByTestId('conversion').textContent).toContain('待审核'));
  expect(source.closed).toBe(true);
  expect(within(card).getByRole('link', { name: '编辑' }).getAttribute('href')).toBe('/app/user/docs/edit/12');
  expect(Object.keys(sessionStorage).filter((k) => k.startsWith('uc-docs:upload:'))).toEqual([]);
});

test('the same file picked again after a reload resumes its kept session from the server offset', async () => {
  logIn();
  const f = file();
  sessionStorage.setItem(`uc-docs:upload:${f.name}:${f.size}:${f.lastModified}`, 'u1');
  serveSession('abcdefghij', { start: 8 });
  api.on('POST /docs/', { status: 201, body: myDoc({ status: 1, status_text: '已发布', progress: 100 }) });
  const view = await open(UPLOAD);
  const card = await pickOne(view.host, f);
  fillAndStart(view.host, card);
  await waitFor(() => expect(within(card).getByTestId('conversion').textContent).toContain('已发布'));
  expect(api.calls('POST /upload-sessions/')).toHaveLength(0);
  expect(api.calls('PUT /upload-sessions/u1/').map((p) => [p.query.get('offset'), p.text])).toEqual([['8', 'ij']]);
  expect(within(card).getByRole('link', { name: '查看文档' }).getAttribute('href')).toBe('/app/articles/docs/detail/12');
});

test('a 409 moves the upload to the offset the server gives', async () => {
  logIn();
  serveSession('abcdefghij');
  // the server already has 4 bytes although the new session said 0
  api.on('POST /upload-sessions/', { status: 201, body: session() });
  let first = true;
  api.on('PUT /upload-sessions/u1/', (r) => {
    if (first) {
      first = false;
      return { status: 409, body: { code: 'offset_mismatch', offset: 4, message: '上传位置不一致' } };
    }
    const offset = Number(r.query.get('offset'));
    return { body: session({ offset: offset + r.text.length }) };
  });
  api.on('POST /docs/', { status: 201, body: myDoc({ status: 0, status_text: '待审核' }) });
  const view = await open(UPLOAD);
  fillAndStart(view.host, await pickOne(view.host, file()));
  await waitFor(() => expect(api.calls('POST /docs/')).toHaveLength(1));
  expect(api.calls('PUT /upload-sessions/u1/').map((p) => p.query.get('offset'))).toEqual(['0', '4', '8']);
});

test('client-side refusals: type, empty, size, the batch, today; nothing refused is sent', async () => {
  logIn();
  api.on('GET /upload-setting/', { body: setting({ max_size: 8, image_max_size: 4, max_batch: 2 }) });
  const view = await open(UPLOAD);
  const q = within(view.host);
  pickFiles(await q.findByLabelText('选择文件'), [file('x', 'setup.exe'), file('', '空.pdf'), file('123456789', '大.pdf'), file('12345', '图.png'), file('1', 'a.txt'), file('2', 'b.md'), file('3', 'c.md')]);
  const refusals = await q.findByTestId('refusals');
  expect([...refusals.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
    'setup.exe：不支持该文件格式', '空.pdf：文件为空', '大.pdf：文件大小不能超过8B', '图.png：文件大小不能超过4B', '每次最多上传 2 个文件',
  ]);
  expect(q.getAllByTestId('upload-card').map((c) => c.getAttribute('aria-label'))).toEqual(['a.txt', 'b.md']);
  api.on('GET /upload-setting/', { body: setting({ left_today: 0 }) });
  await view.close();
  const again = await open(UPLOAD);
  pickFiles(await within(again.host).findByLabelText('选择文件'), [file('1', 'a.txt')]);
  expect((await within(again.host).findByTestId('refusals')).textContent).toBe('今日上传数量已达上限');
  expect(api.calls('POST /upload-sessions/')).toHaveLength(0);
});

test('the fields and the disclaimer are checked before anything is sent', async () => {
  logIn();
  const view = await open(UPLOAD);
  const q = within(view.host);
  const card = await pickOne(view.host, file());
  fireEvent.change(within(card).getByLabelText('标题'), { target: { value: ' ' } });
  fireEvent.click(within(card).getByLabelText('付费'));
  fireEvent.change(within(card).getByLabelText('售价（元）'), { target: { value: '600' } });
  fireEvent.change(within(card).getByLabelText('可预览页数'), { target: { value: '0' } });
  fireEvent.click(q.getByRole('button', { name: '开始上传' }));
  expect(q.getByText('请先勾选同意免责声明')).toBeTruthy();
  fireEvent.click(q.getByLabelText('我已阅读并同意以上声明'));
  fireEvent.click(q.getByRole('button', { name: '开始上传' }));
  await waitFor(() => expect(within(card).getByText('请输入标题')).toBeTruthy());
  expect(within(card).getByText('请选择分类', { selector: 'p' })).toBeTruthy();
  expect(within(card).getByText('请输入 0.01–500.00 之间的价格')).toBeTruthy();
  expect(within(card).getByText('可预览页数为 1–50 页')).toBeTruthy();
  expect(api.calls('POST /upload-sessions/')).toHaveLength(0);
});

test('a paid document: the price in 元 is sent in fen', async () => {
  logIn();
  serveSession('abcdefghij');
  api.on('POST /docs/', { status: 201, body: myDoc({ status: 0 }) });
  const view = await open(UPLOAD);
  const card = await pickOne(view.host, file());
  fireEvent.click(within(card).getByLabelText('付费'));
  fireEvent.change(within(card).getByLabelText('售价（元）'), { target: { value: '12.5' } });
  fireEvent.change(within(card).getByLabelText('可预览页数'), { target: { value: '3' } });
  fillAndStart(view.host, card);
  await waitFor(() => expect(api.calls('POST /docs/')).toHaveLength(1));
  expect(api.calls('POST /docs/')[0].body).toMatchObject({ price: 1250, preview_pages: 3 });
});

test("the API's reason for a refused file shows on its card", async () => {
  logIn();
  serveSession('abcdefghij');
  api.on('POST /docs/', { status: 400, body: { message: '文件内容与扩展名不符', code: 'invalid', errors: { upload: ['文件内容与扩展名不符'] } } });
  const view = await open(UPLOAD);
  const card = await pickOne(view.host, file());
  fillAndStart(view.host, card);
  expect((await within(card).findByRole('alert')).textContent).toBe('上传失败：文件内容与扩展名不符');
});

test('without the stream the page polls my-docs/{id}/; a failed conversion shows its reason and retries', async () => {
  logIn();
  serveSession('abcdefghij');
  api.on('POST /docs/', { status: 201, body: myDoc() });
  api.on('GET /my-docs/12/', { body: myDoc({ status: 3, status_text: '转换失败', reason: '文档已加密，无法转换' }) });
  api.on('POST /docs/12/retry/', { body: myDoc({ status: 6, stage: 'queued' }) });
  const view = await open(UPLOAD);
  const card = await pickOne(view.host, file());
  fillAndStart(view.host, card);
  const source = await waitFor(() => FakeEventSource.opened[0] ?? Promise.reject(new Error('no stream')));
  source.fail();
  await waitFor(() => expect(within(card).getByTestId('conversion').textContent).toContain('转换失败（文档已加密，无法转换）'));
  expect(api.calls('GET /my-docs/12/').length).toBeGreaterThanOrEqual(1);
  fireEvent.click(within(card).getByRole('button', { name: '重试' }));
  await waitFor(() => expect(api.calls('POST /docs/12/retry/')).toHaveLength(1));
  await waitFor(() => expect(within(card).getByTestId('conversion').textContent).toContain('排队中'));
});

test('cancel stops the upload and deletes its session', async () => {
  logIn();
  api.on('POST /upload-sessions/', { status: 201, body: session() });
  api.on('PUT /upload-sessions/u1/', () => new Promise(() => undefined)); // a chunk that never finishes
  api.on('DELETE /upload-sessions/u1/', { status: 204 });
  const view = await open(UPLOAD);
  const card = await pickOne(view.host, file());
  fillAndStart(view.host, card);
  await waitFor(() => expect(api.calls('PUT /upload-sessions/u1/')).toHaveLength(1));
  fireEvent.click(within(card).getByRole('button', { name: '取消' }));
  await waitFor(() => expect(api.calls('DELETE /upload-sessions/u1/')).toHaveLength(1));
  expect(within(card).getByText('已取消')).toBeTruthy();
  expect(api.calls('POST /docs/')).toHaveLength(0);
  expect(Object.keys(sessionStorage).filter((k) => k.startsWith('uc-docs:upload:'))).toEqual([]);
});
