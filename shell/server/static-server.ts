import { createHash } from 'node:crypto';
import { createReadStream, promises as fs, statSync, type Stats } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { type CachedPage, PAGE_KEEP_MAX_S, PageCache } from './page-cache';
import { composePage, DEFERRED_START_SCRIPT, fetchRenderedPage, type PreloadHint, remoteRenderHandler, RENDER_TOKEN_HEADER, tokenMayGoTo, viewportOf } from './page-render';

/**
 * The static server of the composed site. The shell's instance serves the shell's dist with an HTML5-history
 * fallback, the deployment manifest and a reverse proxy for /api/ (HTTP and WebSocket); each remote's instance
 * serves that remote's dist from its own origin with CORS, as a CDN would. Pre-compressed .br/.gz files written
 * by the build are sent when the browser accepts them; hashed chunks are cached forever, the rest revalidated.
 */
export interface StaticServerOptions {
  root: string;
  /** Answer unknown extension-less paths with index.html (the shell's client-side routes). */
  spaFallback?: boolean;
  /** Allow other origins to fetch these files (remotes are loaded cross-origin by the shell). */
  cors?: boolean;
  /** Proxy /api/ to this origin, e.g. http://127.0.0.1:8090. */
  apiTarget?: string;
  /** Serve this file as /deployment.json, read on every request so a deploy needs no restart. */
  deploymentFile?: string;
  /**
   * Send preload hints for the current page's remote with the HTML (a `Link` header: its mf-manifest.json, remote
   * entry, exposed app chunks and the page's own lazy chunks from the remote's `route-chunks.json`), from
   * `route-owners.json` in root and the deployment manifest. Default: on when
   * both `spaFallback` and `deploymentFile` are set (the shell's instance).
   */
  remoteHints?: boolean;
  /** How long a remote's mf-manifest.json is reused for hints before it is read again (ms). */
  manifestTtlMs?: number;
  /**
   * A remote's server part (its pages as HTML): its build's render module, answered at `/__ssr?url=…`, and the API
   * it reads from.
   */
  ssr?: { module: string; apiOrigin: string };
  /** The site's public origin (canonical URLs of server-rendered pages); default: http:// and the Host header. */
  siteOrigin?: string;
  /**
   * The site's render token (the API's SITE_RENDER_TOKEN). The shell sends it with the visitor's address when it
   * asks a remote for a page; a remote's server part believes that address only from a request with it (else the
   * address is the asker's own) and reads the API with both, which then counts the reads as pages made for that
   * visitor's address (docs/architecture.md "Pages as HTML").
   */
  renderToken?: string;
  /**
   * Hosts besides this machine's (loopback) whose server parts may be sent the render token: a deployment line
   * names its `ssr` address, and the token must not go to just any host one names.
   */
  renderTokenHosts?: string[];
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
};
const HASHED = /\.[0-9a-f]{8}\.[a-z0-9]+$/;

/**
 * Headers on every answer of these servers (the API sets the same on its own answers, which the proxy passes on).
 * X-Frame-Options DENY is for browsers without CSP frame-ancestors; no page of the site is ever framed: the app's
 * web view and the mini-program's web-view open pages at the top level.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
};

/** The CSP of an answer that is never a page (the deployment manifest, JSON and text errors), as the API's. */
export const NON_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Script origins of third parties the shell loads: Baidu Tongji's hm.js (analytics) and WeChat's JS-SDK (mini-program). */
const THIRD_PARTY_SCRIPTS = ['https://hm.baidu.com', 'https://res.wx.qq.com'];

/** The 'sha256-…' sources of a page's inline scripts (those without src), so the page needs no 'unsafe-inline'. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\ssrc\s*=/i.test(` ${match[1]}`) || match[2] === '') continue;
    hashes.push(`'sha256-${createHash('sha256').update(match[2], 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** The http(s) origins of the remotes a deployment manifest names (its manifests' origins). */
