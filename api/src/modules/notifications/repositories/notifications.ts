import type { AnnouncementAudience, NotificationKind, NotificationLink } from 'contracts';
import type { Queryable } from '../../../core/db';

export interface NotificationRow {
  id: number;
  user_id: number;
  kind: NotificationKind;
  title: string;
  body: string;
  link: NotificationLink | null;
  is_read: boolean;
  create_time: Date;
}

const COLUMNS = 'id, user_id, kind, title, body, link, is_read, create_time';

export async function insertNotification(
  q: Queryable,
  n: { userId: number; kind: NotificationKind; title: string; body: string; link: NotificationLink | null; at: Date },
): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    'INSERT INTO notifications (user_id, kind, title, body, link, create_time) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
    [n.userId, n.kind, n.title, n.body, n.link === null ? null : JSON.stringify(n.link), n.at],
  );
  return row!.id;
}

/** The kinds a user wants by SMS and by mail (empty without a settings row). */
export async function channelsOf(q: Queryable, userId: number): Promise<{ sms_kinds: string[]; mail_kinds: string[] }> {
  const [row] = await q.query<{ sms_kinds: string[]; mail_kinds: string[] }>('SELECT sms_kinds, mail_kinds FROM notification_settings WHERE user_id = $1', [userId]);
  return row ?? { sms_kinds: [], mail_kinds: [] };
}

export async function saveChannels(q: Queryable, userId: number, sms: readonly string[], mail: readonly string[]): Promise<void> {
  await q.query(
    `INSERT INTO notification_settings (user_id, sms_kinds, mail_kinds) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET sms_kinds = EXCLUDED.sms_kinds, mail_kinds = EXCLUDED.mail_kinds`,
    [userId, sms, mail],
  );
}

export async function queueCopy(q: Queryable, notificationId: number, channel: 'sms' | 'mail', at: Date): Promise<void> {
  await q.query('INSERT INTO notification_outbox (notification_id, channel, create_time) VALUES ($1, $2, $3)', [notificationId, channel, at]);
}

const LIVE = 'user_id = $1 AND NOT deleted';

export async function countNotifications(q: Queryable, userId: number, unreadOnly: boolean): Promise<number> {
  const [row] = await q.query<{ n: number }>(`SELECT count(*) AS n FROM notifications WHERE ${LIVE}${unreadOnly ? ' AND NOT is_read' : ''}`, [userId]);
  return row!.n;
}

export async function listNotifications(q: Queryable, userId: number, unreadOnly: boolean, limit: number, offset: number): Promise<NotificationRow[]> {
  return q.query<NotificationRow>(
    `SELECT ${COLUMNS} FROM notifications WHERE ${LIVE}${unreadOnly ? ' AND NOT is_read' : ''} ORDER BY create_time DESC, id DESC LIMIT $2 OFFSET $3`,
    [userId, limit, offset],
  );
}

/** One of the user's own notifications (another user's is not found, like a missing one). */
export async function notificationOf(q: Queryable, userId: number, id: number): Promise<NotificationRow | undefined> {
  const [row] = await q.query<NotificationRow>(`SELECT ${COLUMNS} FROM notifications WHERE id = $2 AND ${LIVE}`, [userId, id]);
  return row;
}

export async function markRead(q: Queryable, userId: number, id: number | null, at: Date): Promise<number> {
  const rows = await q.query(
    `UPDATE notifications SET is_read = true, read_time = $2 WHERE ${LIVE} AND NOT is_read${id === null ? '' : ' AND id = $3'} RETURNING id`,
    id === null ? [userId, at] : [userId, at, id],
  );
  return rows.length;
}

export async function markDeleted(q: Queryable, userId: number, id: number): Promise<boolean> {
  const rows = await q.query(`UPDATE notifications SET deleted = true WHERE id = $2 AND ${LIVE} RETURNING id`, [userId, id]);
  return rows.length > 0;
}

export interface AnnouncementRow {
  id: number;
  title: string;
  body: string;
  audience: AnnouncementAudience;
  user_ids: number[];
  create_time: Date;
}

