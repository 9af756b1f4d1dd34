import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { checkListenAddress, loadConfig, TEST_DEV_ROUTES_TOKEN } from '../src/core/config';
import { loadQrOAuthConfig } from '../src/infra/oauth/config';
import { buildServer } from '../src/server';
import { createUser } from '../src/modules/accounts/repositories/users';
import { accountOptions, Client, newPhone } from './accounts-helpers';
import { engines, expectErrorBody, startServer, useEngine, type TestServer } from './helpers';

const TOKEN = 'dev-routes-access-test-token-42';

/**
 * What each dev-only route needs to answer 200 where it exists and the request may reach it (`reached`: the
 * route's own answer when 200 needs more than this test has, told apart from the guard's 404 by its code).
 */
async function devRoutes(server: TestServer): Promise<{ name: string; method: 'GET' | 'POST'; path: string; body?: unknown; reached?: { status: number; code: string } }[]> {
  const mobile = newPhone();
  const client = new Client(server.base);
  expect((await client.post('/api/codes/', { mobile, reason: 'LOGIN' })).status).toBe(200);
  const captcha = await client.post('/api/captcha/', { captchaType: 'rotate', clientUid: 'dev-routes-access' });
  const qr = await client.post('/api/qrcode/', { type: 'wxgzh_login', platform: 'pc' });
  const staffPhone = newPhone();
  const user = await createUser(server.app.db, { phone: { countryCode: '86', mobile: staffPhone }, nickname: 'dev', platform: 'pc', now: new Date() });
  return [
    { name: 'outbox', method: 'GET', path: `/api/dev/outbox/?mobile=${mobile}` },
    { name: 'captcha answer', method: 'GET', path: `/api/dev/captcha-answer/?id=${captcha.body.captchaId}` },
    { name: 'official-account scan', method: 'POST', path: '/api/dev/wxgzh/scan/', body: { token: qr.body.token, person: `p${mobile}` } },
    { name: 'staff role', method: 'POST', path: '/api/dev/staff-role/', body: { mobile: staffPhone, role: 'finance' } },
    // this server has no documents: the route's own 404
    { name: 'assign document', method: 'POST', path: '/api/dev/assign-doc/', body: { docs: 999999, uid: user!.id }, reached: { status: 404, code: 'doc_not_found' } },
    { name: 'trust sweep', method: 'POST', path: '/api/dev/trust-sweep/', body: { days: 0 } },
  ];
}