export function remoteOrigins(deployment: unknown): string[] {
  const remotes = (deployment as { remotes?: Record<string, { manifest?: unknown }> } | null)?.remotes ?? {};
  const origins = new Set<string>();
  for (const entry of Object.values(remotes)) {
    if (typeof entry?.manifest !== 'string' || !/^https?:\/\//.test(entry.manifest)) continue;
    try {
      origins.add(new URL(entry.manifest).origin);
    } catch {
      /* not a URL: the shell's client cannot load it either */
    }
  }
  return [...origins];
}

/**
 * The Content-Security-Policy of a page: scripts only from the site, the remotes' origins, the two third parties
 * and the page's own inline scripts by hash; styles also inline (remotes and the kernel inject <style> elements,
 * React sets style attributes); images from the site, data:, blob: and https (avatars, covers); workers from blob:
 * (pdf.js starts a cross-origin worker through a same-origin blob module); never framed.
 */
export function pageCsp(scriptHashes: string[], remotes: string[]): string {
  const list = (...sources: string[]) => [...new Set(sources)].join(' ');
  return [
    "default-src 'self'",
    `script-src ${list("'self'", ...scriptHashes, ...remotes, ...THIRD_PARTY_SCRIPTS)}`,
    `style-src ${list("'self'", "'unsafe-inline'", ...remotes)}`,
    `img-src ${list("'self'", 'data:', 'blob:', 'https:', ...remotes)}`,
    `font-src ${list("'self'", 'data:', ...remotes)}`,
    `connect-src ${list("'self'", ...remotes, 'https://hm.baidu.com')}`,
    `worker-src ${list("'self'", 'blob:', ...remotes)}`,
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** A route of route-owners.json, which the shell's build writes from the kernel's route table. */
interface RouteOwner {
  name?: string;
  path: string;
  remote: string;
  needLog: boolean;
}

/** The route a page belongs to (a public one) and its remote's deployment line. */
interface PublicOwner {
  owner: RouteOwner;
  line: DeploymentLine | undefined;
}

/** A remote's line of the deployment manifest, as the server reads it. */
interface DeploymentLine {
  manifest?: string;
  version?: string;
  /** Its server part's address (`…/__ssr`), when it renders pages as HTML. */
  ssr?: string;
}

/** The parts of a remote's mf-manifest.json the hints need. */
interface RemoteManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string }; publicPath?: string };
  exposes?: { name?: string; assets?: { js?: { sync?: string[] } } }[];
}

/** Whether a route pattern ('/app/articles/docs/detail/:id') matches a path; a trailing slash is tolerated. */
export function matchesPattern(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const have = (pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname).split('/');
  return want.length === have.length && want.every((segment, i) => (segment.startsWith(':') ? have[i] !== '' : segment === have[i]));
}

const matchers = new WeakMap<RouteOwner[], (pathname: string) => RouteOwner | undefined>();
/**
 * The first route whose pattern matches a path (matchesPattern), made once per route list: the routes grouped by
 * their number of segments, so a path is compared with the few of its length only.
 */
function routeMatcher(owners: RouteOwner[]): (pathname: string) => RouteOwner | undefined {
  let match = matchers.get(owners);
  if (!match) {
    const byLength = new Map<number, RouteOwner[]>();
    for (const owner of owners) {
      const length = owner.path.split('/').length;
      byLength.set(length, [...(byLength.get(length) ?? []), owner]);
    }
    match = (pathname) => {
      const length = (pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname).split('/').length;
      return byLength.get(length)?.find((o) => matchesPattern(o.path, pathname));
    };
    matchers.set(owners, match);
  }
  return match;
}

/** The URL a remote's files are served from (its manifest's publicPath, or beside the manifest). */
function remoteBase(manifestUrl: string, manifest: RemoteManifest): string {
  const publicPath = manifest.metaData?.publicPath;
  return publicPath && publicPath !== 'auto' ? new URL(publicPath, manifestUrl).href : manifestUrl;
}

/**
 * The URLs a page of a remote starts with, from its mf-manifest.json: the remote entry (resolved as the shell's
 * client does it, src/federation/discovery.ts remoteEntryUrl) and the exposed app's own scripts.
 */
export function remoteStartFiles(manifestUrl: string, manifest: RemoteManifest): string[] {
  const entry = manifest.metaData?.remoteEntry;
  if (!entry?.name) return [];
  const base = remoteBase(manifestUrl, manifest);
  const file = entry.path ? `${entry.path.replace(/\/$/, '')}/${entry.name}` : entry.name;
  const app = (manifest.exposes ?? []).find((e) => e.name === 'app');
  return [new URL(file, base).href, ...(app?.assets?.js?.sync ?? []).map((f) => new URL(f, base).href)];
}

