/** @jest-environment node */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createStaticServer, listen, matchesPattern, remoteStartFiles } from '../server/static-server';

// the client's resolver, to check the server resolves remote entries the same way
import { remoteEntryUrl } from '../src/federation/discovery';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn(), loadRemote: jest.fn() }));

function get(port: number, urlPath: string): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: urlPath, agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      })
      .on('error', reject);
  });
}

const OWNERS = [
  { name: 'home', path: '/', remote: 'mf-articles', needLog: false },
  { name: 'articles.docs.detail', path: '/app/articles/docs/detail/:id', remote: 'mf-articles', needLog: false },
  { name: 'user.coin.list', path: '/app/user/coin/list', remote: 'mf-user-center', needLog: true },
  { name: 'activity.rules', path: '/app/activity/activity_rules', remote: 'mf-activity', needLog: false },
];

/** What a remote's build writes: each lazy page's scripts by route name (a bad entry is ignored). */
const ROUTE_CHUNKS = {
  'articles.docs.detail': ['244.aaaa1111.js', 'route-articles.docs.detail.bbbb2222.js', '../../etc/passwd', 42],
  'articles.cate.list': ['route-articles.cate.list.cccc3333.js'],
};

const manifest = {
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' },
  exposes: [{ name: 'app', path: './app', assets: { js: { sync: ['__federation_expose_app.0a1b2c3d.js', 'lib-x.11112222.js'] } } }],
};

let tmp: string;
let remote: http.Server;
let remotePort: number;
let manifestHits = 0;
let shell: http.Server;
let shellPort: number;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'static-hints-'));
  const root = path.join(tmp, 'dist');
  fs.mkdirSync(root);
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>知库文档</title>');
  fs.writeFileSync(path.join(root, 'route-owners.json'), JSON.stringify(OWNERS));
  remote = http.createServer((req, res) => {
    manifestHits += 1;
    if (req.url === '/mf-manifest.json' || req.url === '/route-chunks.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(req.url === '/mf-manifest.json' ? manifest : ROUTE_CHUNKS));
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  remotePort = await listen(remote, 0);
  const deploymentFile = path.join(tmp, 'deployment.json');
  fs.writeFileSync(
    deploymentFile,
    JSON.stringify({
      remotes: {
        'mf-articles': { manifest: `http://127.0.0.1:${remotePort}/mf-manifest.json`, version: '1.0.0' },
        'mf-activity': { manifest: `http://127.0.0.1:${remotePort}/missing/mf-manifest.json`, version: '1.0.0' },
        'mf-user-center': { manifest: `http://127.0.0.1:${remotePort}/uc/mf-manifest.json`, version: '1.0.0' },
      },
    }),
  );
  shell = createStaticServer({ root, spaFallback: true, deploymentFile, manifestTtlMs: 60_000 });
  shellPort = await listen(shell, 0);
});

afterAll(async () => {
  for (const server of [shell, remote]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('matchesPattern', () => {
  it('matches segments and parameters like the route table, with or without a trailing slash', () => {
    expect(matchesPattern('/', '/')).toBe(true);
    expect(matchesPattern('/app/articles/docs/detail/:id', '/app/articles/docs/detail/42')).toBe(true);
    expect(matchesPattern('/app/articles/docs/detail/:id', '/app/articles/docs/detail/42/')).toBe(true);
    expect(matchesPattern('/app/articles/docs/detail/:id', '/app/articles/docs/detail/')).toBe(false);
    expect(matchesPattern('/app/articles/docs/detail/:id', '/app/articles/docs/detail/42/x')).toBe(false);
    expect(matchesPattern('/', '/app')).toBe(false);
  });
});

describe('remoteStartFiles', () => {
  it('resolves the remote entry as the client does, then the exposed app\'s scripts', () => {
    const manifestUrl = 'http://127.0.0.1:3102/mf-articles/mf-manifest.json';
    for (const publicPath of ['auto', 'https://cdn.example.com/a/1.2.3/', '/remotes/a/']) {
      for (const entry of [{ name: 'remoteEntry.js', path: '' }, { name: 'remoteEntry.js', path: 'static/js/' }]) {
        const m = { metaData: { publicPath, remoteEntry: entry } };
        expect(remoteStartFiles(manifestUrl, m)[0]).toBe(remoteEntryUrl(manifestUrl, m));
      }
    }
    expect(remoteStartFiles(manifestUrl, manifest)).toEqual([
      'http://127.0.0.1:3102/mf-articles/remoteEntry.js',
      'http://127.0.0.1:3102/mf-articles/__federation_expose_app.0a1b2c3d.js',
      'http://127.0.0.1:3102/mf-articles/lib-x.11112222.js',
    ]);
    expect(remoteStartFiles(manifestUrl, {})).toEqual([]);
  });
});

describe('preload hints with the HTML', () => {
  it('a page of a remote gets a Link header for its manifest, entry, app scripts and its own lazy chunks; each file is read once', async () => {
    manifestHits = 0;
    const base = `http://127.0.0.1:${remotePort}`;
    const start = [
      `<${base}/mf-manifest.json>; rel=preload; as=fetch; crossorigin`,
      `<${base}/remoteEntry.js>; rel=preload; as=script`,
      `<${base}/__federation_expose_app.0a1b2c3d.js>; rel=preload; as=script`,
      `<${base}/lib-x.11112222.js>; rel=preload; as=script`,
    ];
    const home = await get(shellPort, '/');
    expect(home.status).toBe(200);
    expect(home.headers.link).toBe(start.join(', '));
    const detail = await get(shellPort, '/app/articles/docs/detail/7');
    expect(detail.headers.link).toBe(
      [...start, `<${base}/244.aaaa1111.js>; rel=preload; as=script`, `<${base}/route-articles.docs.detail.bbbb2222.js>; rel=preload; as=script`].join(', '),
    );
    expect(manifestHits).toBe(2); // mf-manifest.json and route-chunks.json, each once
  });

  it('a remote whose manifest cannot be read gets the manifest hint only', async () => {
    const res = await get(shellPort, '/app/activity/activity_rules');
    expect(res.headers.link).toBe(`<http://127.0.0.1:${remotePort}/missing/mf-manifest.json>; rel=preload; as=fetch; crossorigin`);
  });

  it('no hints for a login-required page, an unknown path, or a file', async () => {
    for (const page of ['/app/user/coin/list', '/app/nothing/here', '/route-owners.json']) {
      const res = await get(shellPort, page);
      expect(res.headers.link).toBeUndefined();
    }
  });
});

describe('route-owners.json (written by the shell\'s build)', () => {
  it('is the kernel\'s route table less the routes the shell renders itself', () => {
    // the build script is CommonJS; the kernel's ROUTES are what the browser uses
    const { routeOwners } = jest.requireActual<{ routeOwners: (a: string, b: string) => { name: string; path: string; remote: string; needLog: boolean }[] }>(
      '../build/route-owners-plugin.cjs',
    );
    const { ROUTES } = jest.requireActual<typeof import('shared-kernel')>('shared-kernel');
    const owners = routeOwners(
      path.join(__dirname, '..', '..', 'shared-kernel', 'src', 'routing', 'route-table.ts'),
      path.join(__dirname, '..', 'src', 'routing', 'shell-routes.ts'),
    );
    expect(owners).toEqual(ROUTES.filter((r) => r.name !== 'test').map((r) => ({ name: r.name, path: r.path, remote: r.remote, needLog: r.needLog })));
    expect(owners.some((o) => o.path === '/test')).toBe(false);
  });
});