/** A request straight to the server (no helper adds a token), with the given headers. */
async function send(server: TestServer, route: { method: string; path: string; body?: unknown }, headers: Record<string, string> = {}) {
  const res = await fetch(server.base + route.path, {
    method: route.method,
    headers: { ...headers, ...(route.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: route.body === undefined ? undefined : JSON.stringify(route.body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : text };
}

describe.each(engines())('dev-only routes need this machine and the token, on %s', (engine) => {
  const db = useEngine(engine, __filename);
  let server: TestServer;
  beforeAll(async () => {
    // behind the shell: its X-Forwarded-For (the real client's address) is believed from loopback
    server = await startServer({
      ...accountOptions(db.options()),
      accounts: { ...loadConfig({ NODE_ENV: 'test', DEV_ROUTES_TOKEN: TOKEN }), rateLimitScale: 100 },
      qrOAuth: loadQrOAuthConfig({ NODE_ENV: 'test' }),
      trustProxy: 'loopback',
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  test('without the token, or with a wrong one, each answers the 404 of a path that does not exist', async () => {
    for (const route of await devRoutes(server)) {
      for (const headers of [{}, { 'x-dev-token': 'wrong-token-wrong-token' }, { 'x-dev-token': TEST_DEV_ROUTES_TOKEN }] as Record<string, string>[]) {
        const res = await send(server, route, headers);
        expect({ route: route.name, headers, status: res.status }).toEqual({ route: route.name, headers, status: 404 });
        expectErrorBody(res, 404, 'not_found');
      }
      const wrongQuery = await send(server, { ...route, path: `${route.path}${route.path.includes('?') ? '&' : '?'}token=nope` });
      expect(wrongQuery.status).toBe(404);
    }
  });

  test('with the token from this machine: 200 (header X-Dev-Token, or query token)', async () => {
    const reached = (route: { reached?: { status: number; code: string } }, res: { status: number; body: { code?: string } }) =>
      route.reached ? { status: res.status, code: res.body.code } : { status: res.status };
    for (const route of await devRoutes(server)) {
      const res = await send(server, route, { 'x-dev-token': TOKEN });
      expect({ route: route.name, ...reached(route, res) }).toEqual({ route: route.name, ...(route.reached ?? { status: 200 }) });
    }
    for (const route of await devRoutes(server)) {
      const res = await send(server, { ...route, path: `${route.path}${route.path.includes('?') ? '&' : '?'}token=${TOKEN}` });
      expect({ route: route.name, ...reached(route, res) }).toEqual({ route: route.name, ...(route.reached ?? { status: 200 }) });
    }
  });

  test('with the token from another address (the shell forwards a stranger: X-Forwarded-For): 404', async () => {
    for (const route of await devRoutes(server)) {
      for (const forwarded of ['203.0.113.7', '127.0.0.1, 203.0.113.7', '203.0.113.7, 127.0.0.1']) {
        const res = await send(server, route, { 'x-dev-token': TOKEN, 'x-forwarded-for': forwarded });
        expect({ route: route.name, forwarded, status: res.status }).toEqual({ route: route.name, forwarded, status: 404 });
        expectErrorBody(res, 404, 'not_found');
      }
      for (const other of [{ 'x-real-ip': '203.0.113.7' }, { forwarded: 'for=203.0.113.7' }] as Record<string, string>[]) {
        expect((await send(server, route, { 'x-dev-token': TOKEN, ...other })).status).toBe(404);
      }
    }
  });

  // a socket whose peer is this machine's own non-loopback address (no forwarding header at all)
  const lanAddress = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && !i.internal && i.family === 'IPv4')?.address;
  test('with the token over a socket from a non-loopback address (this machine on its LAN address, no forwarding header): 404', async () => {
    expect(lanAddress).toBeTruthy(); // never skipped: a machine without a LAN address cannot prove this
    const lan = await buildServer({
      logger: false,
      ...accountOptions(db.options()),
      accounts: { ...loadConfig({ NODE_ENV: 'test', DEV_ROUTES_TOKEN: TOKEN }), rateLimitScale: 100 },
      qrOAuth: loadQrOAuthConfig({ NODE_ENV: 'test' }),
    });
    try {
      await lan.listen({ host: lanAddress as string, port: 0 });
      const { port } = lan.server.address() as { port: number };
      const at = { ...server, base: `http://${lanAddress}:${port}` };
      for (const route of await devRoutes(at)) {
        const res = await send(at, route, { 'x-dev-token': TOKEN });
        expect({ route: route.name, status: res.status }).toEqual({ route: route.name, status: 404 });
      }
    } finally {
      await lan.close();
    }
  });

  test('the OAuth simulator pages (they log a typed name in): from another address 404, from this machine 200', async () => {
    const login = await new Client(server.base).get('/api/login/weixin/');
    expect(login.status).toBe(200);
    const page = new URL(login.body.url);
    const path = page.pathname + page.search;
    expect(page.pathname).toBe('/api/dev/oauth/weixin/connect/qrconnect');
    expect((await send(server, { method: 'GET', path }, { 'x-forwarded-for': '203.0.113.7' })).status).toBe(404);
    const approve = `/api/dev/oauth/approve?${new URLSearchParams({ family: 'weixin', app_id: page.searchParams.get('appid') ?? '', redirect_uri: page.searchParams.get('redirect_uri') ?? '', state: 's', person: 'x' })}`;
    expect((await send(server, { method: 'GET', path: approve }, { 'x-forwarded-for': '203.0.113.7' })).status).toBe(404);
    const local = await fetch(server.base + path);
    expect(local.status).toBe(200);
    expect(await local.text()).toContain('同意授权');
  });
});

describe('the API refuses a public listen address while the dev-only routes and simulators exist', () => {
  test('development and test mode on 0.0.0.0, ::, a LAN address or a host name: a Chinese refusal', () => {
    for (const mode of ['development', 'test'] as const) {
      for (const host of ['0.0.0.0', '::', '192.168.1.20', 'example.com', '']) {
        expect(() => checkListenAddress(host, { mode })).toThrow(/只能监听本机地址.*DEV_OUTBOX=1/);
      }
      for (const host of ['127.0.0.1', '127.0.0.2', 'localhost', '::1', '[::1]']) expect(() => checkListenAddress(host, { mode })).not.toThrow();
    }
  });

  test('src/main.ts with API_HOST=0.0.0.0 in development mode exits 1 with that refusal, before it opens a database', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dev-routes-main-'));
    // main.ts run from its TypeScript source (swc, and the contract's sources, as jest does)
    const boot = `
      const Module = require('node:module');
      const { transformSync } = require('@swc/core');
      const fs = require('node:fs');
      const resolve = Module._resolveFilename;
      Module._resolveFilename = function (request, ...rest) {
        if (request === 'contracts') request = ${JSON.stringify(path.join(__dirname, '../../contracts/src/index.ts'))};
        if (request === 'contracts/enums') request = ${JSON.stringify(path.join(__dirname, '../../contracts/src/enums.ts'))};
        return resolve.call(this, request, ...rest);
      };
      require.extensions['.ts'] = (module, filename) => {
        const { code } = transformSync(fs.readFileSync(filename, 'utf8'), {
          filename, swcrc: false, jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' },
        });
        module._compile(code, filename);
      };
      require(${JSON.stringify(path.join(__dirname, '../src/main.ts'))});
    `;
    try {
      const run = spawnSync(process.execPath, ['-e', boot], {
        env: { PATH: process.env.PATH, API_HOST: '0.0.0.0', API_PORT: '0', DATA_DIR: dataDir },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 1, stderr: expect.stringMatching(/API 启动失败.*只能监听本机地址（API_HOST=127\.0\.0\.1 或 localhost），收到 API_HOST=0\.0\.0\.0/) });
      expect(run.stdout).not.toContain('API 已启动');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('production (real providers, or a staging site with DEV_OUTBOX=1) may listen anywhere: no dev-only route exists there', () => {
    expect(() => checkListenAddress('0.0.0.0', { mode: 'production' })).not.toThrow();
  });

  test('the token: DEV_ROUTES_TOKEN when given (at least 16 characters), random per start in development, none in production', () => {
    expect(loadConfig({ DEV_ROUTES_TOKEN: TOKEN }).devRoutesToken).toBe(TOKEN);
    const a = loadConfig({}).devRoutesToken;
    const b = loadConfig({}).devRoutesToken;
    expect(a).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(a).not.toBe(b);
    expect(loadConfig({ NODE_ENV: 'test' }).devRoutesToken).toBe(TEST_DEV_ROUTES_TOKEN);
    expect(() => loadConfig({ DEV_ROUTES_TOKEN: 'short' })).toThrow(/DEV_ROUTES_TOKEN/);
    expect(loadConfig({ NODE_ENV: 'production', DEV_OUTBOX: '1', SMS_PROVIDER: 'simulator', MAIL_PROVIDER: 'simulator', WX_MINIAPP_PROVIDER: 'simulator' }).devRoutesToken).toBeUndefined();
  });
});
