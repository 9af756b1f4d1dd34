import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { networkInterfaces } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { freshPhone } from '../support/auth';
import { E2E_PORTS } from '../support/ports';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);

// The dev outbox through the shell (hardening, finding 1): the URL `npm start` prints (the site's origin, the
// run's token) answers the person at this machine; without the token, or with another one, the path does not
// exist; a forged X-Forwarded-For naming this machine changes nothing (the shell replaces it with its peer).

test('the outbox URL with the token answers through the shell; without it, or with a wrong one, 404 as an unknown path', async ({ request, baseURL }) => {
  const mobile = freshPhone();
  expect((await request.post('/api/codes/', { data: { mobile, reason: 'LOGIN' } })).status()).toBe(200);
  const token = process.env.DEV_ROUTES_TOKEN ?? '';
  expect(token.length, 'global-setup 设置的 DEV_ROUTES_TOKEN').toBeGreaterThanOrEqual(16);

  const clicked = await request.get(`${baseURL}/api/dev/outbox/?token=${encodeURIComponent(token)}&mobile=${mobile}`);
  expect(clicked.status()).toBe(200);
  const { results } = (await clicked.json()) as { results: { code: string | null }[] };
  expect(results[0]?.code).toMatch(/^\d{6}$/);

  for (const query of ['', '&token=wrong-token-wrong-token']) {
    for (const headers of [{}, { 'x-forwarded-for': '127.0.0.1' }] as Record<string, string>[]) {
      const res = await request.get(`/api/dev/outbox/?mobile=${mobile}${query}`, { headers });
      expect(res.status()).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'not_found' });
    }
  }
  expect((await request.get(`/api/dev/captcha-answer/?id=abcdefabcdefabcdefabcdef`)).status()).toBe(404);
});

// The shell the way a public port would expose it: its server (the same build npm start runs) on this machine's
// LAN address in front of the run's API. A visitor from that address has the token and still gets the 404: the
// shell names it in X-Forwarded-For, and the API (TRUST_PROXY=loopback) sees a client that is not this machine.
const lanAddress = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && !i.internal && i.family === 'IPv4')?.address;

test('a visitor from another address, through the shell, with the token: 404 (the same request from this machine: 200)', async ({ request }) => {
  expect(lanAddress, '这个测试需要本机有一个非回环的 IPv4 地址').toBeTruthy();
  const { createStaticServer, listen } = require(path.join(root, 'shell', 'dist-server', 'static-server.cjs')) as {
    createStaticServer: (o: { root: string; spaFallback: boolean; apiTarget: string }) => Server;
    listen: (server: Server, port: number, host?: string) => Promise<number>;
  };
  const shell = createStaticServer({ root: path.join(root, 'shell', 'dist'), spaFallback: true, apiTarget: `http://127.0.0.1:${E2E_PORTS.api}` });
  try {
    const port = await listen(shell, 0, lanAddress);
    // no code is sent here: the per-address SMS limit (5 a minute) is shared with the journeys before this one
    const mobile = freshPhone();
    const outbox = `/api/dev/outbox/?token=${encodeURIComponent(process.env.DEV_ROUTES_TOKEN ?? '')}&mobile=${mobile}`;
    const remote = await request.get(`http://${lanAddress}:${port}${outbox}`);
    expect(remote.status()).toBe(404);
    expect(await remote.json()).toMatchObject({ code: 'not_found' });
    // a forged header naming this machine is replaced by the shell
    expect((await request.get(`http://${lanAddress}:${port}${outbox}`, { headers: { 'x-forwarded-for': '127.0.0.1' } })).status()).toBe(404);
    expect((await request.get(outbox)).status()).toBe(200);
  } finally {
    await new Promise((resolve) => shell.close(resolve));
  }
});
