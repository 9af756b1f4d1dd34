import { ErrorReportBody, ErrorReportCreated } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { insertClientErrorReport } from '../repositories/ops';

/** POST /api/report_error/ (SPEC §7 "App and site"): uncaught front-end errors, stored for diagnosis. */
export async function reportErrorRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: ErrorReportBody }>(
    '/api/report_error/',
    { bodyLimit: 64 * 1024, config: { rateLimit: 'client-report' }, schema: { body: ErrorReportBody, response: { 201: ErrorReportCreated } } },
    async (request, reply) => {
      const { message, stack = '', type = '', route = '' } = request.body;
      const userAgent = (request.headers['user-agent'] ?? '').slice(0, 500);
      const id = await insertClientErrorReport(app.db, { type, message, stack, route, userAgent });
      return reply.code(201).send({ id });
    },
  );
}
