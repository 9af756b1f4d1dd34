// The one fake API of the front-end tests: a scripted HTTP server on loopback that jsdom's XMLHttpRequest reaches
// over real HTTP (cross-origin from jsdom's http://localhost, hence the CORS answers), so the kernel's client runs
// whole (interceptors, headers, time-outs). Each test scripts answers by `METHOD /path/` (the path without /api and
// without the query); unscripted requests get 404 `{message: '接口不存在'}`. It also speaks enough WebSocket for
// text messages (the QR login).
import { createHash } from 'node:crypto';
import http, { type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { http as kernelHttp } from 'shared-kernel';

export interface FakeRequest {
  method: string;
  /** Path without the /api prefix and without the query, e.g. '/codes/'. */
  path: string;
  /** The request target as sent: with the /api prefix and the query, e.g. '/api/docs/?page=2'. */
  url: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The body as JSON; {} when empty or not JSON. */
  body: Record<string, unknown>;
  /** The body as sent. */
  text: string;
}

/**
 * An answer: `body` is sent as JSON, a string as text (without a body, nothing is sent); 'drop' closes the
 * connection without an answer, as when the network is down.
 */
export type FakeReply = { status?: number; body?: unknown; headers?: Record<string, string> } | 'drop';
export type FakeScript = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

export interface FakeSocket {
  /** The path with query the WebSocket was opened on. */
  path: string;
  /** The text messages it sent. */
  messages: string[];
}

export interface FakeApiOptions {
  /** Answers every test has (the API's public key, say): kept by reset(), a test's own script wins. */
  routes?: Record<string, FakeReply | FakeScript>;
}

export interface FakeApi {
  /** e.g. http://127.0.0.1:39123 */
  origin: string;
  /** The requests of the current test page (not the CORS preflights), in arrival order. */
  received: FakeRequest[];
  /** Scripts the answer of `METHOD /path/`; the latest script for a route wins. */
  on(route: string, reply: FakeReply | FakeScript): void;
  /** The answer to every request no route script answers (by default 404 '接口不存在'). */
  otherwise(reply: FakeReply | FakeScript): void;
  /** The requests of one route, `METHOD /path/`. */
  calls(route: string): FakeRequest[];
  /** Forgets the scripts, the requests and the WebSockets of the last test. */
  reset(): void;
  /**
   * reset(), then points the kernel's HTTP client at this API for a new test page: its requests carry that page in
   * X-Test-Page, and a request of an earlier page (one a previous test's page had in flight when it ended) is
   * answered but not recorded.
   */
  newPage(): void;
  /** The WebSockets opened since the last reset. */
  sockets: FakeSocket[];
  /**
   * The WebSocket opened with `?token=`. By token, not by position: a socket a previous test's page opened just
   * before it closed can arrive after reset().
   */
  socketFor(token: string): FakeSocket | undefined;
  /** Sends a text message to every open WebSocket. */
  push(text: string): void;
  /** Stops the server, closing kept-alive connections (jsdom keeps them; waiting for them outlasts a hook). */
  close(): Promise<void>;
}

export const TEST_PAGE_HEADER = 'X-Test-Page';

const NOT_FOUND: FakeReply = { status: 404, body: { message: '接口不存在', code: 'not_found' } };

const asScript = (reply: FakeReply | FakeScript): FakeScript => (typeof reply === 'function' ? reply : () => reply);

let pageCount = 0;

export async function startFakeApi(options: FakeApiOptions = {}): Promise<FakeApi> {
  const defaults = new Map(Object.entries(options.routes ?? {}).map(([route, reply]) => [route, asScript(reply)]));
  const received: FakeRequest[] = [];
  let scripts = new Map<string, FakeScript>();
  let fallback: FakeScript = asScript(NOT_FOUND);
  let currentPage: string | undefined;

  const server = http.createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? '');
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE');
      res.statusCode = 204;
      res.end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const text = Buffer.concat(chunks).toString('utf8');
      const request: FakeRequest = {
        method: req.method ?? 'GET',
        path: url.pathname.replace(/^\/api/, ''),
        url: req.url ?? '/',
        query: url.searchParams,
        headers: req.headers,
        body: parseJsonObject(text),
        text,
      };
      const page = req.headers[TEST_PAGE_HEADER.toLowerCase()];
      // a request of a previous test's page is answered as usual but not counted among this test's calls
      if (currentPage === undefined || page === undefined || page === currentPage) received.push(request);
      const route = `${request.method} ${request.path}`;
      const script = scripts.get(route) ?? defaults.get(route) ?? fallback;
      send(res, await script(request));
    });
  });

  // Node closes a kept-alive connection after 5 s idle, and a client that sends on it at that moment gets "socket hang
  // up" (a test then waits for an answer that never comes): idle connections stay open until close() instead
  server.keepAliveTimeout = 0;

  const sockets: FakeSocket[] = [];
  const open = new Set<Duplex>();
  server.on('upgrade', (req, socket) => {
    // the WebSocket handshake (RFC 6455): enough for text frames
    const accept = createHash('sha1').update(`${req.headers['sec-websocket-key']}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64');
    socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
    const record: FakeSocket = { path: req.url ?? '', messages: [] };
    sockets.push(record);
    open.add(socket);
    socket.on('data', (frame: Buffer) => {
      const message = readTextFrame(frame);
      if (message === null) {
        open.delete(socket);
        socket.end();
      } else record.messages.push(message);
    });
    socket.on('close', () => open.delete(socket));
    socket.on('error', () => open.delete(socket));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  function reset(): void {
    received.length = 0;
    scripts = new Map();
    fallback = asScript(NOT_FOUND);
    sockets.length = 0;
    for (const socket of open) socket.destroy();
    open.clear();
  }

  return {
    origin,
    received,
    on(route, reply) {
      scripts.set(route, asScript(reply));
    },
    otherwise(reply) {
      fallback = asScript(reply);
    },
    calls: (route) => received.filter((r) => `${r.method} ${r.path}` === route),
    reset,
    newPage() {
      reset();
      currentPage = String((pageCount += 1));
      kernelHttp.defaults.baseURL = `${origin}/api`;
      kernelHttp.defaults.headers.common[TEST_PAGE_HEADER] = currentPage;
    },
    sockets,
    socketFor: (token) => sockets.find((s) => new URL(s.path, 'http://fake').searchParams.get('token') === token),
    push(text) {
      for (const socket of open) socket.write(textFrame(text));
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy(); // upgraded sockets are not the server's connections any more
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function parseJsonObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function send(res: ServerResponse, reply: FakeReply): void {
  if (reply === 'drop') {
    res.socket?.destroy();
    return;
  }
  res.statusCode = reply.status ?? 200;
  const isText = typeof reply.body === 'string';
  if (reply.body !== undefined) res.setHeader('Content-Type', isText ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8');
  for (const [name, value] of Object.entries(reply.headers ?? {})) res.setHeader(name, value);
  if (reply.body === undefined) res.end();
  else res.end(isText ? (reply.body as string) : JSON.stringify(reply.body));
}

/** A server-to-client text frame (unmasked). */
function textFrame(text: string): Buffer {
  const payload = Buffer.from(text, 'utf8');
  const head = payload.length < 126 ? Buffer.from([0x81, payload.length]) : Buffer.from([0x81, 126, payload.length >> 8, payload.length & 255]);
  return Buffer.concat([head, payload]);
}

/** The text of a client frame (masked), or null for a close frame. */
function readTextFrame(frame: Buffer): string | null {
  if ((frame[0] & 0x0f) === 0x8) return null;
  let length = frame[1] & 0x7f;
  let offset = 2;
  if (length === 126) {
    length = frame.readUInt16BE(2);
    offset = 4;
  }
  const mask = frame.subarray(offset, offset + 4);
  const data = frame.subarray(offset + 4, offset + 4 + length).map((b, i) => b ^ mask[i % 4]);
  return Buffer.from(data).toString('utf8');
}