export async function insertAnnouncement(
  q: Queryable,
  a: { title: string; body: string; audience: AnnouncementAudience; userIds: number[]; link: NotificationLink | null; senderId: number; at: Date },
): Promise<AnnouncementRow> {
  const [row] = await q.query<AnnouncementRow>(
    `INSERT INTO announcements (title, body, audience, user_ids, link, sender_id, create_time) VALUES ($1, $2, $3, $4, $5, $6, $7)
     RETURNING id, title, body, audience, user_ids, create_time`,
    [a.title, a.body, a.audience, a.userIds, a.link === null ? null : JSON.stringify(a.link), a.senderId, a.at],
  );
  return row!;
}

/**
 * Writes the user's rows of the announcements made for them since they were last fanned out (and since their
 * account exists), and moves their mark past the newest announcement. Answers how many rows it wrote.
 */
export async function fanOutAnnouncements(q: Queryable, userId: number): Promise<number> {
  const rows = await q.query<{ id: number }>(
    `WITH me AS (
       SELECT u.id, u.create_time, coalesce(s.last_announcement, 0) AS mark FROM users u
       LEFT JOIN notification_settings s ON s.user_id = u.id WHERE u.id = $1
     ), due AS (
       SELECT a.* FROM announcements a, me
       WHERE a.id > me.mark AND a.create_time >= me.create_time
         AND (a.audience = 'all' OR (a.audience = 'users' AND me.id = ANY (a.user_ids))
              OR (a.audience = 'uploaders' AND EXISTS (SELECT 1 FROM documents d WHERE d.uploader_id = me.id)))
     )
     INSERT INTO notifications (user_id, kind, title, body, link, announcement_id, create_time)
     SELECT $1, 'announcement', title, body, link, id, create_time FROM due
     ON CONFLICT (announcement_id, user_id) WHERE announcement_id IS NOT NULL DO NOTHING RETURNING id`,
    [userId],
  );
  return rows.length;
}

/** The newest announcement id, and the user's mark (so a caller can skip the fan-out when nothing is new). */
export async function announcementMarks(q: Queryable, userId: number): Promise<{ newest: number; mark: number }> {
  const [row] = await q.query<{ newest: number; mark: number }>(
    `SELECT coalesce((SELECT max(id) FROM announcements), 0) AS newest,
            coalesce((SELECT last_announcement FROM notification_settings WHERE user_id = $1), 0) AS mark`,
    [userId],
  );
  return row!;
}

export async function moveAnnouncementMark(q: Queryable, userId: number, newest: number): Promise<void> {
  await q.query(
    `INSERT INTO notification_settings (user_id, last_announcement) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET last_announcement = greatest(notification_settings.last_announcement, EXCLUDED.last_announcement)`,
    [userId, newest],
  );
}

/** The user's messages newer than `afterId`, newest first (what a stream has not sent yet). */
export async function listNewerThan(q: Queryable, userId: number, afterId: number, limit: number): Promise<NotificationRow[]> {
  return q.query<NotificationRow>(`SELECT ${COLUMNS} FROM notifications WHERE ${LIVE} AND id > $2 ORDER BY id DESC LIMIT $3`, [userId, afterId, limit]);
}

export interface PendingCopy {
  id: number;
  channel: 'sms' | 'mail';
  title: string;
  body: string;
  email: string | null;
}

/**
 * Claims up to `limit` waiting copies (oldest first) for this sender: they move to 'sending' in one statement, so
 * two processes never send one twice, and no transaction stays open while the mail goes out.
 */
export async function claimPendingCopies(q: Queryable, limit: number): Promise<PendingCopy[]> {
  return q.query<PendingCopy>(
    `WITH claimed AS (
       UPDATE notification_outbox SET state = 'sending' WHERE id IN (
         SELECT id FROM notification_outbox WHERE state = 'pending' ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED
       ) RETURNING id, channel, notification_id
     )
     SELECT c.id, c.channel, n.title, n.body, u.email FROM claimed c
       JOIN notifications n ON n.id = c.notification_id JOIN users u ON u.id = n.user_id ORDER BY c.id`,
    [limit],
  );
}

export async function finishCopy(q: Queryable, id: number, state: 'sent' | 'skipped' | 'failed', at: Date): Promise<void> {
  await q.query('UPDATE notification_outbox SET state = $2, attempts = attempts + 1, send_time = $3 WHERE id = $1', [id, state, at]);
}
