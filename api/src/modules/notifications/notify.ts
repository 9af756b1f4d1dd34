import type { Queryable } from '../../core/db';
import { textOf, type NotificationEvent } from './events';
import { channelsOf, insertNotification, queueCopy } from './repositories/notifications';

/** The NOTIFY channel of new, read and deleted notifications; the payload is the user's id, or '*' for everyone. */
export const NOTIFICATIONS_CHANNEL = 'user_notifications';

/**
 * Tells the open streams of `userId` ('*': of everyone) that their messages changed. NOTIFY is transactional on
 * both engines (PostgreSQL, and PGlite in this process): inside a transaction it is heard only once it commits.
 */
export async function signal(db: Queryable, userId: number | '*'): Promise<void> {
  await db.query('SELECT pg_notify($1, $2)', [NOTIFICATIONS_CHANNEL, String(userId)]);
}

/**
 * The one entry point every module calls: a notification for `userId` of `event`, its Chinese text and link built
 * here, written with the caller's handle (pass the transaction of the event, so both commit or neither), with the
 * SMS/mail copies the user asked for queued, and the user's open streams told once it commits.
 */
export async function notify(db: Queryable, userId: number, event: NotificationEvent & { at?: Date }): Promise<void> {
  const text = textOf(event);
  const at = event.at ?? new Date();
  const id = await insertNotification(db, { userId, ...text, at });
  const channels = await channelsOf(db, userId);
  if (channels.sms_kinds.includes(text.kind)) await queueCopy(db, id, 'sms', at);
  if (channels.mail_kinds.includes(text.kind)) await queueCopy(db, id, 'mail', at);
  await signal(db, userId);
}
