import { connect } from 'node:net';
import { Type } from '@sinclair/typebox';
import { ApiError, notAuthenticated } from '../src/core/http/errors';
import { call, engines, expectErrorBody, postJson, startServer, useEngine, type TestServer } from './helpers';

const REPORT = '/api/report_error/';

/** Writes raw bytes to the server and reads until it closes the connection. */
function rawExchange(base: string, payload: string): Promise<{ head: string; body: unknown }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(payload));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const at = text.indexOf('\r\n\r\n');
      resolve({ head: text.slice(0, at), body: JSON.parse(text.slice(at + 4)) });
    });
  });
}

/**
 * Writes a JSON POST of `size` bytes in 64 KiB chunks as a proxy does (each after the previous one drained), then
 * reads the answer: whether a write failed, whether the answer began before the last byte was written.
 */
function streamBody(base: string, path: string, size: number): Promise<{ writeError?: string; answeredBeforeEnd: boolean; head: string; body: unknown }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    let writeError: string | undefined;
    let written = false;
    let answeredBeforeEnd = false;
    socket.on('data', (c: Buffer) => {
      if (!written) answeredBeforeEnd = true;
      chunks.push(c);
    });
    socket.on('error', (e: NodeJS.ErrnoException) => (writeError ??= e.code ?? e.message));
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const at = text.indexOf('\r\n\r\n');
      const body = at < 0 ? undefined : JSON.parse(text.slice(at + 4).replace(/^[0-9a-f]+\r\n|\r\n0\r\n\r\n$/g, ''));
      resolve({ writeError, answeredBeforeEnd, head: at < 0 ? text : text.slice(0, at), body });
    });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    socket.write(`POST ${path} HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\nConnection: close\r\n\r\n`);
    const writeNext = (left: number): void => {
      if (socket.destroyed) return;
      if (left <= 0) {
        written = true;
        return;
      }
      const part = chunk.subarray(0, Math.min(chunk.length, left));
      if (socket.write(part)) setImmediate(() => writeNext(left - part.length));
      else socket.once('drain', () => writeNext(left - part.length));
    };
    writeNext(size);
  });
}

