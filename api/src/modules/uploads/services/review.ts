import type { MyDocGroup, StaffDoc, UploadSetting, UploadSettings } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../../core/http/errors';
import type { PaginateOptions } from '../../../core/http/pagination';
import { converterStatus } from '../../../infra/convert';
import { startOfDay } from '../../content/day';
import { ARCHIVE_TYPES, DOCUMENT_TYPES, IMAGE_TYPES, LIMITS } from '../config';
import * as docs from '../repositories/docs';
import * as settings from '../repositories/settings';
import { docNotFound } from './docs';
import { notify } from './publish';
import { staffDoc } from './serialize';

/** Staff review of uploaded documents (reviewer, admin), the upload rule, and the limits the upload page shows. */

export function staffDocPage(app: FastifyInstance, group: MyDocGroup = 'reviewing'): PaginateOptions<StaffDoc> {
  const filter = { uploaderId: null, statuses: docs.GROUP_STATUSES[group], search: '' };
  return {
    count: () => docs.docCount(app.db, filter),
    fetch: async (limit, offset) => (await docs.docList(app.db, filter, limit, offset)).map(staffDoc),
  };
}

/** Approve (→ 1) or reject (→ 2 with the reason) a document waiting for review; the uploader is told. */
export async function reviewDoc(app: FastifyInstance, id: number, decision: { status: 1 | 2; reason: string }): Promise<StaffDoc> {
  await app.db.transaction(async (tx) => {
    const row = await docs.docRow(tx, id);
    if (!row) throw docNotFound();
    if (row.status !== 0) throw new ApiError(409, 'not_reviewing', '该文档不在待审核状态');
    await docs.setStatus(tx, id, decision.status, decision.reason, app.now());
    await notify(app, tx, row, decision.status, decision.reason);
  });
  app.content.rows.changed('documents', id);
  return staffDoc((await docs.docRow(app.db, id)) as docs.MyDocRow);
}

export async function readUploadSettings(app: FastifyInstance): Promise<UploadSettings> {
  return { trusted_uploader_level: await settings.trustedUploaderLevel(app.db) };
}

export async function changeUploadSettings(app: FastifyInstance, patch: { trusted_uploader_level?: number | null }): Promise<UploadSettings> {
  if (patch.trusted_uploader_level !== undefined) await settings.setTrustedUploaderLevel(app.db, patch.trusted_uploader_level, app.now());
  return readUploadSettings(app);
}

/** GET upload-setting/: the limits, today's uploads left (null for a visitor), whether office files convert now. */
export async function uploadSetting(app: FastifyInstance, userId: number | null): Promise<UploadSetting> {
  const left = userId === null ? null : Math.max(0, LIMITS.dailyUploads - (await docs.uploadsSince(app.db, userId, startOfDay(app.now()))));
  const converter = converterStatus();
  return {
    max_size: LIMITS.maxSize,
    image_max_size: LIMITS.imageMaxSize,
    max_batch: LIMITS.maxBatch,
    daily_uploads: LIMITS.dailyUploads,
    left_today: left,
    chunk_size: LIMITS.chunkSize,
    max_price: LIMITS.maxPrice,
    preview_pages: { ...LIMITS.previewPages },
    types: { documents: [...DOCUMENT_TYPES], images: [...IMAGE_TYPES], archives: [...ARCHIVE_TYPES] },
    converter_ready: converter.ready,
    converter_message: converter.ready ? '' : converter.message,
  };
}
