import type { AnnouncementBody, Notification, NotificationSettings } from 'contracts';
import type { FastifyInstance } from 'fastify';
import type { Db, Queryable } from '../../../core/db';
import { ApiError, invalid } from '../../../core/http/errors';
import type { PaginateOptions } from '../../../core/http/pagination';
import { signal } from '../notify';
import * as repo from '../repositories/notifications';

const notFound = () => new ApiError(404, 'not_found', '消息不存在或已删除');

export function serialize(row: repo.NotificationRow): Omit<Notification, 'create_time'> & { create_time: Date } {
  return { id: row.id, kind: row.kind, title: row.title, body: row.body, link: row.link, is_read: row.is_read, create_time: row.create_time };
}

/** The announcements made for the user since the last time become their rows (the lazy fan-out, migration 0056). */
export async function syncAnnouncements(db: Queryable, userId: number): Promise<void> {
  const { newest, mark } = await repo.announcementMarks(db, userId);
  if (newest <= mark) return;
  await repo.fanOutAnnouncements(db, userId);
  await repo.moveAnnouncementMark(db, userId, newest);
}

export async function notificationPages(db: Db, userId: number, unreadOnly: boolean): Promise<PaginateOptions<ReturnType<typeof serialize>>> {
  await syncAnnouncements(db, userId);
  return {
    count: () => repo.countNotifications(db, userId, unreadOnly),
    fetch: async (limit, offset) => (await repo.listNotifications(db, userId, unreadOnly, limit, offset)).map(serialize),
  };
}

export async function unreadCount(db: Queryable, userId: number): Promise<number> {
  await syncAnnouncements(db, userId);
  return repo.countNotifications(db, userId, true);
}

export async function oneNotification(db: Db, userId: number, id: number) {
  const row = await repo.notificationOf(db, userId, id);
  if (!row) throw notFound();
  return serialize(row);
}

export async function readOne(app: FastifyInstance, userId: number, id: number) {
  return app.db.transaction(async (tx) => {
    const row = await repo.notificationOf(tx, userId, id);
    if (!row) throw notFound();
    if (!row.is_read && (await repo.markRead(tx, userId, id, app.now())) > 0) await signal(tx, userId);
    return serialize({ ...row, is_read: true });
  });
}

export async function readAll(app: FastifyInstance, userId: number): Promise<{ count: number; unread: number }> {
  await syncAnnouncements(app.db, userId);
  const count = await app.db.transaction(async (tx) => {
    const n = await repo.markRead(tx, userId, null, app.now());
    if (n > 0) await signal(tx, userId);
    return n;
  });
  return { count, unread: await repo.countNotifications(app.db, userId, true) };
}

export async function deleteOne(app: FastifyInstance, userId: number, id: number): Promise<void> {
  await app.db.transaction(async (tx) => {
    if (!(await repo.markDeleted(tx, userId, id))) throw notFound();
    await signal(tx, userId);
  });
}

export async function settingsOf(db: Queryable, userId: number): Promise<NotificationSettings> {
  const row = await repo.channelsOf(db, userId);
  return { sms: row.sms_kinds as NotificationSettings['sms'], mail: row.mail_kinds as NotificationSettings['mail'] };
}

export async function saveSettings(db: Queryable, userId: number, s: NotificationSettings): Promise<NotificationSettings> {
  await repo.saveChannels(db, userId, s.sms, s.mail);
  return settingsOf(db, userId);
}

/** A staff announcement: stored once, every user's open streams told (their rows are written when they look). */
export async function announce(app: FastifyInstance, senderId: number, body: AnnouncementBody) {
  if (body.audience === 'users' && !body.users?.length) throw invalid({ users: ['请填写接收公告的用户'] }, '请填写接收公告的用户');
  return app.db.transaction(async (tx) => {
    const row = await repo.insertAnnouncement(tx, {
      title: body.title,
      body: body.body,
      audience: body.audience,
      userIds: body.audience === 'users' ? (body.users ?? []) : [],
      link: body.link ?? null,
      senderId,
      at: app.now(),
    });
    await signal(tx, '*');
    return { id: row.id, title: row.title, body: row.body, audience: row.audience, users: row.user_ids.map(Number), create_time: row.create_time };
  });
}
