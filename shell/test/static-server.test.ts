/** @jest-environment node */
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createStaticServer, listen } from '../server/static-server';

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A raw HTTP request (no automatic decompression, no keep-alive), so the bytes on the wire are what we see. */
function request(
  port: number,
  urlPath: string,
  options: { method?: string; headers?: http.OutgoingHttpHeaders; body?: string | Buffer } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: urlPath, method: options.method ?? 'GET', headers: options.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

function close(server: http.Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((err) => (err ? reject(err) : resolve()));
    server.closeAllConnections();
  });
}

const INDEX_HTML = '<!doctype html><html lang="zh-CN"><title>知库文档</title><div id="navbar"></div></html>';
const HASHED_JS = `/* chunk */\n${'console.log("哈希文件内容");\n'.repeat(200)}`;
const MAIN_JS = 'console.log("main");\n';
const SECRET = 'TOP-SECRET-OUTSIDE-ROOT';

let tmp: string;
let root: string;
let deploymentFile: string;
const servers: http.Server[] = [];

async function start(server: http.Server): Promise<number> {
  servers.push(server);
  return listen(server, 0);
}

/** The tiny upstream the /api/ proxy talks to: records what it got and answers with recognisable headers. */
interface Seen {
  method?: string;
  url?: string;
  headers?: http.IncomingHttpHeaders;
  body?: string;
}
let seen: Seen;
let upstreamPort: number;

let spaPort: number; // spaFallback + deploymentFile + apiTarget
let cdnPort: number; // cors, no spaFallback
let downPort: number; // apiTarget pointing at nothing

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'static-server-'));
  root = path.join(tmp, 'dist');
  fs.mkdirSync(root);
  fs.writeFileSync(path.join(root, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(root, 'a.1234abcd.js'), HASHED_JS);
  fs.writeFileSync(path.join(root, 'a.1234abcd.js.gz'), zlib.gzipSync(Buffer.from(HASHED_JS)));
  fs.writeFileSync(path.join(root, 'main.js'), MAIN_JS);
  fs.writeFileSync(path.join(tmp, 'secret.txt'), SECRET);
  deploymentFile = path.join(tmp, 'deployment.json');
  fs.writeFileSync(deploymentFile, JSON.stringify({ remotes: { 'mf-auth': { manifest: '/v1/mf-manifest.json', version: '1.0.0' } } }));

  const upstream = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen = { method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      res.writeHead(req.url?.includes('/refused/') ? 400 : 201, {
        'Content-Type': 'application/json; charset=utf-8',
        'X-Upstream': 'api',
        'Set-Cookie': 'sessionid=abc; HttpOnly; Path=/',
      });
      res.end(JSON.stringify({ message: '已创建' }));
    });
  });
  upstreamPort = await start(upstream);

  // A port nobody listens on: bind one, then free it.
  const probe = http.createServer();
  downPort = await listen(probe, 0);
  await close(probe);

  spaPort = await start(
    createStaticServer({ root, spaFallback: true, deploymentFile, apiTarget: `http://127.0.0.1:${upstreamPort}` }),
  );
  cdnPort = await start(createStaticServer({ root, cors: true }));
});

afterAll(async () => {
  await Promise.all(servers.map(close));
  fs.rmSync(tmp, { recursive: true, force: true });
});

beforeEach(() => {
  seen = {};
});

