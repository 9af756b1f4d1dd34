import { Type, type Static } from '@sinclair/typebox';
import { defineEndpoints } from './endpoint';
import { ANNOUNCEMENT_AUDIENCES, NOTIFICATION_KINDS } from './enums';
import { Flag, messages, PageQuery, PageSchema, StringEnum, Text } from './schema';
import { PayNext } from './pay';

/** Notifications (issue 17): my messages, their unread count, read/delete, settings, and staff announcements. */

const DateTime = Type.String({ format: 'date-time' });
export const NotificationIdParams = Type.Object({ id: Type.Integer({ minimum: 1, ...messages('编号无效') }) });
export type NotificationIdParams = Static<typeof NotificationIdParams>;

/** Where a notification leads: a site route as the kernel's routeLinkPath takes it (the shape of pay's PayNext). */
export const NotificationLink = PayNext;
export type NotificationLink = Static<typeof NotificationLink>;

export const Notification = Type.Object({
  id: Type.Integer(),
  kind: StringEnum(NOTIFICATION_KINDS),
  title: Type.String(),
  body: Type.String(),
  link: Type.Union([NotificationLink, Type.Null()]),
  is_read: Type.Boolean(),
  create_time: DateTime,
});
export type Notification = Static<typeof Notification>;
export const NotificationPage = PageSchema(Notification);
export type NotificationPage = Static<typeof NotificationPage>;

export const NotificationListQuery = Type.Object({ ...PageQuery, unread: Type.Optional(Flag('1：只看未读')) });
export type NotificationListQuery = Static<typeof NotificationListQuery>;

export const UnreadCount = Type.Object({ count: Type.Integer() });
export type UnreadCount = Static<typeof UnreadCount>;

export const ReadAllAnswer = Type.Object({ count: Type.Integer({ description: '本次标为已读的条数' }), unread: Type.Integer() });
export type ReadAllAnswer = Static<typeof ReadAllAnswer>;

export const NotificationSettings = Type.Object(
  {
    sms: Type.Array(StringEnum(NOTIFICATION_KINDS, messages('未知的消息类型')), { maxItems: NOTIFICATION_KINDS.length, uniqueItems: true, description: '也发短信的消息类型' }),
    mail: Type.Array(StringEnum(NOTIFICATION_KINDS, messages('未知的消息类型')), { maxItems: NOTIFICATION_KINDS.length, uniqueItems: true, description: '也发邮件的消息类型' }),
  },
  { additionalProperties: false },
);
export type NotificationSettings = Static<typeof NotificationSettings>;

export const AnnouncementBody = Type.Object(
  {
    title: Text({ minLength: 1, maxLength: 60, ...messages('标题为 1-60 个字', '请填写标题') }),
    body: Text({ minLength: 1, maxLength: 2000, ...messages('内容为 1-2000 个字', '请填写内容') }),
    audience: StringEnum(ANNOUNCEMENT_AUDIENCES, messages('发送对象无效', '请选择发送对象')),
    users: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 1000, uniqueItems: true, ...messages('用户列表无效') })),
    link: Type.Optional(Type.Union([NotificationLink, Type.Null()])),
  },
  { additionalProperties: false },
);
export type AnnouncementBody = Static<typeof AnnouncementBody>;

export const Announcement = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  body: Type.String(),
  audience: StringEnum(ANNOUNCEMENT_AUDIENCES),
  users: Type.Array(Type.Integer()),
  create_time: DateTime,
});
export type Announcement = Static<typeof Announcement>;

/**
 * What the stream `GET /api/notifications/stream/` sends (Server-Sent Events, each `data:` one JSON object):
 * `count` first and after every change (read, delete, from any tab or device), `notification` for each new one.
 */
export type NotificationStreamEvent = { type: 'count'; unread: number } | { type: 'notification'; notification: Notification; unread: number };

export const notificationsEndpoints = defineEndpoints({
  'GET /api/notifications/': { querystring: NotificationListQuery, response: { 200: NotificationPage } },
  'GET /api/notifications/unread_count/': { response: { 200: UnreadCount } },
  'GET /api/notifications/{id}/': { params: NotificationIdParams, response: { 200: Notification } },
  'POST /api/notifications/{id}/read/': { params: NotificationIdParams, response: { 200: Notification } },
  'POST /api/notifications/read_all/': { response: { 200: ReadAllAnswer } },
  'DELETE /api/notifications/{id}/': { params: NotificationIdParams, response: {} },
  'GET /api/notifications/settings/': { response: { 200: NotificationSettings } },
  'PUT /api/notifications/settings/': { body: NotificationSettings, response: { 200: NotificationSettings } },
  'POST /api/staff/announcements/': { body: AnnouncementBody, response: { 201: Announcement } },
});
