import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import {
  LOGIN_DEVICES_ORDERING,
  LOGIN_HISTORY_ORDERING,
  LoginDevice,
  LoginDeviceParams,
  LoginDevicesQuery,
  LoginHistoryItem,
  LoginHistoryQuery,
  PageSchema,
  SignOutOthersAnswer,
} from 'contracts';
import { requireLogin } from '../guards';
import { devicePage, endDevice, endOtherDevices, historyPage } from '../services/login-devices';
import { orderBy, type OrderingOptions } from '../../../core/http/ordering';

/** The contract's ordering fields, each sorting by the column of its name. */
const byColumn = (fields: readonly string[]) => Object.fromEntries(fields.map((f) => [f, f]));
const historyOrdering: OrderingOptions = { fields: byColumn(LOGIN_HISTORY_ORDERING), default: '-create_time', tieBreaker: 'id' };
const devicesOrdering: OrderingOptions = { fields: byColumn(LOGIN_DEVICES_ORDERING), default: '-last_active_time', tieBreaker: 'id' };

/**
 * GET /api/login-history/ (every login, newest first by default), GET /api/login-devices/ (the live sessions)
 * DELETE /api/login-devices/{id}/ (ends that session at once; the next request with its cookie is a visitor) and
 * POST /api/login-devices/sign-out-others/ (every session but this one).
 */
export async function loginDeviceRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: LoginHistoryQuery }>(
    '/api/login-history/',
    {
      config: { rateLimit: 'read' },
      schema: { tags: ['登录设备'], querystring: LoginHistoryQuery, response: { 200: PageSchema(LoginHistoryItem) } },
    },
    async (request) => historyPage(request, requireLogin(request), orderBy(request.query.ordering, historyOrdering)),
  );

  app.get<{ Querystring: LoginDevicesQuery }>(
    '/api/login-devices/',
    {
      config: { rateLimit: 'read' },
      schema: { tags: ['登录设备'], querystring: LoginDevicesQuery, response: { 200: PageSchema(LoginDevice) } },
    },
    async (request) => devicePage(request, requireLogin(request), orderBy(request.query.ordering, devicesOrdering)),
  );

  app.post(
    '/api/login-devices/sign-out-others/',
    {
      config: { rateLimit: 'account' },
      schema: { tags: ['登录设备'], summary: '下线除当前设备外的所有登录设备', response: { 200: SignOutOthersAnswer } },
    },
    async (request) => endOtherDevices(request, requireLogin(request)),
  );

  app.delete<{ Params: LoginDeviceParams }>(
    '/api/login-devices/:id/',
    { config: { rateLimit: 'account' }, schema: { tags: ['登录设备'], params: LoginDeviceParams, response: { 204: Type.Null() } } },
    async (request, reply) => {
      await endDevice(request, reply, requireLogin(request), request.params.id);
      return reply.code(204).send();
    },
  );
}
