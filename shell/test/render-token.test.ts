/** @jest-environment node */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { tokenMayGoTo } from '../server/page-render';
import { createStaticServer, listen } from '../server/static-server';

// The site's render token: the shell asks a remote for a page with the visitor's address and the token; the
// remote's server part believes that address only from a request with the token (anyone else asking /__ssr is
// the visitor), and gives it to its render module, which reads the API as that visitor (with the token).

const TOKEN = 'render-token-for-the-tests-0123';
const TEMPLATE = '<!doctype html><html><head><title>知库文档</title></head><body><main id="app-slot"></main><script defer src="/main.js"></script></body></html>';

let tmp: string;
const servers: http.Server[] = [];

function get(port: number, urlPath: string, headers: http.OutgoingHttpHeaders = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: urlPath, agent: false, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      })
      .on('error', reject);
  });
}

async function serve(server: http.Server): Promise<number> {
  servers.push(server);
  return listen(server, 0);
}

/** A server that keeps the headers of each request it gets and answers `body` as JSON; answers its port and those headers. */
async function recording(body: string): Promise<{ port: number; seen: http.IncomingHttpHeaders[] }> {
  const seen: http.IncomingHttpHeaders[] = [];
  const port = await serve(
    http.createServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    }),
  );
  return { port, seen };
}

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'render-token-'));
  fs.mkdirSync(path.join(tmp, 'dist'));
  fs.writeFileSync(path.join(tmp, 'dist', 'index.html'), TEMPLATE);
  // a render module that shows what it was given: the address it renders for, and what configure told it
  fs.writeFileSync(
    path.join(tmp, 'render.cjs'),
    `let told = {};
exports.configure = (options) => { told = options; };
exports.render = async (request) => ({ status: 200, head: '', html: '<p>' + request.clientIp + '|' + (told.renderToken || '') + '|' + told.apiOrigin + '</p>', state: '{}', version: '1.0.0' });`,
  );
});

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  fs.rmSync(tmp, { recursive: true, force: true });
});

test("a remote's server part believes the visitor's address only with the token, and hands the token to its module", async () => {
  const port = await serve(createStaticServer({ root: path.join(tmp, 'dist'), ssr: { module: path.join(tmp, 'render.cjs'), apiOrigin: 'http://127.0.0.1:9' }, renderToken: TOKEN }));
  const page = async (headers: http.OutgoingHttpHeaders) => JSON.parse((await get(port, '/__ssr?url=%2Fapp%2Farticles%2F', headers)).body).html as string;
  expect(await page({ 'x-forwarded-for': '203.0.113.7', 'x-site-render': TOKEN })).toBe(`<p>203.0.113.7|${TOKEN}|http://127.0.0.1:9</p>`);
  // without it, or with another one, whoever asks is the visitor: their own address, whatever they say
  expect(await page({ 'x-forwarded-for': '203.0.113.7' })).toBe(`<p>127.0.0.1|${TOKEN}|http://127.0.0.1:9</p>`);
  expect(await page({ 'x-forwarded-for': '203.0.113.7', 'x-site-render': `${TOKEN.slice(0, -1)}4` })).toBe(`<p>127.0.0.1|${TOKEN}|http://127.0.0.1:9</p>`);
  // one address only: a list, or anything else, is not an address to count
  expect(await page({ 'x-forwarded-for': '203.0.113.7, 198.51.100.2', 'x-site-render': TOKEN })).toBe(`<p>127.0.0.1|${TOKEN}|http://127.0.0.1:9</p>`);
  expect(await page({ 'x-forwarded-for': '', 'x-site-render': TOKEN })).toBe(`<p>127.0.0.1|${TOKEN}|http://127.0.0.1:9</p>`);
  // a server without a token believes nobody
  const open = await serve(createStaticServer({ root: path.join(tmp, 'dist'), ssr: { module: path.join(tmp, 'render.cjs'), apiOrigin: 'http://127.0.0.1:9' } }));
  const html = JSON.parse((await get(open, '/__ssr?url=%2Fapp%2Farticles%2F', { 'x-forwarded-for': '203.0.113.7', 'x-site-render': TOKEN })).body).html;
  expect(html).toBe('<p>127.0.0.1||http://127.0.0.1:9</p>');
});

test('the shell asks for a page with the visitor\'s address and its token', async () => {
  const { port: rendererPort, seen: asked } = await recording(JSON.stringify({ status: 200, head: '<title>春晓</title>', html: '<h1>春晓</h1>', state: '{}', version: '1.0.0' }));
  const root = path.join(tmp, 'shell');
  fs.mkdirSync(root);
  fs.writeFileSync(path.join(root, 'index.html'), TEMPLATE);
  fs.writeFileSync(path.join(root, 'route-owners.json'), JSON.stringify([{ name: 'articles.docs.detail', path: '/app/articles/docs/detail/:id', remote: 'mf-articles', needLog: false }]));
  const deploymentFile = path.join(tmp, 'deployment.json');
  fs.writeFileSync(deploymentFile, JSON.stringify({ remotes: { 'mf-articles': { manifest: 'http://127.0.0.1:1/mf-manifest.json', version: '1.0.0', ssr: `http://127.0.0.1:${rendererPort}/__ssr` } } }));
  const shellPort = await serve(createStaticServer({ root, spaFallback: true, deploymentFile, remoteHints: false, renderToken: TOKEN }));
  const res = await get(shellPort, '/app/articles/docs/detail/1', { 'x-forwarded-for': '198.51.100.1' });
  expect(res.status).toBe(200);
  expect(res.body).toContain('<h1>春晓</h1>');
  // the address is the shell's peer (the edge's own view), never what the request claims
  expect(asked.map((h) => [h['x-forwarded-for'], h['x-site-render']])).toEqual([['127.0.0.1', TOKEN]]);
});

test('the token goes only to server parts on this machine, or on hosts named for it', () => {
  expect(tokenMayGoTo('http://127.0.0.1:8081/__ssr')).toBe(true);
  expect(tokenMayGoTo('http://localhost:8081/__ssr')).toBe(true);
  expect(tokenMayGoTo('http://[::1]:8081/__ssr')).toBe(true);
  expect(tokenMayGoTo('http://render.example.cn/__ssr')).toBe(false);
  expect(tokenMayGoTo('http://127.0.0.1.example.cn/__ssr')).toBe(false);
  expect(tokenMayGoTo('http://render.example.cn/__ssr', ['RENDER.example.cn'])).toBe(true);
  expect(tokenMayGoTo('not a url', ['not a url'])).toBe(false);
});

test("the shell's /api/ proxy never passes a visitor's own X-Site-Render on to the API", async () => {
  const { port: apiPort, seen } = await recording('{}');
  const shellPort = await serve(createStaticServer({ root: path.join(tmp, 'dist'), spaFallback: true, apiTarget: `http://127.0.0.1:${apiPort}`, renderToken: TOKEN }));
  expect((await get(shellPort, '/api/public-key/', { 'x-site-render': TOKEN, 'x-forwarded-for': '198.51.100.3' })).status).toBe(200);
  expect(seen.map((h) => [h['x-site-render'], h['x-forwarded-for']])).toEqual([[undefined, '127.0.0.1']]);
});
