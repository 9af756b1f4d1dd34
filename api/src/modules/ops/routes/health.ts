import { HealthAnswer } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../../core/http/errors';
import { apiVersion } from '../../../core/paths';
import { countMigrations } from '../repositories/ops';

/** GET /api/health/: liveness with a real database round trip. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/health/', { schema: { response: { 200: HealthAnswer } } }, async (request) => {
    let migrations: number;
    try {
      migrations = await countMigrations(app.db);
    } catch (err) {
      request.log.error({ err }, 'health check: database query failed');
      throw new ApiError(503, 'db_unavailable', '数据库暂时不可用，请稍后重试');
    }
    return { status: 'ok' as const, db: app.db.engine, version: apiVersion(), migrations };
  });
}
