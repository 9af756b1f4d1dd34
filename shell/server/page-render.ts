import { timingSafeEqual } from 'node:crypto';
import { statSync } from 'node:fs';
import http from 'node:http';
import { isIP } from 'node:net';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/**
 * Pages as HTML (docs/architecture.md "Pages as HTML"). A remote that owns public pages may have a server part: its
 * deployment line names it (`"ssr": "http://…/__ssr"`). For such a page the shell's server asks it for the page
 * (its head, the markup of the remote's slot and the data to hydrate with) and puts that into the shell's
 * index.html. A remote without a server part, or whose server part fails or is slow, gets today's page: the empty
 * shell that the browser fills. The remote owns its HTML: deploying it (one line of the manifest) changes it.
 */

/** What a remote's server part answers for a page (the remote's src/server/render.tsx RenderedPage). */
export interface RenderedPage {
  status: number;
  head: string;
  html: string;
  state: string;
  version: string;
  /** Seconds the page may be reused for other readers (as a CDN's s-maxage); absent or 0: made for each request. */
  maxAge?: number;
}

/** The layout a page is first drawn for: a phone's narrow one or the PC's wide one (SPEC §1). */
export type Viewport = 'narrow' | 'wide';

/** Phones and the chat app (and whatever says it is mobile) get the narrow layout first; the browser corrects a wrong guess. */
const NARROW_UA = /Mobile|Android|iPhone|iPad|MicroMessenger|HarmonyOS/i;

/**
 * The edge decides the layout a server-rendered page is made for, once, from the request (Client Hints'
 * Sec-CH-UA-Mobile where the browser sends it, else the user agent), and tells the remote: so the pages it keeps
 * have two variants per address and no more.
 */
export function viewportOf(headers: http.IncomingHttpHeaders): Viewport {
  const mobileHint = headers['sec-ch-ua-mobile'];
  if (mobileHint === '?1') return 'narrow';
  if (mobileHint === '?0') return 'wide';
  return NARROW_UA.test(String(headers['user-agent'] ?? '')) ? 'narrow' : 'wide';
}

export interface PageRequest {
  /** Path and query. */
  url: string;
  host: string;
  origin: string;
  userAgent: string;
  /** The visitor's address, sent on in X-Forwarded-For (believed with the render token only). */
  clientIp: string;
  viewport: Viewport;
  /** The site's render token (X-Site-Render), when it has one. */
  renderToken?: string;
}

/** The header the site's render token goes in, to a remote's server part and from it to the API. */
export const RENDER_TOKEN_HEADER = 'x-site-render';

/** Whether the render token may go to the server part at `ssrUrl`: one on this machine, or on a host named for it. */
export function tokenMayGoTo(ssrUrl: string, hosts: readonly string[] = []): boolean {
  let host: string;
  try {
    host = new URL(ssrUrl).hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  } catch {
    return false;
  }
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host) || hosts.some((h) => h.toLowerCase() === host);
}

/** Whether a request carries the render token (compared in constant time); never without a token set. */
function carriesRenderToken(headers: http.IncomingHttpHeaders, token: string | undefined): boolean {
  const given = headers[RENDER_TOKEN_HEADER];
  if (!token || typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** How long the shell waits for a remote's HTML before it sends the page without it. */
export const SERVER_RENDER_TIMEOUT_MS = 3000;

const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });

function isRenderedPage(value: unknown): value is RenderedPage {
  const v = value as RenderedPage | null;
  return (
    !!v &&
    Number.isInteger(v.status) &&
    v.status >= 200 &&
    v.status < 600 &&
    typeof v.head === 'string' &&
    typeof v.html === 'string' &&
    typeof v.state === 'string' &&
    typeof v.version === 'string' &&
    (v.maxAge === undefined || (typeof v.maxAge === 'number' && v.maxAge >= 0))
  );
}

