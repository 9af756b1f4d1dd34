import path from 'node:path';
import { checkListenAddress, devRoutesEnabled, loadConfig, loadStorageConfig } from './core/config';
import { seedDemoContent, warmUpSearch } from './modules/content';
import { ensureDemoStaff } from './modules/accounts/demo-staff';
import { buildServer } from './server';
import { defaultDataDir } from './core/paths';

function port(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 8090;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`API_PORT 不是合法端口: ${raw}`);
  return n;
}

/** TRUST_PROXY: unset/'false' none, 'true' any, else a comma-separated list of proxy IPs, CIDRs or 'loopback'. */
function trustProxy(raw: string | undefined): boolean | string {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  return raw === 'true' ? true : raw;
}

async function main(): Promise<void> {
  const host = process.env.API_HOST || '127.0.0.1';
  const dataDir = path.resolve(process.env.DATA_DIR || defaultDataDir);
  const accounts = loadConfig(process.env);
  const storage = loadStorageConfig(process.env);
  // development and test mode: loopback only (the dev-only routes and simulators log anyone in)
  checkListenAddress(host, accounts);
  const app = await buildServer({
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir,
    logger: true,
    logLevel: process.env.API_LOG_LEVEL || 'warn',
    accounts,
    trustProxy: trustProxy(process.env.TRUST_PROXY),
    content: { storage },
  });
  try {
    // an empty database gets the quick demo site before the API serves (a few seconds, once)
    const seeded = await seedDemoContent(app, (message) => console.log(message)).catch((err: unknown) => {
      console.error('演示数据未生成:', err);
      return null;
    });
    // the demo site's staff account for the console (development only; its login in DATA_DIR/demo-staff.json)
    if (seeded) await ensureDemoStaff(app, dataDir).catch((err: unknown) => console.error('演示管理员账号未生成:', err));
    // the first searches after a start are slow (caches, optimised code): a few of the site's own words, and the most
    // searched keywords' words into memory, before it listens
    const warm = await warmUpSearch(app).catch((err: unknown) => console.error('搜索预热失败:', err));
    if (warm) console.log(`搜索预热: ${warm.searches} 次标题词搜索, ${warm.keywords} 个热搜词, ${warm.ms} ms`);
    await app.listen({ host, port: port(process.env.API_PORT) });
  } catch (err) {
    await app.close(); // releases the database (and PGlite's folder lock)
    throw err;
  }

  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port(process.env.API_PORT);
  const shownHost = host.includes(':') ? `[${host}]` : host;
  console.log(`API 已启动: http://${shownHost}:${actualPort} (数据库: ${app.db.engine}, 模式: ${accounts.mode})`);
  if (devRoutesEnabled(accounts) && accounts.devRoutesToken) {
    // the token is the key to every account of this site: shown to whoever started it, like a notebook server's
    const token = encodeURIComponent(accounts.devRoutesToken);
    console.log(`开发发件箱（仅限本机，凭令牌访问）: http://${shownHost}:${actualPort}/api/dev/outbox/?token=${token}&mobile=手机号`);
  }

  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) {
      console.error(`再次收到 ${signal}，立即退出`);
      process.exit(1);
    }
    stopping = true;
    // a stuck connection must not keep the process alive forever
    setTimeout(() => {
      console.error('关闭超时，强制退出');
      process.exit(1);
    }, 10_000).unref();
    app.close().then(
      () => {
        console.log('API 已停止');
        process.exitCode = 0;
      },
      (err: unknown) => {
        console.error('关闭时出错:', err);
        process.exitCode = 1;
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error('API 启动失败:', err);
  process.exit(1);
});
