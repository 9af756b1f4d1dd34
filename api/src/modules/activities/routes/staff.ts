import { ActivityIdParams, RedPacket, StaffActivity, StaffActivityBody, StaffActivityPage, StaffActivityPatch, StaffActivityQuery, StaffRedPacketBody } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { paginate } from '../../../core/http/pagination';
import { requireStaff } from '../../accounts/guards';
import { audited } from '../../trust/audit';
import { createPacket } from '../services/red-packets';
import { changeActivity, createActivity, staffActivityList } from '../services/staff';

const TAGS = ['管理'];
const ADMIN = ['admin'] as const;

/** Staff (admin; 403 to anyone else): activities and site red packets, until the staff console has pages for them. */
export async function staffRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: StaffActivityQuery }>(
    '/api/staff/activities/',
    { config: { rateLimit: 'read' }, schema: { tags: TAGS, summary: '活动管理列表', querystring: StaffActivityQuery, response: { 200: StaffActivityPage } } },
    async (request) => {
      await requireStaff(request, ADMIN);
      return paginate(request, staffActivityList(app));
    },
  );
  app.post<{ Body: StaffActivityBody }>(
    '/api/staff/activities/',
    { config: { rateLimit: 'account' }, bodyLimit: 16 * 1024, schema: { tags: TAGS, summary: '新建活动', body: StaffActivityBody, response: { 201: StaffActivity } } },
    async (request, reply) => {
      const { user } = await requireStaff(request, ADMIN);
      return reply.code(201).send(await audited(app.db, { staffId: user.id, action: 'activities.create', target_type: 'activity', target_id: '' }, () => createActivity(app, request.body)));
    },
  );
  app.patch<{ Params: ActivityIdParams; Body: StaffActivityPatch }>(
    '/api/staff/activities/:id/',
    { config: { rateLimit: 'account' }, bodyLimit: 16 * 1024, schema: { tags: TAGS, summary: '修改活动', params: ActivityIdParams, body: StaffActivityPatch, response: { 200: StaffActivity } } },
    async (request) => {
      const { user } = await requireStaff(request, ADMIN);
      return audited(app.db, { staffId: user.id, action: 'activities.change', target_type: 'activity', target_id: request.params.id }, () => changeActivity(app, request.params.id, request.body));
    },
  );
  app.post<{ Body: StaffRedPacketBody }>(
    '/api/staff/red-packets/',
    { config: { rateLimit: 'account' }, bodyLimit: 2048, schema: { tags: TAGS, summary: '发官方红包', body: StaffRedPacketBody, response: { 201: RedPacket } } },
    async (request, reply) => {
      const { user } = await requireStaff(request, ADMIN);
      return reply.code(201).send(await audited(app.db, { staffId: user.id, action: 'activities.red_packet', target_type: 'red_packet', target_id: '' }, () => createPacket(app, null, request.body)));
    },
  );
}
