import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { Text } from '../../../core/http/validation';

const Body = Type.Object(
  {
    message: Text({ minLength: 1, maxLength: 2000, description: '错误信息' }),
    stack: Type.Optional(Text({ maxLength: 20000, description: '调用栈' })),
    type: Type.Optional(Text({ maxLength: 50, description: '错误类型，如 TypeError、unhandledrejection' })),
    route: Type.Optional(Text({ maxLength: 2000, description: '出错时的页面路径' })),
  },
  { additionalProperties: false },
);

const Created = Type.Object({ id: Type.Integer() });

/** POST /api/report_error/ (SPEC §7 "App and site"): uncaught front-end errors, stored for diagnosis. */
export async function reportErrorRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: Static<typeof Body> }>(
    '/api/report_error/',
    { bodyLimit: 64 * 1024, config: { rateLimit: 'client-report' }, schema: { body: Body, response: { 201: Created } } },
    async (request, reply) => {
      const { message, stack = '', type = '', route = '' } = request.body;
      const userAgent = (request.headers['user-agent'] ?? '').slice(0, 500);
      const [row] = await app.db.query<{ id: number }>(
        `INSERT INTO client_error_reports (type, message, stack, route, user_agent)
         VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [type, message, stack, route, userAgent],
      );
      return reply.code(201).send(row);
    },
  );
}
