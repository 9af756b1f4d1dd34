import { loadQrOAuthConfig } from '../src/infra/oauth/config';
import { networkInterfaces } from 'node:os';
import { loadConfig } from '../src/core/config';
import { buildServer } from '../src/server';
import { accountOptions, Client, newPhone } from './accounts-helpers';
import { engines, expectErrorBody, startServer, useEngine, type TestServer } from './helpers';

/** A staging site: production mode with every simulator, which production allows only with DEV_OUTBOX=1. */
const STAGING_ENV = {
  NODE_ENV: 'production',
  DEV_OUTBOX: '1',
  SMS_PROVIDER: 'simulator',
  MAIL_PROVIDER: 'simulator',
  WX_MINIAPP_PROVIDER: 'simulator',
  OAUTH_PROVIDER: 'simulator',
  WX_MP_PROVIDER: 'simulator',
  SITE_ORIGIN: 'https://staging.example.com',
};

/** The dev-only routes, with a request each that would get past validation where the route exists. */
async function devRequests(client: Client, token: string) {
  return {
    outbox: await client.get(`/api/dev/outbox/?mobile=${newPhone()}`),
    captchaAnswer: await client.get('/api/dev/captcha-answer/?id=abcdefabcdefabcdefabcdef'),
    wxgzhScan: await client.post('/api/dev/wxgzh/scan/', { token, person: '张三' }),
    staffRole: await client.post('/api/dev/staff-role/', { mobile: newPhone(), role: 'admin' }),
    assignDoc: await client.post('/api/dev/assign-doc/', { docs: 1, uid: 1 }),
    trustSweep: await client.post('/api/dev/trust-sweep/', { days: 0 }),
  };
}

describe.each(engines())('dev-only routes on %s', (engine) => {
  describe('production mode with DEV_OUTBOX=1 (a staging site with the simulators)', () => {
    const db = useEngine(engine, `${__filename}-production`);
    let server: TestServer;
    // the site plugin reads its provider choice from the environment
    const saved = { WX_MP_PROVIDER: process.env.WX_MP_PROVIDER, DEV_OUTBOX: process.env.DEV_OUTBOX };
    beforeAll(async () => {
      Object.assign(process.env, { WX_MP_PROVIDER: 'simulator', DEV_OUTBOX: '1' });
      const accounts = loadConfig(STAGING_ENV);
      expect(accounts.mode).toBe('production');
      server = await startServer({ ...accountOptions(db.options()), accounts, qrOAuth: loadQrOAuthConfig(STAGING_ENV) });
    });
    afterAll(async () => {
      await server?.close();
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    });

    test('the outbox, captcha-answer, official-account scan, staff-role and assign-doc routes answer 404', async () => {
      const client = new Client(server.base);
      const qr = await client.post('/api/qrcode/', { type: 'wxgzh_login', platform: 'pc' });
      expect(qr.status).toBe(200);
      const answers = await devRequests(client, qr.body.token);
      for (const [name, res] of Object.entries(answers)) {
        expect({ name, status: res.status }).toEqual({ name, status: 404 });
        expectErrorBody(res, 404, 'not_found');
      }
    });

    test('the simulators still work: an SMS code is delivered into the outbox table, the OAuth simulator answers', async () => {
      const client = new Client(server.base);
      const mobile = newPhone();
      expect((await client.post('/api/codes/', { mobile, reason: 'LOGIN' })).status).toBe(200);
      const rows = await server.app.db.query('SELECT id FROM dev_outbox WHERE recipient LIKE $1', [`%${mobile}`]);
      expect(rows).toHaveLength(1);
      const login = await client.get('/api/login/qq/');
      expect(login.status).toBe(200);
      expect(new URL(login.body.url).pathname).toBe('/api/dev/oauth/qq/oauth2.0/authorize');
    });

    test("the OAuth simulator's pages and endpoints answer this machine only: another address (forwarded by a proxy, or a socket's own) gets the 404 of no route", async () => {
      const login = await new Client(server.base).get('/api/login/weixin/');
      const page = new URL(login.body.url);
      expect(page.origin).toBe('https://staging.example.com');
      const paths = [
        page.pathname + page.search,
        `/api/dev/oauth/approve?${new URLSearchParams({ family: 'weixin', app_id: page.searchParams.get('appid') ?? '', redirect_uri: page.searchParams.get('redirect_uri') ?? '', state: 's', person: '张三' })}`,
        '/api/dev/oauth/weixin/sns/oauth2/access_token?appid=a&secret=b&code=c&grant_type=authorization_code',
      ];
      for (const path of paths) {
        for (const headers of [{ 'x-forwarded-for': '203.0.113.7' }, { 'x-real-ip': '203.0.113.7' }, { forwarded: 'for=203.0.113.7' }] as Record<string, string>[]) {
          const res = await fetch(server.base + path, { headers, redirect: 'manual' });
          expect({ path, headers, status: res.status }).toEqual({ path, headers, status: 404 });
        }
      }
      const local = await fetch(server.base + paths[0]);
      expect(local.status).toBe(200);
      expect(await local.text()).toContain('同意授权');
      expect((await fetch(server.base + paths[1], { redirect: 'manual' })).status).toBe(302);

      // a socket from this machine's LAN address (production may listen there): no forwarding header at all
      const lanAddress = Object.values(networkInterfaces())
        .flat()
        .find((i) => i && !i.internal && i.family === 'IPv4')?.address;
      expect(lanAddress).toBeTruthy(); // never skipped: a machine without a LAN address cannot prove this
      const lan = await buildServer({ logger: false, ...accountOptions(db.options()), accounts: loadConfig(STAGING_ENV), qrOAuth: loadQrOAuthConfig(STAGING_ENV) });
      try {
        await lan.listen({ host: lanAddress as string, port: 0 });
        const { port } = lan.server.address() as { port: number };
        for (const path of paths) expect((await fetch(`http://${lanAddress}:${port}${path}`, { redirect: 'manual' })).status).toBe(404);
      } finally {
        await lan.close();
      }
    });
  });

  describe('test mode', () => {
    const db = useEngine(engine, `${__filename}-test`);
    let server: TestServer;
    beforeAll(async () => {
      server = await startServer({ ...accountOptions(db.options()), qrOAuth: loadQrOAuthConfig({ NODE_ENV: 'test' }) });
    });
    afterAll(async () => {
      await server?.close();
    });

    test('the same routes exist', async () => {
      const client = new Client(server.base);
      const qr = await client.post('/api/qrcode/', { type: 'wxgzh_login', platform: 'pc' });
      const answers = await devRequests(client, qr.body.token);
      expect(answers.outbox.status).toBe(200);
      expectErrorBody(answers.captchaAnswer, 404, 'captcha_not_found'); // the route, not the 404 of no route
      expect(answers.wxgzhScan.status).toBe(200);
      expectErrorBody(answers.staffRole, 404, 'user_not_found'); // the route: that phone has no account
      expectErrorBody(answers.assignDoc, 404, 'doc_not_found');
      expect(answers.trustSweep.status).toBe(200);
    });
  });
});