/** Asks a remote's server part for a page; null when it cannot answer in time or answers something else. */
export function fetchRenderedPage(ssrUrl: string, page: PageRequest, timeoutMs = SERVER_RENDER_TIMEOUT_MS): Promise<RenderedPage | null> {
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(ssrUrl);
      target.searchParams.set('url', page.url);
    } catch {
      return resolve(null);
    }
    if (target.protocol !== 'http:') return resolve(null);
    const request = http.get(
      target,
      {
        agent,
        headers: {
          'user-agent': page.userAgent,
          'x-site-host': page.host,
          'x-site-origin': page.origin,
          'x-site-viewport': page.viewport,
          'x-forwarded-for': page.clientIp,
          ...(page.renderToken ? { [RENDER_TOKEN_HEADER]: page.renderToken } : {}),
        },
        timeout: timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          if (response.statusCode !== 200) return resolve(null);
          try {
            const value = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
            resolve(isRenderedPage(value) ? value : null);
          } catch {
            resolve(null);
          }
        });
        response.on('error', () => resolve(null));
      },
    );
    // the whole exchange, not only a silent socket, is bounded
    const timer = setTimeout(() => request.destroy(), timeoutMs);
    request.on('close', () => clearTimeout(timer));
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(null));
  });
}

const escapeAttribute = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A file a page will need, fetched ahead of its use: a script, or a JSON file read with fetch() (CORS). */
export interface PreloadHint {
  href: string;
  as: 'script' | 'fetch';
}

/**
 * The start of a server-rendered page's code: once the browser has painted the page's content (its first
 * contentful paint), it preloads the files the page will need and runs the shell's scripts in their order. A page
 * that arrives as HTML is readable before any script; starting the scripts (and the remote's files) only then
 * leaves the whole connection to the HTML on a slow network, where 150 KB of JavaScript fetched beside it would
 * delay the text by about half a second on a 1.6 Mbit/s link. Where the paint cannot be observed, or a hidden tab
 * does not paint, the scripts start after 2 s at the latest. Constant text: the page's CSP names it by its hash.
 */
export const DEFERRED_START_SCRIPT =
  "(function(){var d=document,done=0;function start(){if(done)return;done=1;var p=JSON.parse(d.getElementById('page-start').textContent);" +
  "p.preload.forEach(function(h){var l=d.createElement('link');l.rel='preload';l.as=h.as;l.href=h.href;if(h.as==='fetch')l.crossOrigin='anonymous';d.head.appendChild(l)});" +
  "p.scripts.forEach(function(u){var s=d.createElement('script');s.src=u;s.async=false;d.head.appendChild(s)})}" +
  "try{new PerformanceObserver(function(l){if(l.getEntriesByName('first-contentful-paint').length)setTimeout(start)}).observe({type:'paint',buffered:true})}catch(e){start()}" +
  'setTimeout(start,2000)})()';

/** JSON inside <script>: nothing in it can close the element or start a comment. */
const jsonInScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e');

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}=(?:"([^"]*)"|([^\\s>]+))`).exec(tag)?.slice(1).find((v) => v !== undefined);

/**
 * index.html's start-up files taken out of it (its preload links and its external scripts, in order) and put in a
 * data block that DEFERRED_START_SCRIPT reads after the first paint, with the page's remote files (`hints`).
 */
function deferStart(template: string, hints: PreloadHint[]): string {
  const { html, preload, scripts } = startFilesOf(template);
  const start = `<script type="application/json" id="page-start">${jsonInScript({ preload: [...preload, ...hints], scripts })}</script><script>${DEFERRED_START_SCRIPT}</script>`;
  return html.replace('</body>', () => `${start}</body>`);
}

/** index.html without its start-up tags, and those files: taken apart once per index.html, not once per page. */
let startFiles: { template: string; html: string; preload: PreloadHint[]; scripts: string[] } | undefined;
function startFilesOf(template: string): { html: string; preload: PreloadHint[]; scripts: string[] } {
  if (startFiles?.template === template) return startFiles;
  const preload: PreloadHint[] = [];
  const scripts: string[] = [];
  let html = template.replace(/<link\b[^>]*\brel="?preload"?[^>]*>/g, (tag) => {
    const href = attribute(tag, 'href');
    const as = attribute(tag, 'as');
    if (href && (as === 'script' || as === 'fetch')) preload.push({ href, as });
    return '';
  });
  html = html.replace(/<script\b[^>]*\ssrc=[^>]*><\/script>/g, (tag) => {
    const src = attribute(tag, 'src');
    if (src) scripts.push(src);
    return '';
  });
  startFiles = { template, html, preload, scripts };
  return startFiles;
}

/**
 * index.html with a remote's page in it: the page's head in place of the generic title and description, its
 * markup in the remote's slot (the element the shell mounts the remote in, marked with the path it was made for)
 * and its data beside it, for the browser to hydrate with; its code starts after the first paint (deferStart).
 */
