import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LoginAnswer, PlatformField, platformOf } from '../fields';
import { completeLogin } from '../login';
import { requireActiveUser } from '../guards';
import { simulatedOpenid, simulatedUnionid, type SimulatorApps } from '../../../infra/oauth/simulator';
import { qrPng } from '../qr-image';
import {
  appAction,
  browserKeyHash,
  claimQr,
  makeQrToken,
  QR_EXPIRED,
  QR_INVALID,
  findQr,
  TOKEN_PATTERN,
  type QrType,
} from '../qr-login';
import { LOGIN_TYPES } from '../sessions';
import { findUserById } from '../users';
import { devRoutesEnabled } from '../../../core/config';
import { ApiError } from '../../../core/http/errors';
import { messages, StringEnum } from '../../../core/http/validation';
import { loginByIdentity } from './login';

const QR_TYPES = ['login', 'wxgzh_login'] as const;
/** Platforms of the product's own app: only its sessions may scan a login code (SPEC §6). */
export const APP_PLATFORMS = new Set(['android', 'ios']);

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
const WxgzhScanBody = Type.Object(
  { token: TokenField, person: Type.String({ minLength: 1, maxLength: 40, description: '模拟的微信用户（同名即同一人）', ...messages('微信用户不正确', '缺少微信用户') }) },
  { additionalProperties: false },
);

/** The site's origin as the browser sees it (config SITE_ORIGIN, else this request's). */
export function siteOrigin(request: FastifyRequest, configured: string | undefined): string {
  return configured ?? `${request.protocol}://${request.host}`;
}

/** What a login code links to: the site's scan screen (site/qrcode), where the app takes the token from. */
function qrTarget(origin: string, type: QrType, token: string): string {
  return `${origin}/app/site/qrcode?${new URLSearchParams({ type, token })}`;
}

export interface QrcodeRouteOptions {
  siteOrigin?: string;
  /** Set when the OAuth simulator runs: the official account's scan is simulated under /api/dev/. */
  simulator: SimulatorApps | null;
}

/**
 * QR login (SPEC §3, §4, §7): POST /api/qrcode/ makes a code or tells its status (status ok logs this browser
 * in), GET /api/qrcode/?action=make draws it; the product's app scans (POST /api/qrcode/scan/) and confirms
 * (POST /api/qrcode/confirm/). The socket is in auth/qr-socket.ts.
 */
export async function qrcodeRoutes(app: FastifyInstance, options: QrcodeRouteOptions): Promise<void> {
  app.post<{ Body: Static<typeof QrBody> }>(
    '/api/qrcode/',
    { config: { rateLimit: 'login' }, schema: { tags: ['扫码登录'], body: QrBody, response: { 200: QrAnswer } } },
    async (request, reply) => {
      const { type, token } = request.body;
      if (!token) {
        const browser = browserKeyHash(request, reply) as string;
        const made = await makeQrToken(app, type, browser, platformOf(request.body.platform));
        return { status: 'update', token: made.token, expire_time: made.expireS };
      }
      const state = await claimQr(app, token, type, browserKeyHash(request, null));
      if (state.status === 'update') return { status: 'update', token, expire_time: state.remainingS, scanned: state.scanned };
      const user = await findUserById(app.db, state.userId);
      if (!user) throw QR_INVALID();
      const answer = await completeLogin(request, reply, user, {
        loginType: LOGIN_TYPES.qrCode,
        platform: platformOf(request.body.platform, state.platform),
      });
      return { status: 'ok', token, expire_time: 0, user: answer };
    },
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
      const { type, token } = request.query;
      const row = await findQr(app, token);
      if (!row || row.type !== type) throw QR_INVALID();
      if (row.status !== 'confirmed' && row.expire_time.getTime() <= app.now().getTime()) throw QR_EXPIRED();
      return reply.type('image/png').send(qrPng(qrTarget(siteOrigin(request, options.siteOrigin), type, token)));
    },
  );

  const appRoute = (action: 'scan' | 'confirm') =>
    app.post<{ Body: Static<typeof AppBody> }>(
      `/api/qrcode/${action}/`,
      {
        config: { rateLimit: 'account' },
        schema: { tags: ['扫码登录'], body: AppBody, response: { 200: AppAnswer }, security: [{ session: [], csrf: [] }] },
      },
      async (request) => {
        const { user, session } = requireActiveUser(request);
        if (!APP_PLATFORMS.has(session.platform)) throw new ApiError(403, 'qrcode_app_only', '请使用App扫码登录');
        await appAction(app, request.body.token, user.id, action, request.body.type ?? 'login');
        return action === 'scan'
          ? { status: 'scanned', detail: '扫码成功，请在App上确认登录' }
          : { status: 'confirmed', detail: '已确认登录' };
      },
    );
  appRoute('scan');
  appRoute('confirm');

  const simulator = options.simulator;
  // development and test only: in production (a staging site with the simulator) anyone could log in as anyone
  if (simulator && devRoutesEnabled(app.accountsConfig)) {
    // Stands in for the official account's event push: scanning its parametric QR code (scene = token) with
    // WeChat logs that WeChat user in through the weixingzh identity and confirms the code.
    app.post<{ Body: Static<typeof WxgzhScanBody> }>(
      '/api/dev/wxgzh/scan/',
      { config: { rateLimit: false }, schema: { hide: true, body: WxgzhScanBody } },
      async (request) => {
        const { token, person } = request.body;
        const appId = simulator.weixingzh.appId;
        const found = await loginByIdentity(app, 'weixingzh', simulatedOpenid(appId, person), simulatedUnionid(person), 'weixingzh');
        await appAction(app, token, found.user.id, 'confirm', 'wxgzh_login');
        return { status: 'confirmed', detail: '已确认登录', uid: found.user.id, is_new: found.isNew };
      },
    );
  }
}
