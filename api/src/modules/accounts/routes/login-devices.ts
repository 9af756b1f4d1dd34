import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { requireLogin } from '../guards';
import { clearSessionCookies, userChanged } from '../sessions';
import { ApiError } from '../../../core/http/errors';
import { orderBy, OrderingQuery, type OrderingOptions } from '../../../core/http/ordering';
import { PageQuery, PageSchema, paginate } from '../../../core/http/pagination';
import { messages } from '../../../core/http/validation';

const historyOrdering: OrderingOptions = { fields: { create_time: 'create_time' }, default: '-create_time', tieBreaker: 'id' };
const HistoryQuery = Type.Object({ ...PageQuery, ...OrderingQuery(historyOrdering) });
const HistoryItem = Type.Object({
  id: Type.Integer(),
  login_type: Type.Integer({ description: '1 密码，2 短信验证码，3 第三方，4 扫码' }),
  platform: Type.String(),
  device: Type.String({ description: '由 User-Agent 得出的设备名' }),
  ip: Type.String(),
  user_agent: Type.String(),
  create_time: Type.String({ format: 'date-time' }),
});

const devicesOrdering: OrderingOptions = {
  fields: { last_active_time: 'last_active_time', create_time: 'create_time' },
  default: '-last_active_time',
  tieBreaker: 'id',
};
const DevicesQuery = Type.Object({ ...PageQuery, ...OrderingQuery(devicesOrdering) });
const Device = Type.Object({
  ...HistoryItem.properties,
  last_active_time: Type.String({ format: 'date-time' }),
  current: Type.Boolean({ description: '是否为当前这次登录' }),
});
const DeviceParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, ...messages('登录设备不存在') }),
});

/** A readable device name from a User-Agent ('iPhone', 'Android 手机', 'Windows 电脑', '微信', ...). */
export function deviceName(userAgent: string, platform: string): string {
  const ua = userAgent.toLowerCase();
  const where = ua.includes('micromessenger') || platform.startsWith('weixin') ? '微信 · ' : '';
  if (ua.includes('iphone')) return `${where}iPhone`;
  if (ua.includes('ipad')) return `${where}iPad`;
  if (ua.includes('android')) return `${where}Android 手机`;
  if (ua.includes('windows')) return `${where}Windows 电脑`;
  if (ua.includes('mac os') || ua.includes('macintosh')) return `${where}Mac 电脑`;
  if (ua.includes('linux')) return `${where}Linux 电脑`;
  if (where) return '微信';
  return platform ? `其他设备（${platform}）` : '其他设备';
}

interface HistoryRow {
  id: number;
  login_type: number;
  platform: string;
  ip: string;
  user_agent: string;
  create_time: Date;
}

/**
 * GET /api/login-history/ (every login, newest first by default), GET /api/login-devices/ (the live sessions)
 * and DELETE /api/login-devices/{id}/ (ends that session at once; the next request with its cookie is a visitor).
 */
export async function loginDeviceRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: Static<typeof HistoryQuery> }>(
    '/api/login-history/',
    {
      config: { rateLimit: 'read' },
      schema: { tags: ['登录设备'], querystring: HistoryQuery, response: { 200: PageSchema(HistoryItem) } },
    },
    async (request) => {
      const { user } = requireLogin(request);
      const order = orderBy(request.query.ordering, historyOrdering);
      return paginate(request, {
        count: async () =>
          (await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM login_history WHERE user_id = $1', [user.id]))[0].n,
        fetch: async (limit, offset) =>
          (
            await app.db.query<HistoryRow>(
              `SELECT id, login_type, platform, ip, user_agent, create_time FROM login_history
                WHERE user_id = $1 ${order} LIMIT $2 OFFSET $3`,
              [user.id, limit, offset],
            )
          ).map((row) => ({ ...row, device: deviceName(row.user_agent, row.platform) })),
      });
    },
  );

  app.get<{ Querystring: Static<typeof DevicesQuery> }>(
    '/api/login-devices/',
    {
      config: { rateLimit: 'read' },
      schema: { tags: ['登录设备'], querystring: DevicesQuery, response: { 200: PageSchema(Device) } },
    },
    async (request) => {
      const { user, session } = requireLogin(request);
      const order = orderBy(request.query.ordering, devicesOrdering);
      const now = app.now();
      return paginate(request, {
        count: async () =>
          (
            await app.db.query<{ n: number }>(
              'SELECT count(*)::int AS n FROM sessions WHERE user_id = $1 AND expire_time > $2',
              [user.id, now],
            )
          )[0].n,
        fetch: async (limit, offset) =>
          (
            await app.db.query<HistoryRow & { last_active_time: Date }>(
              `SELECT id, login_type, platform, ip, user_agent, create_time, last_active_time FROM sessions
                WHERE user_id = $1 AND expire_time > $2 ${order} LIMIT $3 OFFSET $4`,
              [user.id, now, limit, offset],
            )
          ).map((row) => ({ ...row, device: deviceName(row.user_agent, row.platform), current: row.id === session.id })),
      });
    },
  );

  app.delete<{ Params: Static<typeof DeviceParams> }>(
    '/api/login-devices/:id/',
    { config: { rateLimit: 'account' }, schema: { tags: ['登录设备'], params: DeviceParams, response: { 204: Type.Null() } } },
    async (request, reply) => {
      const { user, session } = requireLogin(request);
      const removed = await app.db.query('DELETE FROM sessions WHERE id = $1 AND user_id = $2 RETURNING id', [
        request.params.id,
        user.id,
      ]);
      if (!removed.length) throw new ApiError(404, 'device_not_found', '登录设备不存在或已下线');
      await userChanged(app, user.id);
      if (request.params.id === session.id) {
        request.session = null;
        request.user = null;
        clearSessionCookies(app, reply);
      }
      return reply.code(204).send();
    },
  );
}
