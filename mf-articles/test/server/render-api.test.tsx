/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { configure, render } from '../../src/server/render';

// The server part reads the API as the visitor it makes the page for (their address in X-Forwarded-For) and with
// the site's render token, so that the API counts those reads as pages made for that address (its
// 'page-render' limit), not as the visitor's own reads: a crawler at one address is not cut off after a few pages.

let api: http.Server;
let seen: { url: string; token?: string; forwarded?: string }[] = [];

beforeAll(async () => {
  api = http.createServer((req, res) => {
    seen.push({ url: req.url ?? '', token: req.headers['x-site-render'] as string | undefined, forwarded: req.headers['x-forwarded-for'] as string | undefined });
    // a moment late, so that pages rendered at once have their reads in flight together
    setTimeout(() => {
      if (req.url?.includes('/docs/429/')) {
        res.writeHead(429, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '30' });
        res.end(JSON.stringify({ code: 'throttled', message: '请求过于频繁，请稍后再试', retry_after: 30 }));
        return;
      }
      res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ code: 'not_found', message: '文档不存在' }));
    }, 20);
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await new Promise((resolve) => api.close(resolve));
});

const origin = () => `http://127.0.0.1:${(api.address() as AddressInfo).port}`;

test('every read of a page goes with the render token and the visitor\'s address', async () => {
  configure({ apiOrigin: origin(), renderToken: 'render-token-for-the-tests-0123' });
  seen = [];
  const page = await render({ url: '/app/articles/docs/detail/424242', host: 'www.example.cn', origin: 'https://www.example.cn', clientIp: '203.0.113.9' });
  expect(page.status).toBe(404);
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.filter((r) => r.token !== 'render-token-for-the-tests-0123' || r.forwarded !== '203.0.113.9')).toEqual([]);
});

test('pages rendered at once for four visitors: each read goes with its own visitor\'s address', async () => {
  configure({ apiOrigin: origin(), renderToken: 'render-token-for-the-tests-0123' });
  seen = [];
  const pages = await Promise.all(
    [1, 2, 3, 4].map((n) => render({ url: `/app/articles/docs/detail/${n}`, host: 'www.example.cn', origin: 'https://www.example.cn', clientIp: `203.0.113.${n}` })),
  );
  expect(pages.map((p) => p.status)).toEqual([404, 404, 404, 404]);
  const byDoc = seen.map((r) => [/\/docs\/(\d+)\//.exec(r.url)?.[1], r.forwarded]);
  expect(byDoc.sort()).toEqual([
    ['1', '203.0.113.1'],
    ['2', '203.0.113.2'],
    ['3', '203.0.113.3'],
    ['4', '203.0.113.4'],
  ]);
});

test('without a token configured, the reads carry none', async () => {
  configure({ apiOrigin: origin() });
  seen = [];
  await render({ url: '/app/articles/docs/detail/5', host: 'www.example.cn', origin: 'https://www.example.cn', clientIp: '203.0.113.5' });
  expect(seen.map((r) => [r.token, r.forwarded])).toEqual([[undefined, '203.0.113.5']]);
});

test('a read the API refuses (429) makes the page a 503 at once: no captcha to wait for on a server', async () => {
  configure({ apiOrigin: origin(), renderToken: 'render-token-for-the-tests-0123' });
  const started = Date.now();
  const pages = await Promise.all([1, 2].map(() => render({ url: '/app/articles/docs/detail/429', host: 'www.example.cn', origin: 'https://www.example.cn', clientIp: '203.0.113.6' })));
  expect(pages.map((p) => p.status)).toEqual([503, 503]);
  expect(pages.map((p) => p.maxAge)).toEqual([0, 0]);
  // well within the render's own time limit (2.5 s), after which the shell would send the page without its text
  expect(Date.now() - started).toBeLessThan(1500);
});
