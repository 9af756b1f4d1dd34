// A scripted API on loopback for mf-auth's component tests: jsdom's XMLHttpRequest reaches it over real HTTP
// (cross-origin from jsdom's http://localhost, hence the CORS answers). Each test scripts the answers by
// method and path; unscripted requests get 404 `{message: '接口不存在'}`. It serves a real RSA public key and
// decrypts what the forms send, as the API does.
import { constants, createHash, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import type { Duplex } from 'node:stream';
import http, { type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  /** Path without the /api prefix and without the query, e.g. '/codes/'. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export interface Reply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Script = (request: Received) => Reply | Promise<Reply>;

export interface FakeApi {
  origin: string;
  received: Received[];
  /** Scripts the answer of `METHOD /path/` (the path without /api). The latest script for a route wins. */
  on(route: string, script: Script | Reply): void;
  /**
   * Forgets the scripts, calls and sockets. With `page`, calls sent with another X-Test-Page header (requests a
   * previous test's page had in flight when it ended) are answered but not recorded.
   */
  reset(page?: string): void;
  /** The plain text of a password the page encrypted with the served key. */
  decrypt(ciphertext: unknown): string;
  /** The requests of one route. */
  calls(route: string): Received[];
  /** WebSocket connections: their path with query, and the text messages each sent. */
  sockets: { path: string; messages: string[] }[];
  /**
   * The connection opened for a QR token. By token, not by position: a socket a previous test's page opened just
   * before it closed can arrive after reset().
   */
  socketFor(token: string): { path: string; messages: string[] } | undefined;
  /** Sends a text message to every open WebSocket. */
  push(text: string): void;
  close(): Promise<void>;
}

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PUBLIC_PEM = publicKey.export({ type: 'spki', format: 'pem' }).toString();

export async function startFakeApi(): Promise<FakeApi> {
  const received: Received[] = [];
  let currentPage: string | undefined;
  let scripts = new Map<string, Script>();
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
      const request: Received = {
        method: req.method ?? 'GET',
        path: url.pathname.replace(/^\/api/, ''),
        query: url.searchParams,
        headers: req.headers,
        body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
      };
      const page = req.headers['x-test-page'];
      // a request of a previous test's page is answered as usual but not counted among this test's calls
      if (currentPage === undefined || page === undefined || page === currentPage) received.push(request);
      const route = `${request.method} ${request.path}`;
      const script = scripts.get(route);
      const reply: Reply = script ? await script(request) : route === 'GET /public-key/' ? { body: { public_key: PUBLIC_PEM, algorithm: 'RSA-OAEP', hash: 'SHA-256' } } : { status: 404, body: { message: '接口不存在', code: 'not_found' } };
      send(res, reply);
    });
  });
  const sockets: { path: string; messages: string[] }[] = [];
  const open = new Set<Duplex>();
  server.on('upgrade', (req, socket) => {
    // the WebSocket handshake (RFC 6455): enough for text frames of the QR login
    const accept = createHash('sha1').update(`${req.headers['sec-websocket-key']}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64');
    socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
    const record = { path: req.url ?? '', messages: [] as string[] };
    sockets.push(record);
    open.add(socket);
    socket.on('data', (frame: Buffer) => {
      const text = readTextFrame(frame);
      if (text === null) {
        open.delete(socket);
        socket.end();
      } else record.messages.push(text);
    });
    socket.on('close', () => open.delete(socket));
    socket.on('error', () => open.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    sockets,
    socketFor: (token) => sockets.find((s) => new URL(s.path, 'http://x').searchParams.get('token') === token),
    push(text) {
      for (const socket of open) socket.write(textFrame(text));
    },
    origin: `http://127.0.0.1:${port}`,
    received,
    on(route, script) {
      scripts.set(route, typeof script === 'function' ? script : () => script);
    },
    reset(page) {
      currentPage = page;
      received.length = 0;
      scripts = new Map();
      sockets.length = 0;
      for (const socket of open) socket.destroy();
      open.clear();
    },
    decrypt(ciphertext) {
      if (typeof ciphertext !== 'string') throw new Error('not a ciphertext');
      return privateDecrypt(
        { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(ciphertext, 'base64'),
      ).toString('utf8');
    },
    calls(route) {
      const [method, path] = route.split(' ');
      return received.filter((r) => r.method === method && r.path === path);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy(); // upgraded sockets are not the server's connections any more
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
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

function send(res: ServerResponse, reply: Reply): void {
  res.statusCode = reply.status ?? 200;
  for (const [k, v] of Object.entries(reply.headers ?? {})) res.setHeader(k, v);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
}

/** A login answer as the API gives it. */
export function loginAnswer(overrides: Partial<Record<string, unknown>> = {}): Record<string, unknown> {
  return {
    uid: 42,
    nickname: '用户5678',
    level: 1,
    gender: null,
    avatar: '',
    intro: '',
    is_active: 1,
    inactive_reason: null,
    country_code: '86',
    mobile: '138****5678',
    email: null,
    has_password: true,
    has_pwd_protection: false,
    create_time: '2026-01-01T00:00:00.000Z',
    is_new: false,
    ...overrides,
  };
}

/** An API error body. */
export function apiError(status: number, code: string, message: string, errors?: Record<string, string[]>): Reply {
  return { status, body: { message, code, ...(errors ? { errors } : {}) } };
}

/** A 1x1 transparent PNG, base64: the pictures of scripted challenges. */
export const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