/** The URL of a remote's route-chunks.json (its build's list of each lazy page's scripts, by route name). */
export function routeChunksUrl(manifestUrl: string, manifest: RemoteManifest): string {
  return new URL('route-chunks.json', remoteBase(manifestUrl, manifest)).href;
}

/** The scripts of one route's lazy page, from route-chunks.json, as URLs; none for a route not listed. */
export function routeChunkFiles(chunksUrl: string, chunks: unknown, route: string | undefined): string[] {
  if (!route || typeof chunks !== 'object' || chunks === null) return [];
  const files = (chunks as Record<string, unknown>)[route];
  if (!Array.isArray(files)) return [];
  return files.filter((f): f is string => typeof f === 'string' && /^[\w.-]+\.js$/.test(f)).map((f) => new URL(f, chunksUrl).href);
}

/** A Link header value for preloads (characters a header cannot carry are never in these URLs: they are encoded). */
function linkHeader(hints: PreloadHint[]): string {
  return hints.map(({ href, as }) => `<${encodeURI(decodeURI(href))}>; rel=preload; as=${as}${as === 'fetch' ? '; crossorigin' : ''}`).join(', ');
}

/** Whether Accept-Encoding allows `coding` (present and not q=0). */
export function acceptsEncoding(header: string, coding: string): boolean {
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== coding && name !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

/** If-None-Match matches when any listed tag (weak or strong) is ours, or it is '*'. */
function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

function send(res: http.ServerResponse, status: number, body: string, type = 'text/plain; charset=utf-8'): void {
  res.writeHead(status, { ...SECURITY_HEADERS, 'Content-Security-Policy': NON_PAGE_CSP, 'Content-Type': type, 'Cache-Control': 'no-store' });
  res.end(body);
}

/**
 * A file's stat, or null when it is not a file. Synchronous on purpose: on every page the server looks at a few
 * small files (index.html, the deployment manifest, the route owners) to see a deploy at once; a stat of a file
 * the kernel has cached takes microseconds, less than handing it to libuv's thread pool and back.
 */
function fileStat(file: string): Stats | null {
  try {
    const stat = statSync(file, { throwIfNoEntry: false });
    return stat?.isFile() ? stat : null;
  } catch {
    return null;
  }
}

/**
 * Request headers the proxy never passes on from the client: the shell is the site's edge, so what a client says
 * about forwarding (its own X-Forwarded-For, Forwarded, X-Real-IP, X-Forwarded-Host/Proto) is forged. The API
 * trusts its loopback proxy's X-Forwarded-For for the client's address (rate limits, the QR socket's cap per
 * address): the shell sets it to the address the connection came from, for requests and upgrades alike.
 */
function isForwardingHeader(name: string): boolean {
  const lower = name.toLowerCase();
  // the render token too: only the site's own page renderer sends it, never a visitor through this proxy
  return lower === 'forwarded' || lower === 'x-real-ip' || lower.startsWith('x-forwarded-') || lower === RENDER_TOKEN_HEADER;
}

/** The client's headers as the API gets them: forwarding headers dropped, X-Forwarded-For the peer's address. */
function forwardedHeaders(req: http.IncomingMessage): http.OutgoingHttpHeaders {
  const headers: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) if (!isForwardingHeader(name)) headers[name] = value;
  headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
  return headers;
}

/** The shell's own answer on an /api/ path: JSON with a Chinese message and a machine code, as the API's errors. */
function sendApiError(res: http.ServerResponse, status: number, message: string, code: string): void {
  send(res, status, JSON.stringify({ message, code }), 'application/json; charset=utf-8');
}

/**
 * Bodies up to this size are read whole before the API is asked, then written in one go. Larger bodies (uploads)
 * are streamed. A body over the API's limit (413; 1 MiB for JSON) used to be answered before it was read, the
 * connection closed: a proxy still writing it failed on its next write, and Node reported that write error (502)
 * before the answer. The API now reads and drops a refused body up to 32 MiB before its 413
 * (api/src/core/http/refused-body.ts); past that, the API's early answer is passed on when it is heard before
 * the next write, else the client gets the shell's 502.
 */
