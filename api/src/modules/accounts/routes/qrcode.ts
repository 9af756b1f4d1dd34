import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { LoginAnswer, PlatformField } from '../fields';
import { requireActiveUser } from '../guards';
import { TOKEN_PATTERN } from '../qr-login';
import { appScan, qrImage, qrStatus } from '../services/qr-login';
import { messages, StringEnum } from '../../../core/http/validation';

const QR_TYPES = ['login', 'wxgzh_login'] as const;

const TypeField = StringEnum(QR_TYPES, { description: 'login（本站 App 扫码）或 wxgzh_login（微信公众号扫码）', ...messages('二维码类型不正确', '缺少二维码类型') });
const TokenField = Type.String({ pattern: TOKEN_PATTERN, description: '二维码 token', ...messages('二维码无效，请刷新后重试', '缺少二维码 token') });

const QrBody = Type.Object(
  {
    type: TypeField,
    token: Type.Optional(TokenField),
    device: Type.Optional(Type.String({ maxLength: 16, description: '设备，PC' })),
    platform: PlatformField,
    login_type: Type.Optional(Type.Integer({ minimum: 4, maximum: 4, description: '4 扫码', ...messages('登录方式不正确') })),
  },
  { additionalProperties: false },
);
const QrAnswer = Type.Object({
  status: Type.String({ description: 'update 等待扫码/确认；ok 已确认并登录（带 user）' }),
  token: Type.String(),
  expire_time: Type.Integer({ description: '二维码剩余有效秒数' }),
  scanned: Type.Optional(Type.Boolean({ description: 'App 已扫码，等待确认' })),
  user: Type.Optional(LoginAnswer),
});
const ImageQuery = Type.Object({
  type: TypeField,
  token: TokenField,
  action: StringEnum(['make'] as const, { ...messages('不支持的操作', '缺少 action') }),
});
const AppBody = Type.Object({ token: TokenField, type: Type.Optional(TypeField) }, { additionalProperties: false });
const AppAnswer = Type.Object({ status: Type.String({ description: 'scanned / confirmed' }), detail: Type.String() });
export interface QrcodeRouteOptions {
  /** The site's public origin for the code's link (config SITE_ORIGIN); unset: the request's own. */
  siteOrigin?: string;
}

/**
 * QR login (SPEC §3, §4, §7): POST /api/qrcode/ makes a code or tells its status (status ok logs this browser
 * in), GET /api/qrcode/?action=make draws it; the product's app scans (POST /api/qrcode/scan/) and confirms
 * (POST /api/qrcode/confirm/). The socket is in qr-socket.ts.
 */
export async function qrcodeRoutes(app: FastifyInstance, options: QrcodeRouteOptions): Promise<void> {
  app.post<{ Body: Static<typeof QrBody> }>(
    '/api/qrcode/',
    { config: { rateLimit: 'login' }, schema: { tags: ['扫码登录'], body: QrBody, response: { 200: QrAnswer } } },
    async (request, reply) => qrStatus(request, reply, request.body),
  );

  app.get<{ Querystring: Static<typeof ImageQuery> }>(
    '/api/qrcode/',
    {
      config: { rateLimit: 'read' },
      schema: {
        tags: ['扫码登录'],
        querystring: ImageQuery,
        response: { 200: { description: 'PNG 图片', content: { 'image/png': { schema: { type: 'string', format: 'binary' } } } } },
      },
    },
    async (request, reply) => {
      const png = await qrImage(request, request.query.type, request.query.token, options.siteOrigin);
      return reply.type('image/png').send(png);
    },
  );

  for (const action of ['scan', 'confirm'] as const) {
    app.post<{ Body: Static<typeof AppBody> }>(
      `/api/qrcode/${action}/`,
      {
        config: { rateLimit: 'account' },
        schema: { tags: ['扫码登录'], body: AppBody, response: { 200: AppAnswer }, security: [{ session: [], csrf: [] }] },
      },
      async (request) => appScan(request, requireActiveUser(request), action, request.body.token, request.body.type ?? 'login'),
    );
  }
}
