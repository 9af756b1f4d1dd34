import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import { sha256 } from './browser-key';
import { findQr, isQrToken, QR_CLAIM_WINDOW_MS, type QrEvent } from './qr-login';

/** The login-QR socket (SPEC §7): `?token=`, first message `{"type":"LOGIN_QRCODE","token":...}`. */
export const QR_SOCKET_PATH = '/api/ws/login-qrcode/';
const HELLO_TIMEOUT_MS = 10_000;
const PING_MS = 25_000;
/** Sockets one code may have open at once (a few tabs); more are refused. */
const MAX_PER_TOKEN = 5;
/**
 * Sockets one client address may have open at once on this process, times RATE_LIMIT_SCALE (several people may
 * share an address; one person has one per open login page). New sockets per address and minute are the
 * rate-limit group 'qr-socket'.
 */
export const QR_SOCKET_MAX_OPEN_PER_ADDRESS = 20;

const THROTTLED = { message: '请求过于频繁，请稍后再试', code: 'throttled' };

function refuse(socket: Duplex, status: number, text: string, retryAfterS?: number): void {
  if (socket.destroyed) return;
  if (retryAfterS === undefined) {
    socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    return;
  }
  // the page's WebSocket sees only the failure; the JSON body is for anyone reading the answer
  const body = JSON.stringify({ ...THROTTLED, retry_after: retryAfterS });
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nRetry-After: ${retryAfterS}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/** Open sockets per client address (this process): a slot is taken before the upgrade and given back on close. */
function addressSlots(max: number) {
  const open = new Map<string, number>();
  return {
    take(address: string): boolean {
      const n = open.get(address) ?? 0;
      if (n >= max) return false;
      open.set(address, n + 1);
      return true;
    },
    /** A release function that gives the slot back once, however often it is called. */
    releaser(address: string): () => void {
      let done = false;
      return () => {
        if (done) return;
        done = true;
        const n = (open.get(address) ?? 1) - 1;
        if (n > 0) open.set(address, n);
        else open.delete(address);
      };
    },
  };
}

/**
 * Serves the login-QR WebSocket on the API's HTTP server. After the hello naming the same token as the URL,
 * the socket hears 'scanned' when the app has scanned, 'ok' when the app user confirms (the page then asks
 * POST /api/qrcode/ for the status, which logs it in), 'expired' when the code has run out (then it closes).
 * Messages are plain text; anything else from the client, or no hello within 10 s, closes the socket (1008).
 *
 * The upgrade happens outside Fastify's hooks, so the limits are applied here, per client address (as
 * `request.ip` tells it, trustProxy included): at most QR_SOCKET_MAX_OPEN_PER_ADDRESS open sockets, and the
 * 'qr-socket' rate-limit group for new ones (shared counters with Redis; fails open like the limiter). Over
 * either: HTTP 429 on the upgrade, with Retry-After for the rate.
 */
export function installQrSocket(app: FastifyInstance): void {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 });
  const slots = addressSlots(Math.max(1, Math.round(QR_SOCKET_MAX_OPEN_PER_ADDRESS * app.accountsConfig.rateLimitScale)));
  const limits = app.rateLimiter.limits('qr-socket');
  /** Seconds until the address may open another socket, or 0 (the hit is counted either way). */
  const overRate = async (address: string): Promise<number> => {
    const t = app.now().getTime();
    try {
      const results = await Promise.all(limits.map((l) => app.rateLimiter.store.hit(`qr-socket:${address}`, l.windowMs, t)));
      const waits = results.filter((r, i) => r.count > limits[i].max).map((r) => Math.max(1, Math.ceil(r.resetMs / 1000)));
      return waits.length ? Math.max(...waits) : 0;
    } catch (err) {
      app.log.error({ err }, 'rate-limit store unavailable; login-QR socket not limited');
      return 0;
    }
  };
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    let url: URL;
    try {
      url = new URL(request.url ?? '/', 'http://localhost');
    } catch {
      return refuse(socket, 400, 'Bad Request');
    }
    if (url.pathname !== QR_SOCKET_PATH) return refuse(socket, 404, 'Not Found');
    const token = url.searchParams.get('token');
    if (!isQrToken(token)) return refuse(socket, 400, 'Bad Request');
    const address = app.clientAddressOf(request);
    if (!slots.take(address)) return refuse(socket, 429, 'Too Many Requests');
    const release = slots.releaser(address);
    socket.once('close', release);
    void overRate(address).then((retryAfter) => {
      if (socket.destroyed) return release();
      if (retryAfter) {
        release();
        return refuse(socket, 429, 'Too Many Requests', retryAfter);
      }
      if (app.qrLogin.hub.count(sha256(token)) >= MAX_PER_TOKEN) {
        release();
        return refuse(socket, 429, 'Too Many Requests');
      }
      wss.handleUpgrade(request, socket, head, (ws) => {
        ws.once('close', release);
        serve(app, ws, token);
      });
    });
  };
  app.server.on('upgrade', onUpgrade);
  app.addHook('preClose', async () => {
    app.server.off('upgrade', onUpgrade);
    for (const ws of wss.clients) ws.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  });
}

function parseHello(text: string): { type?: unknown; token?: unknown } | null {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' ? (value as { type?: unknown; token?: unknown }) : null;
  } catch {
    return null;
  }
}

function serve(app: FastifyInstance, ws: WebSocket, token: string): void {
  const hash = sha256(token);
  let unsubscribe: (() => void) | null = null;
  let expiry: NodeJS.Timeout | undefined;
  const helloTimer = setTimeout(() => ws.close(1008, 'hello expected'), HELLO_TIMEOUT_MS);
  const ping = setInterval(() => ws.ping(), PING_MS);
  const send = (event: QrEvent) => {
    if (ws.readyState !== 1) return;
    ws.send(event);
    if (event === 'expired' || event === 'ok') finish(event === 'ok' ? 1000 : 4000);
  };
  const finish = (code: number) => {
    cleanup();
    // the page closes it after 'ok'; the server closes only if the page does not within a moment
    setTimeout(() => ws.readyState === 1 && ws.close(code), code === 1000 ? 5000 : 0).unref();
  };
  const cleanup = () => {
    clearTimeout(helloTimer);
    clearInterval(ping);
    clearTimeout(expiry);
    unsubscribe?.();
    unsubscribe = null;
  };
  ws.on('close', cleanup);
  ws.on('error', cleanup);
  ws.on('message', (data: Buffer, isBinary: boolean) => {
    if (unsubscribe) return; // one hello; later messages (keep-alives) are ignored
    const hello = isBinary ? null : parseHello(data.toString('utf8'));
    if (!hello || hello.type !== 'LOGIN_QRCODE' || hello.token !== token) {
      cleanup();
      ws.close(1008, 'bad hello');
      return;
    }
    clearTimeout(helloTimer);
    unsubscribe = app.qrLogin.hub.subscribe(hash, send);
    void findQr(app, token).then(
      (row) => {
        if (!unsubscribe) return;
        const now = app.now().getTime();
        if (!row) return send('expired');
        if (row.status === 'confirmed') {
          return (row.confirm_time?.getTime() ?? 0) + QR_CLAIM_WINDOW_MS > now ? send('ok') : send('expired');
        }
        if (row.expire_time.getTime() <= now) return send('expired');
        if (row.status === 'scanned') send('scanned');
        expiry = setTimeout(() => send('expired'), row.expire_time.getTime() - now);
      },
      (err: unknown) => {
        app.log.error({ err }, 'login QR lookup failed');
        cleanup();
        ws.close(1011);
      },
    );
  });
}
