/** @jest-environment node */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createStaticServer, listen } from '../server/static-server';

// The shell's /api/ proxy (hardening, findings 3 and 9): the client's own forwarding headers never reach the API,
// for requests and WebSocket upgrades alike; the API's errors pass through with their status and body (a 413 it
// answers before reading a body over its limit, a 431 for a long URL); the shell's own errors on /api/ are JSON.

/** An upstream that behaves as the API does where it matters here (Fastify on Node's HTTP server). */
interface Seen {
  headers?: http.IncomingHttpHeaders;
  upgradeHeaders?: http.IncomingHttpHeaders;
  url?: string;
}
let seen: Seen = {};
const BODY_LIMIT = 1024 * 1024;

const API_413 = { message: '请求体过大，请减小后重试', code: 'payload_too_large' };
const API_431 = { message: '请求头过大', code: 'headers_too_large' };

function apiLike(): http.Server {
  const server = http.createServer((req, res) => {
    seen = { ...seen, headers: req.headers, url: req.url };
    if (Number(req.headers['content-length'] ?? 0) > BODY_LIMIT) {
      // as Fastify: refused from the Content-Length, the body never read, the connection closed after the answer
      res.writeHead(413, { 'Content-Type': 'application/json; charset=utf-8', Connection: 'close' });
      res.end(JSON.stringify(API_413));
      return;
    }
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ ok: true, length: Number(req.headers['content-length'] ?? 0) }));
    });
  });
  // as the API's clientErrorHandler: a head over Node's 16 KiB gets 431 in the API's JSON format
  server.on('clientError', (error: Error & { code?: string }, socket: net.Socket) => {
    const body = JSON.stringify(error.code === 'HPE_HEADER_OVERFLOW' ? API_431 : { message: '请求格式有误', code: 'bad_request' });
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request';
    if (socket.writable) {
      socket.write(`HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
    }
    socket.destroy();
  });
  server.on('upgrade', (req: http.IncomingMessage, socket: net.Socket) => {
    seen = { ...seen, upgradeHeaders: req.headers, url: req.url };
    socket.end('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n');
  });
  return server;
}

function request(
  port: number,
  urlPath: string,
  options: { method?: string; headers?: http.OutgoingHttpHeaders; body?: Buffer } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: urlPath, method: options.method ?? 'GET', headers: options.headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** A raw upgrade request (what a browser's WebSocket sends) with the given extra header lines; resolves the status line. */
function upgrade(port: number, extraLines: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(
        [
          'GET /api/ws/login-qrcode/?token=abc HTTP/1.1',
          'Host: localhost',
          'Upgrade: websocket',
          'Connection: Upgrade',
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
          'Sec-WebSocket-Version: 13',
          ...extraLines,
          '',
          '',
        ].join('\r\n'),
      );
    });
    let data = '';
    socket.on('data', (c: Buffer) => (data += c.toString('latin1')));
    socket.on('close', () => resolve(data.split('\r\n')[0]));
    socket.on('error', reject);
  });
}

let tmp: string;
const servers: http.Server[] = [];
let shellPort: number;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'static-proxy-'));
  fs.writeFileSync(path.join(tmp, 'index.html'), '<!doctype html><title>知库文档</title>');
  const api = apiLike();
  servers.push(api);
  const apiPort = await listen(api, 0);
  const shell = createStaticServer({ root: tmp, spaFallback: true, apiTarget: `http://127.0.0.1:${apiPort}` });
  servers.push(shell);
  shellPort = await listen(shell, 0);
});

afterAll(async () => {
  await Promise.all(
    servers.map(
      (s) =>
        new Promise((r) => {
          s.close(r);
          s.closeAllConnections();
        }),
    ),
  );
  fs.rmSync(tmp, { recursive: true, force: true });
});

beforeEach(() => {
  seen = {};
});

const FORGED = ['X-Forwarded-For: 203.0.113.7', 'Forwarded: for=203.0.113.7', 'X-Real-IP: 203.0.113.7', 'X-Forwarded-Host: evil.example'];

describe('forwarded address', () => {
  it('a WebSocket upgrade with a forged X-Forwarded-For reaches the API with the real client address only', async () => {
    expect(await upgrade(shellPort, FORGED)).toBe('HTTP/1.1 101 Switching Protocols');
    const headers = seen.upgradeHeaders!;
    expect(seen.url).toBe('/api/ws/login-qrcode/?token=abc');
    expect(headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(headers.forwarded).toBeUndefined();
    expect(headers['x-real-ip']).toBeUndefined();
    expect(headers['x-forwarded-host']).toBeUndefined();
    expect(headers.upgrade).toBe('websocket');
    expect(headers['sec-websocket-key']).toBe('dGhlIHNhbXBsZSBub25jZQ==');
  });

  it('an upgrade without forwarding headers gets the client address too', async () => {
    await upgrade(shellPort, []);
    expect(seen.upgradeHeaders!['x-forwarded-for']).toBe('127.0.0.1');
  });

  it('a request with a forged X-Forwarded-For reaches the API with the real client address only', async () => {
    const res = await request(shellPort, '/api/qrcode/', {
      headers: { 'X-Forwarded-For': '203.0.113.7', Forwarded: 'for=203.0.113.7', 'X-Real-IP': '203.0.113.7' },
    });
    expect(res.status).toBe(200);
    expect(seen.headers!['x-forwarded-for']).toBe('127.0.0.1');
    expect(seen.headers!.forwarded).toBeUndefined();
    expect(seen.headers!['x-real-ip']).toBeUndefined();
  });
});

describe("the API's errors pass through, the shell's own are JSON", () => {
  it('a JSON body over the API limit gets the API 413 and its body, every time (not 502)', async () => {
    const answers: [number, string][] = [];
    for (let i = 0; i < 8; i++) {
      const body = Buffer.from(JSON.stringify({ content: '文'.repeat(400_000 + i * 20_000) }));
      const res = await request(shellPort, '/api/blogs/', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': body.length }, body });
      answers.push([res.status, res.body]);
    }
    expect(answers).toEqual(Array.from({ length: 8 }, () => [413, JSON.stringify(API_413)]));
  });

  it('a body under the limit still reaches the API whole', async () => {
    const body = Buffer.alloc(900 * 1024, 'a');
    const res = await request(shellPort, '/api/blogs/', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': body.length }, body });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ ok: true, length: body.length });
  });

  it("a long URL the API refuses gets the API's 431 JSON", async () => {
    const res = await request(shellPort, `/api/docs/?keyword=${'a'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toEqual(API_431);
  });

  it("a URL too long for the shell gets the shell's own 431 as JSON with a Chinese message and a code", async () => {
    const res = await request(shellPort, `/api/docs/?keyword=${'a'.repeat(70_000)}`);
    expect(res.status).toBe(431);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(JSON.parse(res.body)).toEqual({ message: '请求头过大', code: 'headers_too_large' });
  });

  it("a malformed request to /api/ gets the shell's 400 as JSON", async () => {
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect(shellPort, '127.0.0.1', () => socket.write('GET /api/docs/ HTTP/1.1\r\nHost: a\r\nno colon here\r\n\r\n'));
      let data = '';
      socket.on('data', (c: Buffer) => (data += c.toString('utf8')));
      socket.on('close', () => resolve(data));
    });
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    expect(JSON.parse(answer.split('\r\n\r\n')[1])).toEqual({ message: '请求格式有误', code: 'bad_request' });
  });
});
