import type { FastifyInstance } from 'fastify';

/** GET /api/openapi.json: the document core/http/openapi.ts collects from every route's schema. */
export async function openApiRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/openapi.json', { config: { rateLimit: 'read' }, schema: { hide: true } }, async () => app.swagger());
}
