// Finds the system programs the tests need (Chromium and CJK fonts for its pages, PostgreSQL, Redis) and installs the
// missing ones from Debian's packages when this machine allows it (root with apt-get); otherwise says exactly what is
// missing.
import { execFileSync, spawnSync } from 'node:child_process';
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

function missing() {
  const list = [];
  if (!existsSync(CHROMIUM)) list.push({ what: `Chromium (${CHROMIUM})`, pkg: 'chromium' });
  // for Chromium's pages in the end-to-end tests; the API draws captchas and PDFs with its own font (from npm)
  if (!hasCjkFont()) list.push({ what: '浏览器测试用的中文字体 (Noto CJK)', pkg: 'fonts-noto-cjk' });
  if (!postgresBinDir()) list.push({ what: 'PostgreSQL 服务器 (initdb, pg_ctl)', pkg: 'postgresql' });
  if (!redisServerBin()) list.push({ what: 'Redis 服务器 (redis-server)', pkg: 'redis-server' });
  return list;
}

/** @returns {string[]} what is still missing (empty when everything is there). */
export function ensureSystemDeps() {
  let need = missing();
  if (!need.length) return [];
  const canApt = process.getuid?.() === 0 && spawnSync('apt-get', ['--version']).status === 0;
  if (canApt) {
    const pkgs = need.map((n) => n.pkg);
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