describe('static files', () => {
  it('GET / serves index.html', async () => {
    for (const port of [spaPort, cdnPort]) {
      const res = await request(port, '/');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body.toString('utf8')).toBe(INDEX_HTML);
    }
  });

  it('serves a file with its type, length and nosniff', async () => {
    const res = await request(spaPort, '/main.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(MAIN_JS)));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body.toString('utf8')).toBe(MAIN_JS);
  });

  it('HEAD answers the headers without a body', async () => {
    const res = await request(spaPort, '/main.js', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(MAIN_JS)));
    expect(res.body).toHaveLength(0);
  });

  it('spaFallback answers client-side routes with index.html', async () => {
    for (const route of ['/app/x/y', '/app/articles/docs/detail/42', '/app/user/login/code/']) {
      const res = await request(spaPort, route);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body.toString('utf8')).toBe(INDEX_HTML);
    }
  });

  it('spaFallback does not hide a missing file with an extension', async () => {
    const res = await request(spaPort, '/missing.js');
    expect(res.status).toBe(404);
    expect(res.body.toString('utf8')).toBe('文件不存在');
  });

  it('without spaFallback an unknown route is 404', async () => {
    expect((await request(cdnPort, '/app/x/y')).status).toBe(404);
  });

  it.each(['/%2e%2e/secret.txt', '/..%2fsecret.txt', '/%2e%2e%2fsecret.txt', '/../secret.txt', '/a/../../secret.txt', '/..%5csecret.txt'])(
    'never serves a file outside root for %s',
    async (urlPath) => {
      for (const port of [spaPort, cdnPort]) {
        const res = await request(port, urlPath);
        expect([403, 404]).toContain(res.status);
        expect(res.body.toString('utf8')).not.toContain(SECRET);
      }
    },
  );

  it('answers 400 for a malformed percent-encoding', async () => {
    expect((await request(spaPort, '/%E0%A4%A.js')).status).toBe(400);
  });

  it('rejects methods other than GET and HEAD with 405', async () => {
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const res = await request(spaPort, '/main.js', { method, body: 'x' });
      expect(res.status).toBe(405);
      expect(res.body.toString('utf8')).toBe('不支持的请求方法');
    }
  });
});

