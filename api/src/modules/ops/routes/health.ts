import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../../core/http/errors';
import { apiVersion } from '../../../core/paths';

const HealthResponse = Type.Object({
  status: Type.Literal('ok'),
  db: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
  version: Type.String(),
  migrations: Type.Integer(),
});

/** GET /api/health/: liveness with a real database round trip. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/health/', { schema: { response: { 200: HealthResponse } } }, async (request) => {
    let migrations: number;
    try {
      const [row] = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
      migrations = row.n;
    } catch (err) {
      request.log.error({ err }, 'health check: database query failed');
      throw new ApiError(503, 'db_unavailable', '数据库暂时不可用，请稍后重试');
    }
    return { status: 'ok' as const, db: app.db.engine, version: apiVersion(), migrations };
  });
}
