import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { engines, isChinese, startServer, useEngine, type TestServer } from './helpers';

/** Every route of the server, plus paths that are almost routes. */
const ROUTES = ['/api/health/', '/api/app-version-detail/', '/api/report_error/'];
const PATHS = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...ROUTES) },
  fc.constantFrom('/api/health', '/api/', '/api/app-version-detail/1/', '/', '/api/report_error/x/', '/api//health/'),
  fc.stringMatching(/^\/api\/[a-z_%0-9.-]{0,20}\/?$/),
);
const METHODS = fc.constantFrom('GET', 'GET', 'GET', 'POST', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD');

const anyText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom('', '0', '-1', '1', '2', '100', '101', '1e3', 'last', 'null', 'NaN', '１', '一', ' 1', '1 ',
    'android', 'ios', 'pc', 'create_time', '-create_time', 'version', '-version', '\u0000', "'; --"),
);
const QUERY_KEYS = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('page', 'page_size', 'ordering', 'platform') },
  fc.string({ maxLength: 10 }),
  fc.constantFrom('__proto__', 'constructor', 'page[]', 'page.0'),
);
const QUERY = fc
  .tuple(
    fc.array(fc.tuple(QUERY_KEYS, anyText), { maxLength: 5 }),
    fc.constantFrom('', '', '', '&', '%', '%zz', '%00', '%ff', '=', '&&=&', '+', 'page=%E4'),
  )
  .map(([pairs, raw]) => {
    const params = new URLSearchParams();
    for (const [k, v] of pairs) params.append(k, v);
    const text = [params.toString(), raw].filter(Boolean).join('&');
    return text ? `?${text}` : '';
  });

const HEADER_TEXT = fc.string({ unit: fc.integer({ min: 0x20, max: 0xfe }).map((c) => String.fromCharCode(c === 0x7f ? 0xff : c)), maxLength: 40 })
  .map((s) => s.trim());
const HEADERS = fc.record(
  {
    'content-type': fc.oneof(
      fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'application/xml',
        'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded', 'application/json; charset=latin1',
        'APPLICATION/JSON', 'application/jsonx', '*/*'),
      HEADER_TEXT,
    ),
    accept: fc.oneof(fc.constantFrom('application/json', 'text/html', '*/*'), HEADER_TEXT),
    'accept-language': fc.oneof(fc.constantFrom('zh-CN,zh;q=0.9', 'en'), HEADER_TEXT),
    'user-agent': HEADER_TEXT,
    cookie: HEADER_TEXT,
    'x-forwarded-for': HEADER_TEXT,
    'x-requested-with': HEADER_TEXT,
  },
  { requiredKeys: [] },
);
const BODY = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc
    .record(
      { message: anyText, stack: anyText, type: anyText, route: anyText, extra: fc.jsonValue({ maxDepth: 2 }) },
      { requiredKeys: [] },
    )
    .map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 60 }),
  fc.constantFrom('{', '{"message":', '[', 'null', '""', '{"__proto__":{"x":1}}', '{"message":"\\ud800"}'),
  fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
);

/**
 * node:http rather than fetch: fetch (undici) refuses some header values a real client may still send
 * (empty values, Latin-1 text), and those are exactly the ones to try.
 */
function rawRequest(
  base: string,
  method: string,
  pathAndQuery: string,
  headers: Record<string, string>,
  body?: string | Buffer,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  return new Promise((resolve, reject) => {
    const allHeaders = body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) };
    // a connection per request: one broken exchange must not poison the next
    const { hostname, port } = new URL(base);
    // `path` as given: a URL object would normalise '/api/..' before sending it
    const options = { hostname, port, path: pathAndQuery, method, headers: allHeaders, agent: false };
    const req = httpRequest(options, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const REQUEST = fc.record({
  method: METHODS,
  path: PATHS,
  query: QUERY,
  headers: HEADERS,
  body: fc.option(BODY, { nil: undefined }),
});

describe.each(engines())('random requests on %s', (engine) => {
  const db = useEngine(engine, __filename);
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(db.options());
  });
  afterAll(async () => {
    await server?.close();
  });

  test('never a 5xx; every 4xx carries a Chinese message and a code', async () => {
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(REQUEST, async ({ method, path, query, headers, body }) => {
        const hasBody = body !== undefined && method !== 'GET' && method !== 'HEAD';
        const res = await rawRequest(server.base, method, path + query, headers, hasBody ? body : undefined);
        answered += 1;
        expect(res.status).toBeLessThan(500);
        if (res.status >= 400 && method !== 'HEAD') {
          const parsed = JSON.parse(res.text) as { message?: unknown; code?: unknown };
          expect(isChinese(parsed.message)).toBe(true);
          expect(typeof parsed.code).toBe('string');
          if (path.startsWith('/api/')) expect(res.headers['cache-control']).toBe('no-store');
        }
      }),
      { numRuns: 300 },
    );
    expect(answered).toBeGreaterThanOrEqual(300);
  });

  test('the list route under random query strings: a page or a Chinese 400/404', async () => {
    await fc.assert(
      fc.asyncProperty(QUERY, async (query) => {
        const res = await fetch(`${server.base}/api/app-version-detail/${query}`);
        const body = (await res.json()) as Record<string, unknown>;
        expect([200, 400, 404]).toContain(res.status);
        if (res.status === 200) {
          expect(Object.keys(body)).toEqual(['count', 'next', 'previous', 'results']);
          expect(Array.isArray(body.results)).toBe(true);
          expect((body.results as unknown[]).length).toBeLessThanOrEqual(100);
        } else {
          expect(isChinese(body.message)).toBe(true);
          expect(['invalid', 'invalid_page']).toContain(body.code);
        }
      }),
      { numRuns: 300 },
    );
  });
});
