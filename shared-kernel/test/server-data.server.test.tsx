/**
 * @jest-environment node
 */
// The server's half of server-data: a render with a store waits for what the page fetches, records each outcome
// (data, or the API's status and Chinese message), and records the page's head and status.
import { Suspense } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { PageHead, PageStatus, SsrProvider, isServer, useServerData, type SsrStore } from '../src/ssr/server-data';

async function html(node: React.ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(node);
  let out = '';
  for await (const chunk of prelude) out += String(chunk);
  return out;
}

function Doc({ id, load }: { id: string; load: () => Promise<{ title: string }> }) {
  const outcome = useServerData(`doc:${id}`, load);
  if (!outcome) return <p>无数据</p>;
  if (outcome.error) return <p role="alert">{`${outcome.error.status}:${outcome.error.message}`}</p>;
  return (
    <>
      <PageHead title={outcome.data.title} description="简介" />
      <h1>{outcome.data.title}</h1>
    </>
  );
}

test('renders with the awaited data, loads each key once, and records outcome, head and status', async () => {
  expect(isServer).toBe(true);
  const store: SsrStore = { data: {}, hints: { wide: true }, pending: new Map() };
  let loads = 0;
  const load = () => {
    loads++;
    return new Promise<{ title: string }>((resolve) => setTimeout(() => resolve({ title: '唐诗三百首' }), 5));
  };
  const out = await html(
    <SsrProvider store={store}>
      <Suspense fallback={<p>加载中</p>}>
        <Doc id="1" load={load} />
        <Doc id="1" load={load} />
        <PageStatus status={200} />
      </Suspense>
    </SsrProvider>,
  );
  expect(out).toContain('<h1>唐诗三百首</h1>');
  expect(out).not.toContain('加载中');
  expect(loads).toBe(1);
  expect(store.data['doc:1']).toEqual({ data: { title: '唐诗三百首' } });
  expect(store.head).toEqual({ title: '唐诗三百首', description: '简介' });
  expect(store.status).toBe(200);
});

test('a failed fetch becomes its status and the API message (or a generic Chinese one), not a thrown render', async () => {
  const store: SsrStore = { data: {}, hints: { wide: false }, pending: new Map() };
  const notFound = () => Promise.reject({ response: { status: 404, data: { message: '文档不存在' } } });
  const broken = () => Promise.reject(new Error('socket hang up'));
  const out = await html(
    <SsrProvider store={store}>
      <Suspense fallback={null}>
        <Doc id="404" load={notFound} />
        <Doc id="x" load={broken} />
        <PageStatus status={404} />
      </Suspense>
    </SsrProvider>,
  );
  expect(out).toContain('404:文档不存在');
  expect(out).toContain('undefined:加载失败，请稍后重试');
  expect(store.data['doc:404']).toEqual({ error: { status: 404, message: '文档不存在' } });
  expect(store.status).toBe(404);
});

test('without a store (or a key) nothing is fetched and the component renders its own way', async () => {
  const load = jest.fn(() => Promise.resolve({ title: 'x' }));
  expect(await html(<Doc id="1" load={load} />)).toContain('无数据');
  expect(load).not.toHaveBeenCalled();
});
