import type { FastifyInstance } from 'fastify';
import { QrAnswer, QrAppAnswer, QrAppBody, QrBody, QrImageQuery } from 'contracts';
import { requireActiveUser } from '../guards';
import { appScan, qrImage, qrStatus } from '../services/qr-login';

export interface QrcodeRouteOptions {
  /** The site's public origin for the code's link (config SITE_ORIGIN); unset: this server's listening address, never the request's Host. */
  siteOrigin?: string;
}

/**
 * QR login (SPEC §3, §4, §7): POST /api/qrcode/ makes a code or tells its status (status ok logs this browser
 * in), GET /api/qrcode/?action=make draws it; the product's app scans (POST /api/qrcode/scan/) and confirms
 * (POST /api/qrcode/confirm/). The socket is in qr-socket.ts.
 */
export async function qrcodeRoutes(app: FastifyInstance, options: QrcodeRouteOptions): Promise<void> {
  app.post<{ Body: QrBody }>(
    '/api/qrcode/',
    { config: { rateLimit: 'login' }, schema: { tags: ['扫码登录'], body: QrBody, response: { 200: QrAnswer } } },
    async (request, reply) => qrStatus(request, reply, request.body),
  );

  app.get<{ Querystring: QrImageQuery }>(
    '/api/qrcode/',
    {
      config: { rateLimit: 'read' },
      schema: {
        tags: ['扫码登录'],
        querystring: QrImageQuery,
        response: { 200: { description: 'PNG 图片', content: { 'image/png': { schema: { type: 'string', format: 'binary' } } } } },
      },
    },
    async (request, reply) => {
      const png = await qrImage(request, request.query.type, request.query.token, options.siteOrigin);
      return reply.type('image/png').send(png);
    },
  );

  for (const action of ['scan', 'confirm'] as const) {
    app.post<{ Body: QrAppBody }>(
      `/api/qrcode/${action}/`,
      {
        config: { rateLimit: 'account' },
        schema: { tags: ['扫码登录'], body: QrAppBody, response: { 200: QrAppAnswer }, security: [{ session: [], csrf: [] }] },
      },
      async (request) => appScan(request, requireActiveUser(request), action, request.body.token, request.body.type ?? 'login'),
    );
  }
}
