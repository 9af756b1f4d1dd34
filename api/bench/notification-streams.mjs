// Memory per open notification stream (issue 17): the API in a child process with its production memory flags,
// N streams held open on loopback (one user per 50 streams: the per-user cap is 20 per process... so one user per
// 20), the child's resident set and heap before and after, and bytes per stream. `node bench/notification-streams.mjs
// [N]` after `npm run build -w api` (default N 2000, bounded at 20000).
import { fork } from 'node:child_process';
import http from 'node:http';
import { createRequire } from 'node:module';
import { apiNodeFlags } from '../../scripts/site.mjs';

const PER_USER = 20;

if (process.argv[2] === '--server') {
  const require = createRequire(import.meta.url);
  const { buildServer } = require('../dist/server.js');
  const { loadConfig } = require('../dist/core/config.js');
  const { RATE_LIMIT_GROUPS } = require('../dist/infra/security/rate-limit.js');
  const { startSession } = require('../dist/modules/accounts/sessions.js');
  const { createUser } = require('../dist/modules/accounts/repositories/users.js');
  const high = Object.fromEntries(Object.keys(RATE_LIMIT_GROUPS).map((g) => [g, [{ max: 1e9, windowMs: 60_000 }]]));
  const app = await buildServer({ databaseUrl: process.env.DATABASE_URL || undefined, logger: false, accounts: loadConfig({ NODE_ENV: 'development' }), rateLimits: high });
  // a bench-only login: a new user and its session cookie
  app.post('/api/bench/login/', { config: { rateLimit: false } }, async (request, reply) => {
    try {
      const user = await createUser(app.db, { nickname: `压测${Date.now() % 1e6}`, platform: 'web', now: new Date() });
      await startSession(request, reply, user.id, { platform: 'web', loginType: 1 });
      return { uid: user.id };
    } catch (err) {
      console.error(err);
      throw err;
    }
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  process.on('message', (m) => {
    if (m === 'mem') {
      globalThis.gc?.();
      const u = process.memoryUsage();
      process.send({ rss: u.rss, heap: u.heapUsed, streams: app.notifications.hub.count() });
    } else if (m === 'stop') void app.close().then(() => process.exit(0));
  });
  process.on('disconnect', () => process.exit(0));
  process.send({ port: app.server.address().port });
} else {
  const n = Math.min(Number(process.argv[2] ?? 2000) || 2000, 20_000);
  const child = fork(new URL(import.meta.url), ['--server'], { execArgv: [...apiNodeFlags(), '--expose-gc'] });
  const next = () => new Promise((resolve) => child.once('message', resolve));
  const { port } = await next();
  console.error('server on', port);
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const request = (method, path, headers = {}) =>
    new Promise((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent }, resolve);
      req.on('error', reject).end();
    });
  const text = async (res) => {
    let body = '';
    for await (const chunk of res) body += chunk;
    return body;
  };
  const mem = async () => (child.send('mem'), next());
  const cookies = [];
  for (let i = 0; i < Math.ceil(n / PER_USER); i++) {
    const res = await request('POST', '/api/bench/login/', { 'content-length': 0 });
    if (res.statusCode !== 200) throw new Error(`login: ${res.statusCode} ${await text(res)}`);
    res.resume();
    cookies.push(res.headers['set-cookie'].map((c) => c.split(';')[0]).join('; '));
  }
  console.error('users', cookies.length);
  const before = await mem();
  const open = [];
  for (let i = 0; i < n; i++) {
    const res = await request('GET', '/api/notifications/stream/', { cookie: cookies[Math.floor(i / PER_USER)] });
    if (res.statusCode !== 200) throw new Error(`stream ${i}: ${res.statusCode}`);
    res.on('data', () => undefined);
    open.push(res);
  }
  await new Promise((r) => setTimeout(r, 500));
  const after = await mem();
  const per = (k) => Math.round((after[k] - before[k]) / n);
  console.log(JSON.stringify({ streams: after.streams, rssBefore: before.rss, rssAfter: after.rss, rssPerStream: per('rss'), heapPerStream: per('heap') }));
  for (const res of open) res.destroy();
  child.send('stop');
  await new Promise((r) => child.once('exit', r));
}