const BUFFERED_BODY_MAX = 2 * 1024 * 1024;

/**
 * The cookie that says when its browser last wrote through the /api/ proxy (ms since the epoch): the server-rendered
 * pages kept at the edge are made as the visitor sees them, and a page kept from before someone's comment, favourite
 * or upload would hide it from them on their next load. Their loads answer only with pages whose render started
 * after it (PageCache's `notBefore`), for as long as any page is kept (PAGE_KEEP_MAX_S). It says nothing private.
 */
const WROTE_COOKIE = 'wrote_at';
const WROTE_COOKIE_PATTERN = new RegExp(`(?:^|;\\s*)${WROTE_COOKIE}=(\\d{1,15})\\s*(?:;|$)`);
/**
 * Shell instances' clocks differ a little (kept in step, within milliseconds): a page from another instance must have
 * started this much after the write to answer.
 */
const WROTE_CLOCK_MARGIN_MS = 100;
/**
 * POSTs that change nothing a page shows: no cookie. A share signature, an error report, a click counted; and the
 * steps of signing in and out, since pages are made as the visitor's (a QR code's state is polled by POST).
 */
const POSTS_THAT_CHANGE_NO_PAGE = new Set([
  '/api/wx-jsapi-sign/',
  '/api/wxmini-share-url/',
  '/api/report_error/',
  '/api/app-down-click/',
  '/api/captcha/',
  '/api/captcha/check/',
  '/api/codes/',
  '/api/qrcode/',
  '/api/token/',
  '/api/login-code/',
  '/api/wxminiapp-login/',
  '/api/logout/',
]);

function isPageChangingWrite(req: http.IncomingMessage): boolean {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return false;
  return !POSTS_THAT_CHANGE_NO_PAGE.has(new URL(req.url ?? '/', 'http://x').pathname);
}

/** The API's Set-Cookie headers with the wrote_at cookie added. */
function withWroteCookie(setCookie: string | string[] | undefined, now: number): string[] {
  const own = `${WROTE_COOKIE}=${now}; Path=/; Max-Age=${PAGE_KEEP_MAX_S}; HttpOnly; SameSite=Lax`;
  return [...(Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []), own];
}

/**
 * Since when a kept page may answer this request (0: any kept page): the wrote_at cookie's time, plus the clocks'
 * margin; a time ahead of this server's clock counts as now.
 */
function pagesNotBefore(cookieHeader: string | undefined, now: number): number {
  const match = WROTE_COOKIE_PATTERN.exec(cookieHeader ?? '');
  if (!match) return 0;
  return Math.min(Number(match[1]), now) + WROTE_CLOCK_MARGIN_MS;
}

function proxyApi(target: URL, req: http.IncomingMessage, res: http.ServerResponse): void {
  const forward = (body: Buffer | null) => {
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...forwardedHeaders(req), host: req.headers.host ?? target.host },
      },
      (upRes) => {
        if (!body) {
          // answered while the body was still coming: the rest is read and dropped, not sent
          req.unpipe(upstream);
          req.resume();
        }
        const status = upRes.statusCode ?? 502;
        const headers = { ...upRes.headers };
        // the write is done when its answer comes: a page whose render starts after this shows it
        if (status < 400 && isPageChangingWrite(req)) headers['set-cookie'] = withWroteCookie(headers['set-cookie'], Date.now());
        res.writeHead(status, headers);
        upRes.pipe(res);
      },
    );
    // a long answer (the notification stream) ends at the API too when its client goes away
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    upstream.on('error', () => {
      if (!body) {
        req.unpipe(upstream);
        req.resume();
      }
      if (!res.headersSent) sendApiError(res, 502, '服务暂时不可用，请稍后重试', 'bad_gateway');
      else if (!res.writableEnded) res.destroy();
    });
    if (body) upstream.end(body);
    else req.pipe(upstream);
  };
  const length = Number(req.headers['content-length'] ?? 0);
  if (req.headers['transfer-encoding'] !== undefined || !(length <= BUFFERED_BODY_MAX)) return forward(null);
  const chunks: Buffer[] = [];
  let size = 0;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    chunks.push(chunk);
  });
  req.on('end', () => forward(size ? Buffer.concat(chunks, size) : Buffer.alloc(0)));
}

