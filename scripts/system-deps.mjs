// Finds the system programs the tests need (Chromium and CJK fonts for its pages, PostgreSQL, Redis, and the document
// converters LibreOffice and poppler) and installs the missing ones from Debian's packages when this machine allows it (root with apt-get); otherwise says exactly what is
// missing.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function hasCjkFont() {
  const out = spawnSync('fc-list', [':lang=zh'], { encoding: 'utf8' });
  return out.status === 0 && out.stdout.trim().length > 0;
}

export function postgresBinDir() {
  if (process.env.PG_BIN_DIR) return process.env.PG_BIN_DIR;
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base).filter((v) => existsSync(`${base}/${v}/bin/initdb`)).sort((a, b) => Number(b) - Number(a));
  return versions.length ? `${base}/${versions[0]}/bin` : null;
}

/** Debian's redis-server (package redis-server): the API's Redis-backed tests start one on a loopback port. */
export function redisServerBin() {
  const candidates = [process.env.REDIS_SERVER, '/usr/bin/redis-server', '/usr/local/bin/redis-server'];
  return candidates.find((p) => p && existsSync(p)) ?? null;
}

const onPath = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;

/**
 * The document converters of uploads (api/src/infra/convert): LibreOffice headless for office files, poppler's
 * pdftotext/pdftoppm/pdfinfo for PDFs. Without them the site still runs; office uploads wait for the converter.
 */
export const CONVERTER_PACKAGES = ['libreoffice-writer-nogui', 'libreoffice-calc-nogui', 'libreoffice-impress-nogui', 'poppler-utils'];

function missingConverters() {
  const list = [];
  if (!onPath('soffice') && !onPath('libreoffice')) list.push({ what: 'LibreOffice (soffice)', pkgs: CONVERTER_PACKAGES.slice(0, 3) });
  if (!onPath('pdftotext') || !onPath('pdftoppm') || !onPath('pdfinfo')) list.push({ what: 'poppler-utils (pdftotext, pdftoppm)', pkgs: ['poppler-utils'] });
  return list;
}

const canApt = () => process.getuid?.() === 0 && spawnSync('apt-get', ['--version']).status === 0;

/**
 * `npm start`: when converters are missing and this machine allows it (root with apt-get, INSTALL_CONVERTERS not
 * `no`), installs them in the background while the site serves (the API finds them at the next job); otherwise
 * says how to enable conversion. Resolves when the install ends (or at once).
 */
export function installConvertersInBackground(log = console.log) {
  const need = missingConverters();
  if (!need.length) return Promise.resolve(true);
  const pkgs = [...new Set(need.flatMap((n) => n.pkgs))];
  const how = `apt-get install ${pkgs.join(' ')}`;
  if (process.env.INSTALL_CONVERTERS === 'no' || !canApt()) {
    log(`文档转换工具未安装（${need.map((n) => n.what).join('、')}）：Office 文档上传后将等待转换。启用转换请以 root 运行 \`${how}\`。`);
    return Promise.resolve(false);
  }
  log(`正在后台安装文档转换工具（${pkgs.join(' ')}），完成前 Office 文档上传后将等待转换…`);
  return new Promise((resolve) => {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const child = spawn('sh', ['-c', `apt-get update -qq && apt-get install -y -qq --no-install-recommends ${pkgs.join(' ')}`], { env, stdio: 'ignore' });
    child.on('error', () => resolve(false));
    child.on('exit', (code) => {
      log(code === 0 ? '文档转换工具已安装，Office 文档将开始转换。' : `文档转换工具安装失败；请以 root 运行 \`${how}\`。`);
      resolve(code === 0);
    });
  });
}

function missing() {
  const list = [];
  if (!existsSync(CHROMIUM)) list.push({ what: `Chromium (${CHROMIUM})`, pkg: 'chromium' });
  // for Chromium's pages in the end-to-end tests; the API draws captchas and PDFs with its own font (from npm)
  if (!hasCjkFont()) list.push({ what: '浏览器测试用的中文字体 (Noto CJK)', pkg: 'fonts-noto-cjk' });
  if (!postgresBinDir()) list.push({ what: 'PostgreSQL 服务器 (initdb, pg_ctl)', pkg: 'postgresql' });
  if (!redisServerBin()) list.push({ what: 'Redis 服务器 (redis-server)', pkg: 'redis-server' });
  for (const n of missingConverters()) list.push({ what: n.what, pkg: n.pkgs.join(' ') });
  return list;
}

/** @returns {string[]} what is still missing (empty when everything is there). */
export function ensureSystemDeps() {
  let need = missing();
  if (!need.length) return [];
  if (canApt()) {
    const pkgs = need.flatMap((n) => n.pkg.split(' '));
    console.log(`正在安装测试所需的系统软件包: ${pkgs.join(' ')}`);
    try {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
      execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...pkgs], {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    } catch (error) {
      console.error(`apt-get 安装失败: ${error.message}`);
    }
    need = missing();
  }
  for (const n of need) console.error(`缺少 ${n.what}：请以 root 运行 \`apt-get install ${n.pkg}\`（Debian 软件包 ${n.pkg}）。`);
  return need.map((n) => n.what);
}
