import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildServer } from '../src/server';
import { call, engines, postJson, startServer, useEngine, type TestServer } from './helpers';

const migrationsDir = path.join(__dirname, '..', 'migrations');
const migrationCount = readdirSync(migrationsDir).filter((f) => f.endsWith('.sql')).length;

async function snapshot(server: TestServer): Promise<{ migrations: number; versions: number }> {
  const health = await call(server.base, '/api/health/');
  const list = await call(server.base, '/api/app-version-detail/?page_size=1');
  expect(health.status).toBe(200);
  expect(list.status).toBe(200);
  return { migrations: health.body.migrations, versions: list.body.count };
}

describe('migrations on a persistent PGlite data folder', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'api-pglite-'));
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('are applied once and the data survives a restart', async () => {
    const first = await startServer({ dataDir });
    let before: { migrations: number; versions: number };
    try {
      before = await snapshot(first);
      expect(before).toEqual({ migrations: migrationCount, versions: 7 });
      const report = await postJson(first.base, '/api/report_error/', { message: '重启前的报错', type: 'Error' });
      expect(report.status).toBe(201);
      expect(report.body).toEqual({ id: 1 });
    } finally {
      await first.close();
    }
    expect(readdirSync(path.join(dataDir, 'pglite'))).toContain('PG_VERSION');

    const second = await startServer({ dataDir });
    try {
      // same migrations, seed rows not inserted twice, and the row written before the restart is still there
      expect(await snapshot(second)).toEqual(before);
      const report = await postJson(second.base, '/api/report_error/', { message: '重启后的报错' });
      expect(report.body).toEqual({ id: 2 });
    } finally {
      await second.close();
    }
  });

  test('a second server on the same data folder is refused while the first runs', async () => {
    const first = await startServer({ dataDir });
    try {
      await expect(buildServer({ dataDir })).rejects.toThrow(/正被进程 \d+ 使用/);
      expect((await call(first.base, '/api/health/')).status).toBe(200);
    } finally {
      await first.close();
    }
    // released at close: the folder opens again
    const again = await startServer({ dataDir });
    await again.close();
  });

  test('a lock left by a dead process is taken over', async () => {
    writeFileSync(`${path.join(dataDir, 'pglite')}.lock`, '999999999\n');
    const server = await startServer({ dataDir });
    try {
      expect((await call(server.base, '/api/health/')).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe.each(engines())('migration runner on %s', (engine) => {
  const db = useEngine(engine, __filename);
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'api-migrations-'));
    cpSync(migrationsDir, dir, { recursive: true });
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  test('restarting applies nothing twice', async () => {
    for (let round = 0; round < 2; round += 1) {
      const server = await startServer({ ...db.options(), migrationsDir: dir });
      try {
        expect(await snapshot(server)).toEqual({ migrations: migrationCount, versions: 7 });
      } finally {
        await server.close();
      }
    }
  });

  test('a new migration file is applied at the next start, in its own transaction', async () => {
    writeFileSync(
      path.join(dir, '9001_more_versions.sql'),
      "INSERT INTO app_versions (platform, version, download_url, notes) VALUES ('pc', '9.0.1', '/x.exe', '测试');",
    );
    const server = await startServer({ ...db.options(), migrationsDir: dir });
    try {
      const state = await snapshot(server);
      // on PGlite every server is a fresh in-memory database; on PostgreSQL the file's database carries on
      expect(state.migrations).toBe(migrationCount + 1);
      expect(state.versions).toBe(8);
    } finally {
      await server.close();
    }
  });

  test('a failing migration rolls back completely and stops the start-up', async () => {
    writeFileSync(
      path.join(dir, '9002_broken.sql'),
      "INSERT INTO app_versions (platform, version, download_url) VALUES ('pc', '9.0.2', '/y.exe');\n" +
        'SELECT no_such_function();',
    );
    await expect(buildServer({ ...db.options(), migrationsDir: dir })).rejects.toThrow(/no_such_function/);
    rmSync(path.join(dir, '9002_broken.sql'));
    const server = await startServer({ ...db.options(), migrationsDir: dir });
    try {
      const list = await call(server.base, '/api/app-version-detail/?platform=pc&page_size=100');
      expect(list.body.results.map((r: { version: string }) => r.version)).not.toContain('9.0.2');
    } finally {
      await server.close();
    }
  });

  test('an applied migration that was edited afterwards stops the start-up', async () => {
    if (engine === 'pglite') {
      // needs a database that outlives the server: use a data folder
      const dataDir = mkdtempSync(path.join(tmpdir(), 'api-pglite-'));
      try {
        await (await buildServer({ dataDir, migrationsDir: dir })).close();
        appendFileSync(path.join(dir, '0001_init.sql'), '\n-- edited\n');
        await expect(buildServer({ dataDir, migrationsDir: dir })).rejects.toThrow(/文件内容被修改/);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    } else {
      await (await buildServer({ ...db.options(), migrationsDir: dir })).close();
      appendFileSync(path.join(dir, '0001_init.sql'), '\n-- edited\n');
      await expect(buildServer({ ...db.options(), migrationsDir: dir })).rejects.toThrow(/文件内容被修改/);
    }
  });

  test('a file not named NNNN_name.sql stops the start-up', async () => {
    writeFileSync(path.join(dir, 'add-users.sql'), 'SELECT 1;');
    await expect(buildServer({ ...db.options(), migrationsDir: dir })).rejects.toThrow(/迁移文件名不合规范/);
  });

  if (engine === 'postgres') {
    test('servers starting together on an empty database apply each migration once', async () => {
      const { createTestDatabase } = await import('./helpers');
      const fresh = await createTestDatabase('concurrent');
      try {
        const started = await Promise.allSettled(
          Array.from({ length: 4 }, () => startServer({ databaseUrl: fresh.url, migrationsDir: dir })),
        );
        const servers = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
        try {
          expect(started.filter((r) => r.status === 'rejected')).toEqual([]);
          for (const server of servers) {
            expect(await snapshot(server)).toEqual({ migrations: migrationCount, versions: 7 });
          }
        } finally {
          await Promise.all(servers.map((s) => s.close()));
        }
      } finally {
        await fresh.drop();
      }
    });
  }
});
