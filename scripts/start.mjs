#!/usr/bin/env node
// `npm start`: builds whatever is missing or older than its sources, starts the API on the embedded database,
// one origin per remote and the shell at http://localhost:8080, and prints the URLs. Ctrl-C stops everything.
// The API runs with the Node flags of its own start script (api/package.json) and is restarted when it dies, with a
// back-off, while the site keeps serving (scripts/site.mjs).
// `npm run dev` (--watch): the same, and rebuilds an app (or restarts the API) when its sources change.
//
// Ports: PORT (8080), API_PORT (8090), REMOTE_PORT_BASE (8081..8086, one per remote; the payment simulators 8087, 8088). Data: DATA_DIR (.data/).
import { existsSync, readdirSync, readFileSync, statSync, watch } from 'node:fs';
import path from 'node:path';
import { buildApi, buildShellServer, buildWebApp, ROOT, WEB_APPS } from './build.mjs';
import { startSite } from './site.mjs';
import { installConvertersInBackground } from './system-deps.mjs';

const watchMode = process.argv.includes('--watch');
const port = Number(process.env.PORT ?? 8080);
const apiPort = Number(process.env.API_PORT ?? 8090);
const remotePortBase = Number(process.env.REMOTE_PORT_BASE ?? 8081);
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(ROOT, '.data'));

function newest(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((max, name) => Math.max(max, newest(path.join(target, name))), stat.mtimeMs);
}

const KERNEL_SOURCES = [path.join(ROOT, 'shared-kernel', 'src'), path.join(ROOT, 'shared-kernel', 'build')];
const sourcesOf = (app) => [path.join(ROOT, app, 'src'), path.join(ROOT, app, 'package.json'), path.join(ROOT, app, 'webpack.config.cjs'), ...KERNEL_SOURCES];
const outputOf = (app) => path.join(ROOT, app, 'dist', app === 'shell' ? 'index.html' : 'mf-manifest.json');

async function buildStale() {
  for (const app of WEB_APPS) {
    if (newest(outputOf(app)) >= Math.max(...sourcesOf(app).map(newest))) continue;
    console.log(`构建 ${app} …`);
    await buildWebApp(app);
  }
  if (newest(path.join(ROOT, 'shell', 'dist-server')) < newest(path.join(ROOT, 'shell', 'server'))) await buildShellServer();
  const apiSources = [path.join(ROOT, 'api', 'src'), path.join(ROOT, 'contracts', 'src')];
  if (newest(path.join(ROOT, 'api', 'dist', 'main.js')) < Math.max(...apiSources.map(newest))) {
    console.log('构建 api …');
    buildApi();
  }
}

function watchSources(site) {
  let timer = null;
  const pending = new Set();
  const flush = async () => {
    const apps = [...pending];
    pending.clear();
    for (const app of apps) {
      try {
        if (app === 'api') {
          buildApi();
          await site.restartApi();
          console.log('API 已重新构建并重启。');
        } else {
          await buildWebApp(app);
          console.log(`已重新构建 ${app}，刷新页面即可看到。`);
        }
      } catch (error) {
        console.error(error.message);
      }
    }
  };
  const schedule = (app) => {
    pending.add(app);
    clearTimeout(timer);
    timer = setTimeout(flush, 300);
  };
  for (const app of WEB_APPS) watch(path.join(ROOT, app, 'src'), { recursive: true }, () => schedule(app));
  for (const dir of KERNEL_SOURCES) watch(dir, { recursive: true }, () => WEB_APPS.forEach(schedule));
  for (const dir of ['api', 'contracts']) watch(path.join(ROOT, dir, 'src'), { recursive: true }, () => schedule('api'));
  return site;
}

async function main() {
  await buildStale();
  const site = await startSite({ port, apiPort, remotePortBase, dataDir });
  console.log('\n站点已启动:');
  console.log(`  网站      ${site.url}/`);
  console.log(`  API       ${site.apiUrl}/api/health/`);
  for (const [remote, { manifest }] of Object.entries(site.deployment)) console.log(`  ${remote.padEnd(15)} ${manifest}`);
  console.log(`  部署清单  ${site.deploymentFile}`);
  console.log(`  支付宝模拟器 ${site.paySimulators.alipay}/   微信支付模拟器 ${site.paySimulators.wxpay}/`);
  if (process.env.NODE_ENV !== 'production') {
    // the demo's SMS codes: only for whoever started the site (this machine, with the token); see docs/api.md
    console.log(`\n开发发件箱（模拟短信中的验证码，仅限本机，链接含访问令牌，请勿外传）:`);
    console.log(`  ${site.url}/api/dev/outbox/?token=${encodeURIComponent(site.devToken)}&mobile=手机号`);
  }
  const demoStaff = path.join(dataDir, 'demo-staff.json');
  if (existsSync(demoStaff)) {
    // made by the API when it seeded this data folder (api/src/modules/accounts/demo-staff.ts)
    const { mobile, password } = JSON.parse(readFileSync(demoStaff, 'utf8'));
    console.log(`\n演示管理员（管理后台 ${site.url}/app/admin）: 手机号 ${mobile}  密码 ${password}`);
  }
  // LibreOffice and poppler for uploads: installed meanwhile when allowed, else a line on how to enable them
  void installConvertersInBackground((line) => console.log(`\n${line}`));
  console.log('\n按 Ctrl-C 停止。');
  if (watchMode) watchSources(site);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\n正在停止…');
    await site.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error) => {
  console.error(error.message ?? error);
  process.exit(1);
});