describe('compression and caching', () => {
  it('sends the pre-compressed .gz to a client that accepts gzip', async () => {
    const gz = fs.readFileSync(path.join(root, 'a.1234abcd.js.gz'));
    const res = await request(spaPort, '/a.1234abcd.js', { headers: { 'Accept-Encoding': 'gzip, deflate' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['content-length']).toBe(String(gz.length));
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.body.equals(gz)).toBe(true);
    expect(zlib.gunzipSync(res.body).toString('utf8')).toBe(HASHED_JS);
  });

  it('sends the plain file to a client that does not accept gzip (or only br, with no .br on disk)', async () => {
    for (const headers of [{}, { 'Accept-Encoding': 'identity' }, { 'Accept-Encoding': 'br' }]) {
      const res = await request(spaPort, '/a.1234abcd.js', { headers });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body.toString('utf8')).toBe(HASHED_JS);
    }
  });

  it('caches hashed files forever', async () => {
    const res = await request(spaPort, '/a.1234abcd.js');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates other files with an ETag and answers 304 when it matches', async () => {
    const first = await request(spaPort, '/main.js');
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag;
    expect(etag).toMatch(/^".+"$/);

    const again = await request(spaPort, '/main.js', { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    expect(again.body).toHaveLength(0);
    expect(again.headers.etag).toBe(etag);

    const stale = await request(spaPort, '/main.js', { headers: { 'If-None-Match': '"0-0-id"' } });
    expect(stale.status).toBe(200);
    expect(stale.body.toString('utf8')).toBe(MAIN_JS);
  });

  it('index.html is revalidated, never cached immutably', async () => {
    const res = await request(spaPort, '/app/x/y');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toBeDefined();
  });

  it('gives the gzip and identity variants different ETags', async () => {
    const gz = await request(spaPort, '/a.1234abcd.js', { headers: { 'Accept-Encoding': 'gzip' } });
    const plain = await request(spaPort, '/a.1234abcd.js');
    expect(gz.headers.etag).toBeDefined();
    expect(gz.headers.etag).not.toBe(plain.headers.etag);
    const revalidated = await request(spaPort, '/a.1234abcd.js', {
      headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': gz.headers.etag! },
    });
    expect(revalidated.status).toBe(304);
  });
});

describe('cors', () => {
  it('sets Access-Control-Allow-Origin when cors is on, and only then', async () => {
    const withCors = await request(cdnPort, '/main.js', { headers: { Origin: 'http://127.0.0.1:3000' } });
    expect(withCors.headers['access-control-allow-origin']).toBe('*');
    const without = await request(spaPort, '/main.js', { headers: { Origin: 'http://127.0.0.1:3000' } });
    expect(without.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers a preflight with 204', async () => {
    const res = await request(cdnPort, '/a.1234abcd.js', { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('deployment manifest', () => {
  it('serves deploymentFile at /deployment.json and re-reads it on every request', async () => {
    const first = await request(spaPort, '/deployment.json');
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(first.body.toString('utf8')).remotes['mf-auth'].version).toBe('1.0.0');

    fs.writeFileSync(deploymentFile, JSON.stringify({ remotes: { 'mf-auth': { manifest: '/v2/mf-manifest.json', version: '2.0.0' } } }));
    const second = await request(spaPort, '/deployment.json');
    expect(second.status).toBe(200);
    expect(JSON.parse(second.body.toString('utf8')).remotes['mf-auth']).toEqual({ manifest: '/v2/mf-manifest.json', version: '2.0.0' });
  });

  it('is not served by an instance without deploymentFile', async () => {
    expect((await request(cdnPort, '/deployment.json')).status).toBe(404);
  });
});

describe('/api/ proxy', () => {
  it('passes method, path with query, body, status and headers through', async () => {
    const body = JSON.stringify({ title: '测试文档' });
    const res = await request(spaPort, '/api/v1/docs/?page=2&keyword=%E6%95%B0%E5%AD%A6', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), 'X-CSRFToken': 'tok', Cookie: 'csrftoken=tok' },
      body,
    });
    expect(seen.method).toBe('POST');
    expect(seen.url).toBe('/api/v1/docs/?page=2&keyword=%E6%95%B0%E5%AD%A6');
    expect(seen.body).toBe(body);
    expect(seen.headers?.['x-csrftoken']).toBe('tok');
    expect(seen.headers?.cookie).toBe('csrftoken=tok');
    expect(seen.headers?.['x-forwarded-for']).toBe('127.0.0.1');

    expect(res.status).toBe(201);
    expect(res.headers['x-upstream']).toBe('api');
    // the API's cookie, then the proxy's note of when this browser wrote (kept pages made before it do not answer it)
    expect(res.headers['set-cookie']).toEqual(['sessionid=abc; HttpOnly; Path=/', expect.stringMatching(/^wrote_at=\d+; Path=\/; Max-Age=60; HttpOnly; SameSite=Lax$/)]);
    expect(JSON.parse(res.body.toString('utf8'))).toEqual({ message: '已创建' });
  });

  it('notes a write (wrote_at) only for a write that was done and can change a page', async () => {
    const before = Date.now();
    const wroteAt = (res: RawResponse) => ((res.headers['set-cookie'] ?? []).map((c) => /^wrote_at=(\d+);/.exec(c)?.[1]).find(Boolean) ?? null);
    const written = await request(spaPort, '/api/docs-comment/', { method: 'POST' });
    expect(Number(wroteAt(written))).toBeGreaterThanOrEqual(before);
    expect(Number(wroteAt(written))).toBeLessThanOrEqual(Date.now());
    expect(wroteAt(await request(spaPort, '/api/collect-folder/3/', { method: 'DELETE' }))).not.toBeNull();
    expect(wroteAt(await request(spaPort, '/api/docs/7/'))).toBeNull();
    expect(wroteAt(await request(spaPort, '/api/refused/', { method: 'POST' }))).toBeNull();
    expect(wroteAt(await request(spaPort, '/api/wx-jsapi-sign/', { method: 'POST' }))).toBeNull();
    expect(wroteAt(await request(spaPort, '/api/report_error/', { method: 'POST' }))).toBeNull();
    expect(wroteAt(await request(spaPort, '/api/qrcode/', { method: 'POST' }))).toBeNull();
  });

  it('proxies methods the static part refuses (PUT, DELETE)', async () => {
    for (const method of ['PUT', 'DELETE']) {
      const res = await request(spaPort, '/api/v1/docs/7/', { method });
      expect(res.status).toBe(201);
      expect(seen.method).toBe(method);
      expect(seen.url).toBe('/api/v1/docs/7/');
    }
  });

  it('does not proxy paths that merely start with /api', async () => {
    const res = await request(spaPort, '/apix/thing');
    expect(seen.url).toBeUndefined();
    expect(res.body.toString('utf8')).toBe(INDEX_HTML);
  });

  it('answers 502 with a Chinese JSON message when the upstream is down', async () => {
    const server = createStaticServer({ root, apiTarget: `http://127.0.0.1:${downPort}` });
    const port = await start(server);
    const res = await request(port, '/api/v1/user/info/', { method: 'GET' });
    expect(res.status).toBe(502);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(res.body.toString('utf8'))).toEqual({ message: '服务暂时不可用，请稍后重试', code: 'bad_gateway' });
  });
});

describe('listen', () => {
  it('resolves the bound port and rejects when the port is taken', async () => {
    const a = http.createServer();
    const port = await start(a);
    expect(port).toBe((a.address() as net.AddressInfo).port);
    expect(port).toBeGreaterThan(0);
    const b = http.createServer();
    await expect(listen(b, port)).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });
});
