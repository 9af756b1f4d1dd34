import type { FastifyInstance } from 'fastify';
import { claimPendingCopies, finishCopy } from '../repositories/notifications';

/**
 * Sends the queued mail copies (the site's name in the subject, the message as the text). SMS copies are skipped:
 * the SMS provider has only the verification-code template, and a notification needs an approved one of its own.
 * A copy is tried once: a message is not worth a retry storm, and the site shows it anyway.
 */
export async function sendCopies(app: FastifyInstance, limit = 50): Promise<number> {
  const copies = await claimPendingCopies(app.db, limit);
  for (const copy of copies) {
    if (copy.channel === 'sms' || !copy.email) {
      await finishCopy(app.db, copy.id, 'skipped', app.now());
      continue;
    }
    try {
      await app.mail.send({ to: copy.email, subject: `【知库文档】${copy.title}`, text: copy.body });
      await finishCopy(app.db, copy.id, 'sent', app.now());
    } catch (err) {
      app.log.warn({ err }, 'notification mail copy failed');
      await finishCopy(app.db, copy.id, 'failed', app.now());
    }
  }
  return copies.length;
}