function proxyUpgrade(target: URL, req: http.IncomingMessage, socket: net.Socket, head: Buffer): void {
  const upstream = net.connect(Number(target.port), target.hostname, () => {
    const lines = [`${req.method} ${req.url} HTTP/1.1`];
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      if (!isForwardingHeader(req.rawHeaders[i])) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
    }
    lines.push(`X-Forwarded-For: ${req.socket.remoteAddress ?? ''}`);
    upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (head.length) upstream.write(head);
    upstream.pipe(socket);
    socket.pipe(upstream);
  });
  upstream.on('error', () => socket.destroy());
  socket.on('error', () => upstream.destroy());
}

/**
 * The largest request head the shell takes (request line and headers). Above the API's (Node's default, 16 KiB), so
 * a long URL reaches the API and its own answer (431 in its JSON format) is passed on; only a head the API would
 * refuse anyway gets the shell's 431.
 */
export const MAX_HEADER_SIZE = 64 * 1024;

/** The request line's path, from the bytes Node's parser refused (when they hold the start of a request). */
function refusedPath(rawPacket: unknown): string | null {
  if (!Buffer.isBuffer(rawPacket)) return null;
  return /^[A-Z]+ (\S+)/.exec(rawPacket.toString('latin1', 0, 256))?.[1] ?? null;
}

/**
 * Requests Node's parser refuses before the server sees them (a head over MAX_HEADER_SIZE, broken framing, a head
 * that takes too long): answered with the shell's headers and a Chinese message, JSON with a code unless the path is
 * known to be a page's (an API client reads JSON; a refused head may not show its path), then the connection closes.
 */
