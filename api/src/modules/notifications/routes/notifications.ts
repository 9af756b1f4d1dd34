import {
  Announcement,
  AnnouncementBody,
  Notification,
  NotificationIdParams,
  NotificationListQuery,
  NotificationPage,
  NotificationSettings,
  ReadAllAnswer,
  UnreadCount,
} from 'contracts';
import type { FastifyInstance } from 'fastify';
import { paginate } from '../../../core/http/pagination';
import { requireLogin, requireStaff } from '../../accounts/guards';
import * as service from '../services/notifications';

const TAGS = ['消息'];
type ById = { Params: NotificationIdParams };

/** My messages: the list, the unread count, one, read, read all, delete; the SMS/mail settings; staff announcements. */
export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const read = { rateLimit: 'read' } as const;
  app.get<{ Querystring: NotificationListQuery }>(
    '/api/notifications/',
    { config: read, schema: { tags: TAGS, summary: '消息列表（新的在前）', querystring: NotificationListQuery, response: { 200: NotificationPage } } },
    async (request) => {
      const unread = request.query.unread === '1' || request.query.unread === 'true';
      return paginate(request, await service.notificationPages(app.db, requireLogin(request).user.id, unread));
    },
  );
  app.get('/api/notifications/unread_count/', { config: read, schema: { tags: TAGS, summary: '未读消息数', response: { 200: UnreadCount } } }, async (request) => ({
    count: await service.unreadCount(app.db, requireLogin(request).user.id),
  }));
  app.get('/api/notifications/settings/', { config: read, schema: { tags: TAGS, summary: '哪些消息也发短信或邮件', response: { 200: NotificationSettings } } }, async (request) =>
    service.settingsOf(app.db, requireLogin(request).user.id),
  );
  app.put<{ Body: NotificationSettings }>(
    '/api/notifications/settings/',
    { bodyLimit: 8 * 1024, schema: { tags: TAGS, summary: '设置哪些消息也发短信或邮件', body: NotificationSettings, response: { 200: NotificationSettings } } },
    async (request) => service.saveSettings(app.db, requireLogin(request).user.id, request.body),
  );
  app.post('/api/notifications/read_all/', { schema: { tags: TAGS, summary: '全部标为已读', response: { 200: ReadAllAnswer } } }, async (request) =>
    service.readAll(app, requireLogin(request).user.id),
  );
  app.get<ById>('/api/notifications/:id/', { config: read, schema: { tags: TAGS, summary: '消息详情', params: NotificationIdParams, response: { 200: Notification } } }, async (request) =>
    service.oneNotification(app.db, requireLogin(request).user.id, request.params.id),
  );
  app.post<ById>('/api/notifications/:id/read/', { schema: { tags: TAGS, summary: '标为已读', params: NotificationIdParams, response: { 200: Notification } } }, async (request) =>
    service.readOne(app, requireLogin(request).user.id, request.params.id),
  );
  app.delete<ById>('/api/notifications/:id/', { schema: { tags: TAGS, summary: '删除消息', params: NotificationIdParams } }, async (request, reply) => {
    await service.deleteOne(app, requireLogin(request).user.id, request.params.id);
    return reply.code(204).send();
  });
  app.post<{ Body: AnnouncementBody }>(
    '/api/staff/announcements/',
    { bodyLimit: 64 * 1024, schema: { tags: TAGS, summary: '发布公告（全体或一组用户）', body: AnnouncementBody, response: { 201: Announcement } } },
    async (request, reply) => {
      const { user } = await requireStaff(request, ['admin', 'support']);
      return reply.code(201).send(await service.announce(app, user.id, request.body));
    },
  );
}