export function composePage(template: string, remote: string, url: string, page: RenderedPage, hints: PreloadHint[] = []): string {
  // the built index.html is minified: attribute quotes may be gone
  let html = deferStart(template, hints);
  if (page.head.includes('<title>')) html = html.replace(/<title>[^<]*<\/title>/, '');
  if (page.head.includes('name="description"')) html = html.replace(/<meta name="?description"?[^>]*>/, '');
  html = html.replace('</head>', () => `${page.head}</head>`);
  const slot = `<div id="slot-${remote}" data-ssr-path="${escapeAttribute(url)}">${page.html}</div>`;
  const data = `<script type="application/json" id="ssr-data-${remote}">${page.state}</script>`;
  return html.replace(/<main id="?app-slot"?><\/main>/, () => `<main id="app-slot">${slot}</main>${data}`);
}

/** The body as the browser accepts it: brotli (quick setting), else gzip, else as it is. */
export function compressed(body: string, acceptsBr: boolean, acceptsGzip: boolean): { body: Buffer; encoding?: string } {
  const raw = Buffer.from(body, 'utf8');
  if (acceptsBr) return { body: brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } }), encoding: 'br' };
  if (acceptsGzip) return { body: gzipSync(raw, { level: 5 }), encoding: 'gzip' };
  return { body: raw };
}

interface RenderModule {
  configure?: (options: { apiOrigin: string; renderToken?: string }) => void;
  render: (request: { url: string; host: string; origin: string; userAgent?: string; clientIp?: string; viewport?: Viewport }) => Promise<RenderedPage>;
}

/**
 * The address a page is made for: the shell's word for it (one address, in X-Forwarded-For) when the request
 * carries the render token; anyone else asking, and a word that is not one address, is the asker itself.
 */
function visitorAddress(req: http.IncomingMessage, renderToken: string | undefined): string {
  const told = String(req.headers['x-forwarded-for'] ?? '').trim();
  return carriesRenderToken(req.headers, renderToken) && isIP(told) ? told : (req.socket.remoteAddress ?? '');
}

/**
 * The handler of a remote's server part, on the remote's own server: `GET /__ssr?url=…` answers the page as JSON.
 * The module is its build's dist-server/render.cjs, loaded again when a deploy replaces the file. `renderToken` is
 * the API's SITE_RENDER_TOKEN: the module sends it with its reads, which the API then counts as page renders for
 * the visitor's address rather than as the visitor's own reads.
 */
export function remoteRenderHandler(moduleFile: string, apiOrigin: string, renderToken?: string) {
  let loaded: { mtimeMs: number; module: RenderModule } | null = null;
  const load = (): RenderModule => {
    const { mtimeMs } = statSync(moduleFile);
    if (loaded?.mtimeMs !== mtimeMs) {
      delete require.cache[require.resolve(moduleFile)];
      const module = require(moduleFile) as RenderModule;
      module.configure?.({ apiOrigin, renderToken });
      loaded = { mtimeMs, module };
    }
    return loaded.module;
  };
  // loaded when the server starts, not by the first visitor (its code and the DOM the sanitizer needs take a moment)
  try {
    load();
  } catch (error) {
    console.error(`[ssr] ${moduleFile} 加载失败`, error instanceof Error ? error.message : error);
  }
  return async (req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> => {
    const pageUrl = url.searchParams.get('url') ?? '';
    const answer = (status: number, body: string) => {
      res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(body);
    };
    if (!pageUrl.startsWith('/') || pageUrl.startsWith('//')) return answer(400, JSON.stringify({ message: '页面地址不合法' }));
    try {
      const page = await load().render({
        url: pageUrl,
        host: String(req.headers['x-site-host'] ?? ''),
        origin: String(req.headers['x-site-origin'] ?? ''),
        userAgent: String(req.headers['user-agent'] ?? ''),
        clientIp: visitorAddress(req, renderToken),
        viewport: req.headers['x-site-viewport'] === 'narrow' ? 'narrow' : req.headers['x-site-viewport'] === 'wide' ? 'wide' : viewportOf(req.headers),
      });
      answer(200, JSON.stringify(page));
    } catch (error) {
      console.error(`[ssr] ${pageUrl} 渲染失败`, error instanceof Error ? error.message : error);
      answer(500, JSON.stringify({ message: '页面渲染失败' }));
    }
  };
}
