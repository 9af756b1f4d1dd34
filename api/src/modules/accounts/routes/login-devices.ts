import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { requireLogin } from '../guards';
import { devicePage, endDevice, historyPage } from '../services/login-devices';
import { orderBy, OrderingQuery, type OrderingOptions } from '../../../core/http/ordering';
import { PageQuery, PageSchema } from '../../../core/http/pagination';
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
    async (request) => historyPage(request, requireLogin(request), orderBy(request.query.ordering, historyOrdering)),
  );

  app.get<{ Querystring: Static<typeof DevicesQuery> }>(
    '/api/login-devices/',
    {
      config: { rateLimit: 'read' },
      schema: { tags: ['登录设备'], querystring: DevicesQuery, response: { 200: PageSchema(Device) } },
    },
    async (request) => devicePage(request, requireLogin(request), orderBy(request.query.ordering, devicesOrdering)),
  );

  app.delete<{ Params: Static<typeof DeviceParams> }>(
    '/api/login-devices/:id/',
    { config: { rateLimit: 'account' }, schema: { tags: ['登录设备'], params: DeviceParams, response: { 204: Type.Null() } } },
    async (request, reply) => {
      await endDevice(request, reply, requireLogin(request), request.params.id);
      return reply.code(204).send();
    },
  );
}
