// A scripted HTTP server on loopback for the kernel's client tests: jsdom's XMLHttpRequest talks to it over real
// HTTP (cross-origin from jsdom's http://localhost, hence the CORS answers), and each test says how it answers.
import http, { type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import net, { type AddressInfo } from 'node:net';

export interface Received {
  method: string;
  /** Path with query. */
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: () => unknown;
}

export type Handler = (request: Received, response: ServerResponse) => void;

export interface ApiServer {
  /** Origin, e.g. http://127.0.0.1:39123 */
  origin: string;
  /** Every request but CORS preflights, in arrival order. */
  received: Received[];
  handle(handler: Handler): void;
  close(): Promise<void>;
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.statusCode = status;
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  response.end(JSON.stringify(body));
}

export async function startApiServer(): Promise<ApiServer> {
  const received: Received[] = [];
  let handler: Handler = (_req, res) => sendJson(res, 200, { ok: true });
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
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const request: Received = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body,
        json: () => JSON.parse(body),
      };
      received.push(request);
      handler(request, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    handle: (h) => {
      handler = h;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A server that drops every connection as soon as it opens: requests to it fail without an answer, as when
 * the network is down. (A refused port would do too, but jsdom then keeps the test process alive.)
 */
export async function droppingServer(): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Resolves when `check` passes, polling every 10 ms for at most `ms`. */
export async function waitFor(check: () => boolean, ms = 3000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('waitFor: condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}