describe.each(engines())('error conventions on %s', (engine) => {
  const db = useEngine(engine, __filename);
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(db.options(), (app) => {
      // test-only routes, registered the way later domain routes will be
      app.get('/api/test/boom/', async () => {
        throw new Error('secret internals: relation "users" at /srv/api/src/x.ts:12');
      });
      app.get('/api/test/db-boom/', async () => app.db.query('SELECT * FROM no_such_table'));
      app.get('/api/test/needs-login/', async () => {
        throw notAuthenticated();
      });
      app.post(
        '/api/test/form/',
        { schema: { body: Type.Object({ phone: Type.String({ minLength: 11, maxLength: 11 }), age: Type.Integer() }) } },
        async () => {
          throw new ApiError(409, 'duplicate', '该手机号已注册', { phone: ['该手机号已注册'] });
        },
      );
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  test('unknown route: 404 not_found', async () => {
    for (const path of ['/api/nope/', '/api/health', '/api/', '/nothing', '/api/app-version-detail/x/']) {
      const res = await call(server.base, path);
      expect(res.body).toEqual({ message: '接口不存在', code: 'not_found' });
      expect(res.status).toBe(404);
    }
    const post = await postJson(server.base, '/api/nope/', { a: 1 });
    expectErrorBody(post, 404, 'not_found');
    expect(post.headers.get('cache-control')).toBe('no-store');
    expect(post.headers.get('x-content-type-options')).toBe('nosniff');
  });

  test('a method the route does not have answers 404 in Chinese', async () => {
    const res = await call(server.base, '/api/health/', { method: 'DELETE' });
    expectErrorBody(res, 404, 'not_found');
  });

  test('malformed JSON body: 400 parse_error', async () => {
    for (const body of ['{bad', '{"message": "x",}', "{'message': 'x'}", '[1, 2', '"unterminated']) {
      const res = await call(server.base, REPORT, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: '请求体不是合法的 JSON', code: 'parse_error' });
    }
  });

  test('empty JSON body: 400 parse_error', async () => {
    const res = await call(server.base, REPORT, { method: 'POST', headers: { 'content-type': 'application/json' } });
    expectErrorBody(res, 400, 'parse_error');
  });

  test('prototype pollution keys are refused as malformed', async () => {
    const res = await call(server.base, REPORT, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"message": "x", "__proto__": {"polluted": true}}',
    });
    expectErrorBody(res, 400, 'parse_error');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test('wrong types: 400 invalid with Chinese field errors for every wrong field', async () => {
    const res = await postJson(server.base, '/api/test/form/', { phone: 13800138000, age: 'old' });
    expectErrorBody(res, 400, 'invalid');
    expect(res.body.errors).toEqual({ phone: ['请填写文本。'], age: ['请填写合法的整数。'] });
  });

  test('missing and too long fields', async () => {
    const res = await postJson(server.base, '/api/test/form/', { phone: '138001380001' });
    expectErrorBody(res, 400, 'invalid');
    expect(res.body.errors).toEqual({ phone: ['不能超过 11 个字符。'], age: ['该字段是必填项。'] });
  });

  test('a body that is not an object: non_field_errors', async () => {
    for (const body of [[1, 2], 'text', 42, null]) {
      const res = await postJson(server.base, REPORT, body);
      expectErrorBody(res, 400, 'invalid');
      expect(Object.keys(res.body.errors)).toEqual(['non_field_errors']);
    }
  });

  test('ApiError thrown by a route: its status, code, message and field errors', async () => {
    const res = await postJson(server.base, '/api/test/form/', { phone: '13800138000', age: 30 });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: '该手机号已注册', code: 'duplicate', errors: { phone: ['该手机号已注册'] } });
  });

  test('needs login: 403 with error 未登录', async () => {
    const res = await call(server.base, '/api/test/needs-login/');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: '未登录', message: '您还未登录或登录已失效', code: 'not_authenticated' });
    expect(Object.keys(res.body)[0]).toBe('error');
  });

  test('unexpected errors: 500 server_error with nothing internal', async () => {
    for (const path of ['/api/test/boom/', '/api/test/db-boom/']) {
      const res = await call(server.base, path);
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ message: '服务器开小差了，请稍后重试', code: 'server_error' });
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  test('too large body: 413 in Chinese', async () => {
    const res = await postJson(server.base, REPORT, { message: 'x', stack: 's'.repeat(70 * 1024) });
    expectErrorBody(res, 413, 'payload_too_large');
  });

  test('a 5 MiB body over the limit is read to its end before the 413, so its writer (the shell\'s proxy) gets the answer, not a reset', async () => {
    for (let i = 0; i < 3; i += 1) {
      const answer = await streamBody(server.base, REPORT, 5 * 1024 * 1024);
      expect(answer.writeError).toBeUndefined();
      expect(answer.answeredBeforeEnd).toBe(false);
      expect(answer.head.split('\r\n')[0]).toBe('HTTP/1.1 413 Payload Too Large');
      expect(answer.body).toEqual({ message: '请求体过大，请减小后重试', code: 'payload_too_large' });
    }
  });

  test('wrong content type: 415 in Chinese', async () => {
    for (const [type, body] of [
      ['text/plain', 'message=x'],
      ['application/x-www-form-urlencoded', 'message=x'],
      ['application/xml', '<message>x</message>'],
    ]) {
      const res = await call(server.base, REPORT, { method: 'POST', headers: { 'content-type': type }, body });
      expectErrorBody(res, 415, 'unsupported_media_type');
    }
  });

  test('a malformed %-escape in the path: 400 in Chinese with the headers', async () => {
    const res = await call(server.base, '/api/%zz/');
    expectErrorBody(res, 400, 'bad_request');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  test('POST /api/report_error/ stores a report and ignores unknown fields', async () => {
    const res = await postJson(server.base, REPORT, {
      message: "Cannot read properties of undefined (reading 'id')",
      stack: 'TypeError: ...\n    at DocDetail (detail.tsx:10:5)',
      type: 'TypeError',
      route: '/docs/12/',
      extra: 'dropped',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number) });
    const [row] = await server.app.db.query<Record<string, unknown>>(
      'SELECT type, route, message, user_agent FROM client_error_reports WHERE id = $1',
      [res.body.id],
    );
    expect(row).toMatchObject({ type: 'TypeError', route: '/docs/12/' });
    expect(row).not.toHaveProperty('extra');
  });

  test('text with a NUL character answers 400 instead of a database error', async () => {
    const res = await postJson(server.base, REPORT, { message: 'a\u0000b' });
    expectErrorBody(res, 400, 'invalid');
    expect(res.body.errors).toEqual({ message: ['不能包含空字符。'] });
  });

  test('an empty message is refused', async () => {
    const res = await postJson(server.base, REPORT, { message: '' });
    expect(res.body.errors).toEqual({ message: ['该字段不能为空。'] });
  });

  test('a request the HTTP parser rejects: 400 in Chinese, then the connection closes', async () => {
    const res = await rawExchange(server.base, 'GET /api/health/ HTTP/1.1\r\nHost: x\r\nBroken header line\r\n\r\n');
    expect(res.head).toMatch(/^HTTP\/1\.1 400 /);
    expect(res.head.toLowerCase()).toContain('cache-control: no-store');
    expect(res.body).toEqual({ message: '请求格式有误', code: 'bad_request' });
  });

  test('headers too large: 431 in Chinese', async () => {
    const res = await rawExchange(
      server.base,
      `GET /api/health/ HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(res.head).toMatch(/^HTTP\/1\.1 431 /);
    expect(res.body).toEqual({ message: '请求头过大', code: 'headers_too_large' });
  });
});
