// mf-articles' server part: its public pages as HTML (docs/architecture.md "Pages as HTML"). Built by
// webpack.server.cjs into dist-server/render.cjs and loaded by the process that serves the remote; the shell's
// server asks it for a page's HTML, head and data, and falls back to the browser's rendering when it cannot.
import { AsyncLocalStorage } from 'node:async_hooks';
import { Agent as HttpAgent } from 'node:http';
import { PassThrough } from 'node:stream';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { http, isServer, setMarkdownWindow, SsrProvider, type PageHeadInfo, type SsrStore } from 'shared-kernel';
import { MARKDOWN_CSS } from 'shared-kernel/markdown-styles';
import { ArticlesRoutes } from '../app';
import { DETAIL_CSS } from '../detail/styles';
import { ARTICLES_CSS } from '../styles/articles-css';

/** What the shell gets for a page. */
export interface RenderedPage {
  status: number;
  /** Tags for <head>: title, description, canonical, Open Graph, JSON-LD and the page's styles. */
  head: string;
  /** The markup of the remote's slot. */
  html: string;
  /** What the browser hydrates with (SsrStore.data and hints), as JSON. */
  state: string;
  version: string;
  /** Seconds the edge may reuse the page for other visitors (0: not at all). */
  maxAge: number;
}

export interface RenderRequest {
  /** Path and query of the page. */
  url: string;
  host: string;
  /** The site's origin, for canonical and structured-data URLs. */
  origin: string;
  userAgent?: string;
  /** The visitor's address, passed on to the API (its rate limits count the person, not this server). */
  clientIp?: string;
  /** The layout the edge (the shell's server) decided for this request; without it, the wide one. */
  viewport?: 'narrow' | 'wide';
}

/**
 * Where the API is, and the token its reads are sent with (SITE_RENDER_TOKEN: the API counts them as pages made for
 * the visitor's address, not as that visitor's own reads): set once by the process that loads this module.
 */
export function configure({ apiOrigin, renderToken }: { apiOrigin: string; renderToken?: string }): void {
  http.defaults.baseURL = `${apiOrigin.replace(/\/$/, '')}/api`;
  if (renderToken) http.defaults.headers.common['X-Site-Render'] = renderToken;
  else delete http.defaults.headers.common['X-Site-Render'];
  if (visitorHeader === undefined) {
    // every read a page's rendering makes goes as the visitor's: the API's limits count their address
    visitorHeader = http.interceptors.request.use((config) => {
      const clientIp = renderingFor.getStore();
      if (clientIp) config.headers.set('X-Forwarded-For', clientIp);
      return config;
    });
  }
  http.defaults.httpAgent = new HttpAgent({ keepAlive: true, maxSockets: 64 });
  http.defaults.timeout = RENDER_TIMEOUT_MS;
  // DOMPurify needs a DOM: jsdom's, made once (kept outside the bundle, a dependency of this package)
  const { JSDOM } = require('jsdom') as { JSDOM: new (html: string) => { window: unknown } };
  setMarkdownWindow(new JSDOM('').window as Window & typeof globalThis);
}

/** The visitor's address of the page being rendered, for the reads its components make (they run interleaved). */
const renderingFor = new AsyncLocalStorage<string>();
let visitorHeader: number | undefined;

/** A page that cannot be made in this time is left to the browser (the shell waits a little longer). */
const RENDER_TIMEOUT_MS = 2500;

/**
 * How long the edge may show a page made here to other readers (seconds): what changes (a new comment, a count)
 * reaches them within this time; one who has just written gets a page made after their write (the shell's server).
 */
export const PAGE_MAX_AGE_S = 10;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** JSON inside <script>: nothing in it can close the element or start a comment. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

function headTags(head: PageHeadInfo | undefined, origin: string, url: string, html: string): string {
  const title = head?.title ?? '知库文档';
  const canonical = `${origin}${head?.canonical ?? url}`;
  const tags = [`<title>${escapeHtml(title)}</title>`];
  if (head?.description) tags.push(`<meta name="description" content="${escapeHtml(head.description)}" />`);
  if (head?.noindex) tags.push('<meta name="robots" content="noindex" />');
  else tags.push(`<link rel="canonical" href="${escapeHtml(canonical)}" />`);
  const og: [string, string | undefined][] = [
    ['og:type', head?.ogType ?? 'website'],
    ['og:title', head?.title],
    ['og:description', head?.description],
    ['og:url', canonical],
    ['og:site_name', '知库文档'],
    ['og:locale', 'zh_CN'],
    ['og:image', head?.image],
  ];
  for (const [property, content] of og) if (content) tags.push(`<meta property="${property}" content="${escapeHtml(content)}" />`);
  for (const item of head?.jsonLd ?? []) tags.push(`<script type="application/ld+json">${scriptJson(item)}</script>`);
  // the styles the remote would inject: with the HTML, so the first paint is the page as it will stay
  tags.push(`<style id="mf-articles-style">${ARTICLES_CSS}</style>`);
  if (html.includes('dt-page')) tags.push(`<style id="mf-articles-detail-style">${DETAIL_CSS}</style>`);
  if (html.includes('md-body')) tags.push(`<style id="kernel-md-styles">${MARKDOWN_CSS}</style>`);
  return tags.join('');
}

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream.pipe(new PassThrough())) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Renders one page of mf-articles: waits for its data (useServerData) and its lazy page, then answers. */
export async function render(request: RenderRequest): Promise<RenderedPage> {
  if (!isServer) throw new Error('render() runs on the server only');
  const store: SsrStore = {
    data: {},
    hints: { wide: request.viewport !== 'narrow' },
    pending: new Map(),
    host: request.host,
    origin: request.origin,
  };
  const errors: unknown[] = [];
  const { prelude } = await renderingFor.run(request.clientIp ?? '', () =>
    prerenderToNodeStream(
      <SsrProvider store={store}>
        <StaticRouter location={request.url}>
          <ArticlesRoutes />
        </StaticRouter>
      </SsrProvider>,
      { signal: AbortSignal.timeout(RENDER_TIMEOUT_MS), onError: (error) => void errors.push(error) },
    ),
  );
  const html = await streamToString(prelude);
  if (errors.length) throw errors[0];
  // the server's own keys ('~…': renderings the HTML carries already) stay here
  const data = Object.fromEntries(Object.entries(store.data).filter(([key]) => !key.startsWith('~')));
  // A page that could not get its data (the API slow, down or refusing: a 429 to a visitor reading too fast) is not
  // kept, and answers 503: a crawler comes back later instead of indexing an error; a browser shows the page's own
  // error state with its retry.
  const failed = Object.values(data).some(({ error }) => error && error.status !== 404 && error.status !== 400);
  return {
    status: failed ? 503 : (store.status ?? 200),
    head: headTags(store.head, request.origin, request.url, html),
    html,
    state: scriptJson({ data, hints: store.hints }),
    version: __APP_VERSION__,
    maxAge: failed ? 0 : PAGE_MAX_AGE_S,
  };
}
