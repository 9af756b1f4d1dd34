import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { call, engines, expectErrorBody, startServer, useEngine, type TestServer } from './helpers';

const apiVersion = JSON.parse(readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')).version as string;
// every NNNN_name.sql of api/migrations (several teams add theirs)
const migrationFiles = readdirSync(path.join(__dirname, '..', 'migrations')).filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f)).length;

describe.each(engines())('health on %s', (engine) => {
  const db = useEngine(engine, __filename);
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(db.options());
  });
  afterAll(async () => {
    await server?.close();
  });

  test('GET /api/health/ answers ok with the engine, version and applied migrations', async () => {
    const res = await call(server.base, '/api/health/');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', db: engine, version: apiVersion, migrations: migrationFiles });
  });

  test('carries no-store and the security headers', async () => {
    const res = await call(server.base, '/api/health/');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });

  test('answers 503 in Chinese when the database query fails', async () => {
    const broken = await startServer(db.options());
    try {
      await broken.app.db.close(); // the server keeps listening, its database is gone
      const res = await call(broken.base, '/api/health/');
      expectErrorBody(res, 503, 'db_unavailable');
      expect(res.body.message).toBe('数据库暂时不可用，请稍后重试');
      expect(JSON.stringify(res.body)).not.toMatch(/closed|pool|PGlite|Error/i);
    } finally {
      await broken.close();
    }
  });
});