function answerClientError(error: Error & { code?: string; rawPacket?: unknown }, socket: net.Socket): void {
  // (as Node's own handler: a response already under way on this connection is not followed by another)
  const current = (socket as net.Socket & { _httpMessage?: http.ServerResponse | null })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || current?.headersSent) {
    socket.destroy();
    return;
  }
  const [status, message, code] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, '请求头过大', 'headers_too_large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, '请求超时，请重试', 'request_timeout']
        : [400, '请求格式有误', 'bad_request'];
  const requestPath = refusedPath(error.rawPacket);
  const json = requestPath === null || /^\/api(\/|\?|$)/.test(requestPath);
  const body = json ? JSON.stringify({ message, code }) : message;
  const headers = {
    ...SECURITY_HEADERS,
    'Content-Security-Policy': NON_PAGE_CSP,
    'Content-Type': json ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'Cache-Control': 'no-store',
    Connection: 'close',
  };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
  // the rest of what the client sends is read and dropped for a moment, so closing does not reset the answer away
  socket.end(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n${head}\r\n${body}`);
  socket.on('data', () => {});
  setTimeout(() => socket.destroy(), 2000).unref();
}

export function createStaticServer(options: StaticServerOptions): http.Server {
  const root = path.resolve(options.root);
  const api = options.apiTarget ? new URL(options.apiTarget) : null;
  const hintsOn = options.remoteHints ?? (!!options.spaFallback && !!options.deploymentFile);
  const manifestTtl = options.manifestTtlMs ?? 10_000;
  const manifests = new Map<string, { at: number; value: unknown; refreshing?: Promise<void> }>();

  /**
   * A remote's JSON file for hints (its mf-manifest.json, its route-chunks.json): cached briefly; a stale one is
   * used while it is read again; null when it cannot be had.
   */
  async function manifestFor<T = RemoteManifest>(url: string): Promise<T | null> {
    const cached = manifests.get(url);
    const refresh = () => {
      const entry = manifests.get(url) ?? { at: 0, value: null };
      entry.refreshing ??= fetch(url, { signal: AbortSignal.timeout(1000) })
        .then(async (response) => {
          entry.value = response.ok ? await response.json() : null;
        })
        .catch(() => {
          entry.value = null;
        })
        .finally(() => {
          entry.at = Date.now();
          entry.refreshing = undefined;
        });
      manifests.set(url, entry);
      return entry.refreshing;
    };
    if (cached && !cached.refreshing && Date.now() - cached.at < manifestTtl) return cached.value as T | null;
    if (cached && cached.at > 0) {
      void refresh();
      return cached.value as T | null;
    }
    // the first page of a remote: wait a moment for its manifest, never long
    await Promise.race([refresh(), new Promise((r) => setTimeout(r, 300))]);
    return (manifests.get(url)?.value ?? null) as T | null;
  }

  const jsonFiles = new Map<string, { stamp: string; value: unknown }>();
  /** A JSON file, parsed again only when it changed (every page reads the manifest and the route owners). */
  async function readJsonFile(file: string): Promise<unknown> {
    const stat = statSync(file);
    const stamp = `${stat.size}-${stat.mtimeMs}-${stat.ino}`;
    const known = jsonFiles.get(file);
    if (known?.stamp === stamp) return known.value;
    const value = JSON.parse(await fs.readFile(file, 'utf8')) as unknown;
    jsonFiles.set(file, { stamp, value });
    return value;
  }

  /** The deployment manifest, parsed; null without one or when it cannot be read. */
  async function readDeployment(): Promise<unknown> {
    if (!options.deploymentFile) return null;
    try {
      return await readJsonFile(options.deploymentFile);
    } catch {
      return null;
    }
  }

  const htmlHashes = new Map<string, { version: string; hashes: string[]; deployment?: unknown; csp?: string; serverCsp?: string }>();
  /**
   * The CSP of an HTML file: its inline scripts' hashes and the deployed remotes (made again only when the file or
   * the deployment manifest changed).
   */
  async function pageCspFor(file: string, version: string, serverRendered = false): Promise<string> {
    let known = htmlHashes.get(file);
    if (known?.version !== version) {
      known = { version, hashes: inlineScriptHashes(await fs.readFile(file, 'utf8')) };
      htmlHashes.set(file, known);
    }
    const deployment = await readDeployment();
    if (known.csp === undefined || known.serverCsp === undefined || known.deployment !== deployment) {
      known.deployment = deployment;
      known.csp = pageCsp(known.hashes, remoteOrigins(deployment));
      // a server-rendered page also runs the start of its code after the first paint
      known.serverCsp = pageCsp([...known.hashes, ...inlineScriptHashes(`<script>${DEFERRED_START_SCRIPT}</script>`)], remoteOrigins(deployment));
    }
    return serverRendered ? known.serverCsp : known.csp;
  }

  /** The public route a path belongs to, with its remote's deployment line (null for a login-required page). */
  async function publicOwner(pathname: string): Promise<PublicOwner | null> {
    const owners = (await readJsonFile(path.join(root, 'route-owners.json'))) as RouteOwner[];
    const owner = routeMatcher(owners)(pathname);
    // a login-required page sends a visitor to the login page: its remote would be fetched for nothing
    if (!owner || owner.needLog) return null;
    const deployment = (await readDeployment()) as { remotes?: Record<string, DeploymentLine> } | null;
    return { owner, line: deployment?.remotes?.[owner.remote] };
  }

  /** A page's preloads: the files of the remote that renders it (public routes only). */
  async function pageHints(found: PublicOwner | null): Promise<PreloadHint[]> {
    if (!hintsOn || !options.deploymentFile) return [];
    try {
      if (!found) return [];
      const { owner } = found;
      const manifestUrl = found.line?.manifest;
      if (typeof manifestUrl !== 'string' || !/^https?:\/\//.test(manifestUrl)) return [];
      const hints: PreloadHint[] = [{ href: manifestUrl, as: 'fetch' }];
      const manifest = await manifestFor(manifestUrl);
      if (manifest) {
        hints.push(...remoteStartFiles(manifestUrl, manifest).map((href) => ({ href, as: 'script' as const })));
        // the page's own lazy chunk(s), which the app would ask for only once it runs
        const chunksUrl = routeChunksUrl(manifestUrl, manifest);
        hints.push(...routeChunkFiles(chunksUrl, await manifestFor<unknown>(chunksUrl), owner.name).map((href) => ({ href, as: 'script' as const })));
      }
      return hints;
    } catch {
      return []; // hints are an optimisation: without them the page loads as usual
    }
  }

  async function serveFile(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    file: string,
    extraHeaders: Record<string, string> = {},
  ): Promise<boolean> {
    const stat = fileStat(file);
    if (!stat) return false;
    const ext = path.extname(file);
    const headers: Record<string, string> = {
      ...extraHeaders,
      ...SECURITY_HEADERS,
      'Content-Type': TYPES[ext] ?? 'application/octet-stream',
      'Cache-Control': HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache',
      'X-Content-Type-Options': 'nosniff',
      Vary: 'Accept-Encoding',
    };
    if (options.cors) headers['Access-Control-Allow-Origin'] = '*';
    // scripts carry no policy: one that starts a worker would hand it to the worker
    if (ext === '.html') headers['Content-Security-Policy'] = await pageCspFor(file, `${stat.size}-${stat.mtimeMs}`);
    else if (ext !== '.js' && ext !== '.mjs') headers['Content-Security-Policy'] = NON_PAGE_CSP;
    const accepts = String(req.headers['accept-encoding'] ?? '');
    let body = file;
    let size = stat.size;
    for (const [encoding, suffix] of [['br', '.br'], ['gzip', '.gz']] as const) {
      if (!acceptsEncoding(accepts, encoding)) continue;
      const compressed = fileStat(file + suffix);
      if (compressed) {
        body = file + suffix;
        size = compressed.size;
        headers['Content-Encoding'] = encoding;
        break;
      }
    }
    const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}-${headers['Content-Encoding'] ?? 'id'}"`;
    headers.ETag = etag;
    if (etagMatches(req.headers['if-none-match'], etag)) {
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    headers['Content-Length'] = String(size);
    res.writeHead(200, headers);
    if (req.method === 'HEAD') res.end();
    else createReadStream(body).pipe(res);
    return true;
  }

  const templates = new Map<string, { mtimeMs: number; text: string }>();
  /** index.html's text, read again when the file changes (a deploy of the shell). */
  async function template(file: string): Promise<{ text: string; version: string } | null> {
    const stat = fileStat(file);
    if (!stat) return null;
    let known = templates.get(file);
    if (known?.mtimeMs !== stat.mtimeMs) {
      known = { mtimeMs: stat.mtimeMs, text: await fs.readFile(file, 'utf8') };
      templates.set(file, known);
    }
    return { text: known.text, version: `${stat.size}-${stat.mtimeMs}` };
  }

  const pages = new PageCache();

  /**
   * The page with its remote's HTML in it, when the remote that owns the path has a server part (its deployment
   * line names it); null otherwise (the caller sends index.html as it is). Readers share what the edge keeps
   * (`PageCache`), signed in or not (the page is made as the visitor's either way); one who wrote in the last
   * PAGE_KEEP_MAX_S gets a page made after their write (the wrote_at cookie), which then answers the others too.
   */
  async function renderedPage(
    req: http.IncomingMessage,
    url: URL,
    found: PublicOwner | null,
    hints: () => Promise<PreloadHint[]>,
  ): Promise<{ key: string; page: CachedPage; shellVersion: string } | null> {
    if (!options.deploymentFile || !options.spaFallback) return null;
    const file = path.join(root, 'index.html');
    const line = found?.line;
    const ssrUrl = line?.ssr;
    if (!found || !line || typeof ssrUrl !== 'string') return null;
    const shell = await template(file);
    if (!shell) return null;
    const host = String(req.headers.host ?? 'localhost');
    const viewport = viewportOf(req.headers);
    const pageUrl = url.pathname + url.search;
    // everything the page depends on: the address, the site (host), the layout, the remote's deployment, the shell's index.html
    const key = [pageUrl, host, viewport, ssrUrl, line.manifest, line.version, shell.version].join('\n');
    const page = await pages.fetch(key, pagesNotBefore(req.headers.cookie, Date.now()), async () => {
      const rendered = await fetchRenderedPage(ssrUrl, {
        url: pageUrl,
        host: host.replace(/:\d+$/, ''),
        origin: options.siteOrigin ?? `http://${host}`,
        userAgent: String(req.headers['user-agent'] ?? ''),
        clientIp: req.socket.remoteAddress ?? '',
        viewport,
        renderToken: tokenMayGoTo(ssrUrl, options.renderTokenHosts) ? options.renderToken : undefined,
      });
      if (!rendered) return null;
      const html = composePage(shell.text, found.owner.remote, pageUrl, rendered, await hints());
      return { page: { status: rendered.status, remote: found.owner.remote, version: rendered.version, html }, maxAge: rendered.maxAge ?? 0 };
    });
    return page && { key, page, shellVersion: shell.version };
  }

  /** A page with the remote's HTML in it; false when there is none (the caller sends index.html as it is). */
  async function servePageHtml(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    url: URL,
    found: PublicOwner | null,
    hints: () => Promise<PreloadHint[]>,
  ): Promise<boolean> {
    const rendered = await renderedPage(req, url, found, hints);
    if (!rendered) return false;
    const { key, page, shellVersion } = rendered;
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const { body, encoding } = pages.body(key, page, acceptsEncoding(accepts, 'br'), acceptsEncoding(accepts, 'gzip'));
    const headers: Record<string, string> = {
      ...SECURITY_HEADERS,
      'Content-Type': TYPES['.html'],
      'Content-Security-Policy': await pageCspFor(path.join(root, 'index.html'), shellVersion, true),
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding',
      'Content-Length': String(body.length),
      // no Link preloads: the page's files are fetched once its content is painted (DEFERRED_START_SCRIPT)
      'X-Page-Render': `server; remote=${page.remote}; version=${page.version}`,
      ...(encoding && { 'Content-Encoding': encoding }),
    };
    res.writeHead(page.status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  }

  const renderHandler = options.ssr ? remoteRenderHandler(options.ssr.module, options.ssr.apiOrigin, options.renderToken) : null;

  const server = http.createServer({ maxHeaderSize: MAX_HEADER_SIZE }, (req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (api && url.pathname.startsWith('/api/')) return proxyApi(api, req, res);
      // the site's robots.txt and sitemaps are the API's (they list its content)
      if (api && (url.pathname === '/robots.txt' || url.pathname === '/sitemap.xml' || url.pathname.startsWith('/sitemaps/'))) return proxyApi(api, req, res);
      if (renderHandler && url.pathname === '/__ssr' && req.method === 'GET') return renderHandler(req, res, url);
      if (options.cors && req.method === 'OPTIONS') {
        res.writeHead(204, { ...SECURITY_HEADERS, 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': 'GET, HEAD' });
        return res.end();
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, '不支持的请求方法');
      if (options.deploymentFile && url.pathname === '/deployment.json') {
        try {
          const text = await fs.readFile(options.deploymentFile, 'utf8');
          res.writeHead(200, {
            ...SECURITY_HEADERS,
            'Content-Security-Policy': NON_PAGE_CSP,
            'Content-Type': 'application/json; charset=utf-8',
            'Cache-Control': 'no-cache',
          });
          return res.end(text);
        } catch {
          return send(res, 503, '部署清单不可用');
        }
      }
      let pathname: string;
      try {
        pathname = decodeURIComponent(url.pathname);
      } catch {
        return send(res, 400, '路径不合法');
      }
      const file = path.join(root, pathname);
      if (file !== root && !file.startsWith(root + path.sep)) return send(res, 403, '禁止访问');
      if (pathname !== '/' && (await serveFile(req, res, file))) return;
      const wantsPage = pathname === '/' || (options.spaFallback && !path.extname(pathname));
      if (wantsPage) {
        const found = options.deploymentFile ? await publicOwner(pathname).catch(() => null) : null;
        // the page's files: read only when a page is made (a kept page has them in it already) or sent to the browser
        let hinted: Promise<PreloadHint[]> | undefined;
        const hints = () => (hinted ??= pageHints(found));
        if (await servePageHtml(req, res, url, found, hints)) return;
        // a page the browser renders needs its code at once: its remote's files are named in the Link header
        const headers: Record<string, string> = hintsOn ? { 'X-Page-Render': 'client' } : {};
        const links = await hints();
        if (links.length) headers.Link = linkHeader(links);
        if (await serveFile(req, res, path.join(root, 'index.html'), headers)) return;
      }
      send(res, 404, '文件不存在');
    })().catch(() => {
      if (!res.headersSent) send(res, 500, '服务器错误');
      else res.destroy();
    });
  });
  server.on('clientError', answerClientError);
  if (api) server.on('upgrade', (req, socket, head) => proxyUpgrade(api, req, socket as net.Socket, head));
  return server;
}

export function listen(server: http.Server, port: number, host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as net.AddressInfo).port);
    });
  });
}
