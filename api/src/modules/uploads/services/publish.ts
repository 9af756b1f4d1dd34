import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../../core/db';
import * as docs from '../repositories/docs';
import * as events from '../repositories/events';

/** The end states of a document and the event each one stores for its uploader. */

const link = (id: number) => `user/docs/list?id=${id}`;

export async function notify(app: FastifyInstance, q: Queryable, row: { id: number; title: string; uploader_id: number }, status: number, reason: string): Promise<void> {
  const e =
    status === 1
      ? { kind: 'doc_published', title: `您上传的文档《${row.title}》已发布`, body: '' }
      : status === 2
        ? { kind: 'doc_rejected', title: `您上传的文档《${row.title}》未通过审核`, body: reason }
        : status === 3
          ? { kind: 'doc_convert_failed', title: `您上传的文档《${row.title}》转换失败`, body: reason }
          : null;
  if (e) await events.insertEvent(q, { userId: Number(row.uploader_id), ...e, link: link(Number(row.id)) }, app.now());
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
