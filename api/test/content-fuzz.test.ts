import fc from 'fast-check';
import { registeredClient, type Client } from './accounts-helpers';
import { contentServer } from './content-helpers';
import { engines, isChinese, useEngine, type TestServer } from './helpers';

/** Every route of the content part, with {id}/{page} placeholders, and the methods it answers. */
const ROUTES: [string, string[]][] = [
  ['/api/docs/', ['GET']],
  ['/api/docs/{id}/', ['GET']],
  ['/api/blogs/', ['GET']],
  ['/api/blogs/{id}/', ['GET']],
  ['/api/articles/', ['GET']],
  ['/api/articles-recommend/', ['GET']],
  ['/api/articles-category/', ['GET']],
  ['/api/articles-category/{id}/', ['GET']],
  ['/api/upload-category/', ['GET']],
  ['/api/docs-setting/', ['GET']],
  ['/api/search-keyword/', ['GET']],
  ['/api/keyword-recommend/', ['GET']],
  ['/api/cut-words/', ['POST']],
  ['/api/obj-left-free-down-num/docs/{id}/', ['GET']],
  ['/api/user-download/docs/{id}/', ['POST']],
  ['/api/user-download-token/docs/{id}/', ['GET']],
  ['/api/docs-share-sign/{id}/', ['GET']],
  ['/api/blogs-share-sign/{id}/', ['GET']],
  ['/api/appendix-left-free-down-num/{id}/', ['GET']],
  ['/api/appendix-download/{id}/', ['GET', 'POST']],
  ['/api/docs-preview-page/{id}/', ['GET']],
  ['/api/docs-preview-url/{id}/{page}/', ['GET']],
  ['/api/docs-preview-file/{id}/', ['GET']],
  ['/api/docs-down-record/', ['GET']],
  ['/api/docs-down-history-record/', ['GET']],
  ['/api/docs-down-statistics/', ['GET']],
  ['/api/docs-comment/', ['GET', 'POST']],
  ['/api/docs-comment/{id}/', ['DELETE']],
  ['/api/blogs-comment/', ['GET', 'POST']],
  ['/api/blogs-comment/{id}/', ['DELETE']],
  ['/api/docs-collect/', ['GET', 'POST', 'DELETE']],
  ['/api/docs-collect/{id}/', ['DELETE']],
  ['/api/blogs-collect/', ['GET', 'POST', 'DELETE']],
  ['/api/blogs-collect/{id}/', ['DELETE']],
  ['/api/collect-folder/', ['GET', 'POST']],
  ['/api/collect-folder/{id}/', ['GET', 'PATCH', 'DELETE']],
  ['/api/articles-browsing-history/', ['GET']],
  ['/api/articles-browsing-history/{id}/', ['DELETE']],
  ['/api/articles-report/', ['GET', 'POST']],
  ['/api/articles-report/{id}/', ['GET', 'DELETE']],
  ['/api/blogs-appendix-storage/', ['GET']],
  ['/api/blogs-appendix-storage/{id}/', ['DELETE']],
];

const anyText = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom('', '0', '-1', '1', '2', '3', '7', '100', '101', '1e3', '9007199254740993', 'last', 'true', 'false', 'null',
    '明月', '床前明月光', '李白', '%', '_', '\\', "'", '"', '<em>', 'pdf', 'word', 'docs', 'blogs', 'comment', 'infringement',
    '-create_time', 'downloads', '-score', 'relevance', '\u0000', '１', '一', ' ', '&&', "' OR 1=1 --", 'a.b', '1.abc'),
);
const ID = fc.oneof(
  fc.integer({ min: 1, max: 300 }).map(String),
  fc.constantFrom('0', '-1', 'abc', '1.5', '99999999999999999999', '%E4%B8%AD', '1e2', ' 1', ''),
);
const QUERY_KEYS = fc.constantFrom('page', 'page_size', 'ordering', 'category', 'ext_cate', 'is_free', 'uploader', 'search',
  'keyword', 'type', 'docs', 'blogs', 'folder', 'status', 'no_comment', 'token', 'sign', 'user', 'author', '__proto__');
const QUERY = fc.array(fc.tuple(QUERY_KEYS, anyText), { maxLength: 4 }).map((pairs) => {
  const params = new URLSearchParams();
  for (const [k, v] of pairs) params.append(k, v);
  const text = params.toString();
  return text ? `?${text}` : '';
});
const JSON_VALUE = fc.oneof(anyText, fc.integer({ min: -5, max: 400 }), fc.boolean(), fc.constant(null), fc.jsonValue({ maxDepth: 2 }));
const BODY = fc.oneof(
  fc
    .record(
      { docs: JSON_VALUE, blogs: JSON_VALUE, content: JSON_VALUE, folder: JSON_VALUE, name: JSON_VALUE, is_public: JSON_VALUE,
        type: JSON_VALUE, id: JSON_VALUE, reason: JSON_VALUE, contact: JSON_VALUE, text: JSON_VALUE },
      { requiredKeys: [] },
    )
    .map((v) => JSON.stringify(v)),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.constantFrom('{', '[', 'null', '{"content":"\\ud800"}', '{"__proto__":{"docs":1}}'),
);
const REQUEST = fc
  .tuple(fc.constantFrom(...ROUTES), ID, ID, QUERY, fc.option(BODY, { nil: undefined }), fc.boolean())
  .chain(([[path, methods], id, page, query, body, otherMethod]) =>
    fc.constantFrom(...(otherMethod ? ['GET', 'POST', 'PATCH', 'DELETE', 'PUT'] : methods)).map((method) => ({
      method,
      path: path.replace('{id}', id).replace('{page}', page) + query,
      body,
    })),
  );

describe.each(engines())('random requests to every content route on %s', (engine) => {
  const db = useEngine(engine, __filename);
  let server: TestServer;
  let user: Client;
  beforeAll(async () => {
    server = await contentServer(db.options());
    user = (await registeredClient(server.base)).client;
  });
  afterAll(async () => {
    await server?.close();
  });

  const seen = new Set<number>();
  const property = (who: () => Client | null) =>
    fc.asyncProperty(REQUEST, async ({ method, path, body }) => {
      const client = who();
      const headers: Record<string, string> = body !== undefined ? { 'content-type': 'application/json' } : {};
      if (client) {
        headers.cookie = client.cookieHeader();
        const csrf = client.cookies.get('csrftoken');
        if (csrf) headers['x-csrftoken'] = csrf;
      }
      const res = await fetch(server.base + path, { method, headers, body: method === 'GET' ? undefined : body });
      seen.add(res.status);
      expect(res.status).toBeLessThan(500);
      if (res.status >= 400) {
        const parsed = (await res.json()) as { message?: unknown; code?: unknown };
        expect(isChinese(parsed.message)).toBe(true);
        expect(typeof parsed.code).toBe('string');
      } else {
        await res.arrayBuffer();
      }
      return true;
    });

  test('a visitor: never a 5xx, every error in Chinese with a code', async () => {
    seen.clear();
    await fc.assert(property(() => null), { numRuns: 400 });
    // the requests reached the handlers: answers, refusals and unknowns all occurred
    expect([...seen]).toEqual(expect.arrayContaining([200, 400, 403, 404]));
  });

  test('a logged-in user: never a 5xx, every error in Chinese with a code', async () => {
    seen.clear();
    await fc.assert(property(() => user), { numRuns: 400 });
    expect([...seen]).toEqual(expect.arrayContaining([200, 400, 404]));
  });
});
