/** @jest-environment node */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createStaticServer, listen } from '../server/static-server';

// Security headers of the site's static servers (hardening, finding 2): every answer of the shell's server and of a
// remote's origin carries nosniff, a Referrer-Policy and X-Frame-Options DENY; pages carry a CSP that allows the
// deployed remotes and the page's inline script by its hash, and forbids framing; other answers a CSP of nothing.

function get(port: number, urlPath: string, method = 'GET'): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: urlPath, method, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const THEME_SCRIPT = "try{document.documentElement.dataset.theme='dark'}catch(e){}";
const INDEX_HTML = `<!doctype html><html><head><script>${THEME_SCRIPT}</script><style>body{margin:0}</style></head><body><script defer src=/main.js></script></body></html>`;

let tmp: string;
let deploymentFile: string;
const servers: http.Server[] = [];
let shellPort: number;
let remotePort: number;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'static-security-'));
  const root = path.join(tmp, 'dist');
  fs.mkdirSync(root);
  fs.writeFileSync(path.join(root, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(root, 'main.js'), 'console.log(1);\n');
  fs.writeFileSync(path.join(root, 'mf-manifest.json'), '{}');
  deploymentFile = path.join(tmp, 'deployment.json');
  fs.writeFileSync(
    deploymentFile,
    JSON.stringify({
      remotes: {
        'mf-auth': { manifest: 'http://localhost:18081/mf-manifest.json', version: '1.0.0' },
        'mf-pay': { manifest: 'https://cdn.example.com/pay/1.2.0/mf-manifest.json', version: '1.2.0' },
        'mf-old': { manifest: '/relative/mf-manifest.json', version: '0.1.0' },
      },
    }),
  );
  const shell = createStaticServer({ root, spaFallback: true, deploymentFile, apiTarget: 'http://127.0.0.1:9' });
  const remote = createStaticServer({ root, cors: true });
  servers.push(shell, remote);
  shellPort = await listen(shell, 0);
  remotePort = await listen(remote, 0);
});

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  fs.rmSync(tmp, { recursive: true, force: true });
});

function directives(csp: string | undefined): Map<string, string[]> {
  return new Map((csp ?? '').split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...values]) => [name, values]));
}

function expectBaseHeaders(headers: http.IncomingHttpHeaders, what: string): void {
  expect({ what, nosniff: headers['x-content-type-options'] }).toEqual({ what, nosniff: 'nosniff' });
  expect({ what, referrer: headers['referrer-policy'] }).toEqual({ what, referrer: 'strict-origin-when-cross-origin' });
  expect({ what, frame: headers['x-frame-options'] }).toEqual({ what, frame: 'DENY' });
}

describe('security headers', () => {
  it.each(['/', '/app/articles/search/result', '/app/user/coin/list', '/app/no/such/page'])('the page %s carries a CSP the federation works under', async (urlPath) => {
    const res = await get(shellPort, urlPath);
    expect(res.status).toBe(200);
    expectBaseHeaders(res.headers, urlPath);
    const csp = directives(res.headers['content-security-policy'] as string);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    const scripts = csp.get('script-src') ?? [];
    // the inline theme script by its hash, never 'unsafe-inline' or eval
    const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
    expect(scripts).toContain(`'sha256-${hash}'`);
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    // the deployed remotes' origins (read from the deployment manifest), for scripts, styles and fetches
    for (const directive of ['script-src', 'style-src', 'connect-src']) {
      expect(csp.get(directive)).toEqual(expect.arrayContaining(["'self'", 'http://localhost:18081', 'https://cdn.example.com']));
    }
  });

  it('a page allows a remote deployed after the server started (the manifest is read again)', async () => {
    const before = await get(shellPort, '/');
    expect(before.headers['content-security-policy']).not.toContain('https://pay.example.net');
    const deployment = JSON.parse(fs.readFileSync(deploymentFile, 'utf8')) as { remotes: Record<string, unknown> };
    deployment.remotes['mf-pay'] = { manifest: 'https://pay.example.net/mf-manifest.json', version: '1.3.0' };
    fs.writeFileSync(deploymentFile, JSON.stringify(deployment));
    const after = await get(shellPort, '/');
    expect(directives(after.headers['content-security-policy'] as string).get('script-src')).toContain('https://pay.example.net');
  });

  it.each([
    ['/deployment.json', 200],
    ['/mf-manifest.json', 200],
    ['/missing.js', 404],
    ['/%E0%A4%A.js', 400],
  ])('the shell answer %s (%d) is never a page: nosniff, no framing, a CSP of nothing', async (urlPath, status) => {
    const res = await get(shellPort, urlPath);
    expect(res.status).toBe(status);
    expectBaseHeaders(res.headers, urlPath);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('a POST to a static path (405) has the headers too', async () => {
    const res = await get(shellPort, '/main.js', 'POST');
    expect(res.status).toBe(405);
    expectBaseHeaders(res.headers, '405');
  });

  it('the API proxy answers 502 with the headers when the API is down', async () => {
    const res = await get(shellPort, '/api/health/');
    expect(res.status).toBe(502);
    expectBaseHeaders(res.headers, '502');
  });

  it("a remote's origin sends the headers with its scripts, manifest and preflights", async () => {
    for (const [urlPath, method] of [['/main.js', 'GET'], ['/mf-manifest.json', 'GET'], ['/main.js', 'OPTIONS'], ['/missing.js', 'GET']]) {
      const res = await get(remotePort, urlPath, method);
      expectBaseHeaders(res.headers, `${method} ${urlPath}`);
    }
    // a page on a remote's origin (none is built today) may not be framed either
    const page = await get(remotePort, '/');
    expect(directives(page.headers['content-security-policy'] as string).get('frame-ancestors')).toEqual(["'none'"]);
  });
});
