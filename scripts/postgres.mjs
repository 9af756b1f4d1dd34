// A throw-away PostgreSQL server on loopback for the API's PostgreSQL test run: initdb into a temp folder, start on
// a free port, stop and delete it afterwards. initdb refuses to run as root, so as root it runs as `postgres`.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { postgresBinDir } from './system-deps.mjs';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** `port`: a loopback port to listen on (default: a free one). */
export async function startTempPostgres({ port: wanted } = {}) {
  const bin = postgresBinDir();
  if (!bin) throw new Error('找不到 PostgreSQL（initdb）');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pg-test-'));
  chmodSync(dir, 0o777);
  const dataDir = path.join(dir, 'data');
  const port = wanted ?? (await freePort());
  const asRoot = process.getuid?.() === 0;
  const run = (cmd, args) => {
    const full = path.join(bin, cmd);
    if (asRoot) execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', [full, ...args].map((a) => `'${a}'`).join(' ')], { stdio: 'pipe' });
    else execFileSync(full, args, { stdio: 'pipe' });
  };
  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-locale']);
  run('pg_ctl', ['-D', dataDir, '-l', path.join(dir, 'server.log'), '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
