// The browser's half of server-data: the page's JSON is taken once, for the page it was made for; outcomes serve
// the hydrating render and are gone after it; the head is applied to the document.
import { render, screen } from '@testing-library/react';
import {
  PageHead,
  SsrProvider,
  servedError,
  ssrDataElementId,
  takeHydrationStore,
  useHydrated,
  useServerData,
  type SsrStore,
} from '../src/ssr/server-data';

function pageWith(json: string, ssrPath: string | undefined, content = '<p>服务器的内容</p>') {
  document.body.innerHTML = `<div id="host">${content}</div><script type="application/json" id="${ssrDataElementId('mf-articles')}">${json}</script>`;
  const host = document.getElementById('host')!;
  if (ssrPath !== undefined) host.dataset.ssrPath = ssrPath;
  return host;
}

afterEach(() => {
  document.body.innerHTML = '';
  document.head.innerHTML = '';
});

test('takes the JSON beside the HTML once, for the path it was rendered for', () => {
  const host = pageWith(JSON.stringify({ data: { a: { data: 1 } }, hints: { wide: false } }), location.pathname + location.search);
  expect(takeHydrationStore('mf-articles', host)).toEqual({ data: { a: { data: 1 } }, hints: { wide: false } });
  expect(document.getElementById(ssrDataElementId('mf-articles'))).toBeNull();
  expect(host.dataset.ssrPath).toBeUndefined();
  // read once: a later mount renders from scratch
  expect(takeHydrationStore('mf-articles', host)).toBeNull();
});

test('no store for another path, an empty host, or JSON that is not a store', () => {
  expect(takeHydrationStore('mf-articles', pageWith('{"data":{}}', '/elsewhere'))).toBeNull();
  expect(takeHydrationStore('mf-articles', pageWith('{"data":{}}', location.pathname, ''))).toBeNull();
  expect(takeHydrationStore('mf-articles', pageWith('{"data":{}}', undefined))).toBeNull();
  expect(takeHydrationStore('mf-articles', pageWith('not json', location.pathname))).toBeNull();
  expect(takeHydrationStore('mf-articles', pageWith('{"data":1}', location.pathname))).toBeNull();
  const wide = takeHydrationStore('mf-articles', pageWith('{"data":{}}', location.pathname));
  expect(wide).toEqual({ data: {}, hints: { wide: true } });
});

function Probe({ k }: { k: string | null }) {
  const outcome = useServerData<string>(k, () => Promise.reject(new Error('the browser never loads here')));
  const hydrated = useHydrated();
  return <p data-testid="probe">{`${outcome?.data ?? outcome?.error?.message ?? 'none'}|${hydrated ? 'hydrated' : 'first'}`}</p>;
}

test('an outcome serves the render that hydrates and is gone once committed', () => {
  const store: SsrStore = { data: { 'doc:1': { data: '唐诗' }, 'doc:2': { error: { status: 404, message: '文档不存在' } } }, hints: { wide: true } };
  const view = render(
    <SsrProvider store={store}>
      <Probe k="doc:1" />
    </SsrProvider>,
  );
  expect(screen.getByTestId('probe').textContent).toBe('唐诗|hydrated');
  expect(store.data['doc:1']).toBeUndefined();
  view.rerender(
    <SsrProvider store={store}>
      <Probe k="doc:2" />
    </SsrProvider>,
  );
  expect(screen.getByTestId('probe').textContent).toBe('文档不存在|hydrated');
  view.rerender(
    <SsrProvider store={store}>
      <Probe k={null} />
    </SsrProvider>,
  );
  expect(screen.getByTestId('probe').textContent).toBe('none|hydrated');
});

test('the head from the content goes to the document: title, and the description added, changed and removed', () => {
  const view = render(<PageHead title="唐诗三百首 - 文库" description="唐诗选集" />);
  expect(document.title).toBe('唐诗三百首 - 文库');
  expect(document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content).toBe('唐诗选集');
  view.rerender(<PageHead title="宋词 - 文库" description="宋词选集" />);
  expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
  expect(document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content).toBe('宋词选集');
  view.rerender(<PageHead title="宋词 - 文库" />);
  expect(document.head.querySelector('meta[name="description"]')).toBeNull();
});

test('a served error looks like the HTTP client errors the pages already read', () => {
  expect(servedError({ status: 503, message: '服务繁忙' })).toEqual({ response: { status: 503, data: { message: '服务繁忙' } } });
});
