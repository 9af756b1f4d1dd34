import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { flatHeaders, keepRawBodies } from '../../../core/http/raw-body';
import type { PayMethod } from '../../../infra/payments/types';
import { handleNotification } from '../services/notifications';

export const NOTIFY_BODY_LIMIT = 64 * 1024;

async function answer(app: FastifyInstance, method: PayMethod, request: FastifyRequest, reply: FastifyReply) {
  const result = await handleNotification(app, method, { headers: flatHeaders(request.headers), rawBody: typeof request.body === 'string' ? request.body : '' });
  return reply.code(result.status).header('content-type', result.contentType).send(result.body);
}

/**
 * POST /api/alipay/notify/ (a form) and /api/wxpay/notify/ (JSON): the providers' asynchronous notifications.
 * Signatures are over the exact bytes received, so in this scope both bodies are kept as text, unparsed.
 * Not in the OpenAPI document: only the providers call them, in their own formats.
 */
export async function notifyRoutes(app: FastifyInstance): Promise<void> {
  keepRawBodies(app, NOTIFY_BODY_LIMIT);
  const options = { bodyLimit: NOTIFY_BODY_LIMIT, config: { rateLimit: 'pay-notify' as const }, schema: { hide: true } };
  app.post('/api/alipay/notify/', options, (request, reply) => answer(app, 'alipay', request, reply));
  app.post('/api/wxpay/notify/', options, (request, reply) => answer(app, 'wxpay', request, reply));
}
