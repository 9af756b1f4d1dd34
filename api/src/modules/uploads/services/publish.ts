import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../../core/db';
import * as docs from '../repositories/docs';
import { notify as notifyUser, type NotificationEvent } from '../../notifications';

/** What a document's new state tells its uploader (the notification service), in the caller's transaction. */
export async function notify(app: FastifyInstance, q: Queryable, row: { id: number; title: string; uploader_id: number }, status: number, reason: string): Promise<void> {
  const doc = { docId: Number(row.id), title: row.title };
  const event: NotificationEvent | null =
    status === 0
      ? { kind: 'doc_converted', ...doc }
      : status === 1
        ? { kind: 'doc_approved', ...doc }
        : status === 2
          ? { kind: 'doc_rejected', ...doc, reason }
          : status === 3
            ? { kind: 'doc_convert_failed', ...doc, reason }
            : null;
  if (event) await notifyUser(q, Number(row.uploader_id), { ...event, at: app.now() });
}

/** A conversion failed for good: status 3 with the reason, and the uploader told. */
export async function failConversion(app: FastifyInstance, docsId: number, reason: string): Promise<void> {
  await app.db.transaction(async (tx) => {
    const row = await docs.docForConversion(tx, docsId);
    if (!row || row.status !== 6) return;
    await docs.setStatus(tx, docsId, 3, reason, app.now());
    await notify(app, tx, row, 3, reason);
  });
  app.content.rows.changed('documents', docsId);
}
