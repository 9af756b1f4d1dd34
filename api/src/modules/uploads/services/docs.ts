import { rm } from 'node:fs/promises';
import { refusePenalized } from '../../trust/penalties-check';
import type { DocCreateBody, DocPatchBody, MyDoc, MyDocGroup } from 'contracts';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../../core/db';
import { ApiError, invalid } from '../../../core/http/errors';
import type { PaginateOptions } from '../../../core/http/pagination';
import { inspectUpload } from '../../../infra/convert';
import { extCateOf } from '../../content/constants';
import { releaseFile } from '../../content/repositories/files';
import { LIMITS, maxSizeOf, sizeText } from '../config';
import * as docs from '../repositories/docs';
import * as jobs from '../repositories/jobs';
import * as sessions from '../repositories/sessions';
import { myDoc } from './serialize';
import { checkDailyCount, sessionFile } from './sessions';

/** Uploaded documents of their owner: create from a finished upload, edit, replace the file, delete, retry. */

export const docNotFound = () => new ApiError(404, 'not_found', '文档不存在或已删除');
const uploadError = (reason: string) => invalid({ upload: [reason] }, reason);

/** A document of this owner (404 for anyone else's: no hint that it exists). */
async function ownDoc(app: FastifyInstance, userId: number, id: number): Promise<docs.MyDocRow> {
  const row = await docs.docRow(app.db, id);
  if (!row || Number(row.uploader_id) !== userId) throw docNotFound();
  return row;
}

export async function myDocOut(app: FastifyInstance, userId: number, id: number): Promise<MyDoc> {
  return myDoc(await ownDoc(app, userId, id));
}

export function myDocPage(app: FastifyInstance, userId: number, group: MyDocGroup = 'all', search = ''): PaginateOptions<MyDoc> {
  const filter = { uploaderId: userId, statuses: docs.GROUP_STATUSES[group], search: search.trim() };
  return {
    count: () => docs.docCount(app.db, filter),
    fetch: async (limit, offset) => (await docs.docList(app.db, filter, limit, offset)).map(myDoc),
  };
}

/**
 * Takes a finished upload: checks its content (type by content, not name), moves it into the storage and answers
 * the new file row's values. The session and its temporary file go whatever the outcome of the check.
 */
async function takeUpload(app: FastifyInstance, userId: number, uploadId: string): Promise<{ file: docs.NewFile; sessionId: string }> {
  const session = await sessions.sessionOf(app.db, uploadId, userId, app.now());
  if (!session) throw uploadError('上传不存在或已过期，请重新上传');
  if (Number(session.offset) !== Number(session.size)) throw uploadError('文件尚未上传完成');
  const temp = sessionFile(app, session.id);
  const inspected = await inspectUpload(temp, session.name);
  if (!inspected.ok) {
    await sessions.deleteSession(app.db, session.id);
    await rm(temp, { force: true });
    throw uploadError(inspected.reason);
  }
  const max = maxSizeOf(inspected.ext);
  if (Number(session.size) > max) throw uploadError(`文件大小不能超过${sizeText(max)}`);
  const stored = await app.content.storage.putFile('docs', temp);
  const file = { storage_key: stored.key, original_name: session.name, ext: inspected.ext, mime: inspected.mime, size: stored.size, sha256: stored.sha256 };
  return { file, sessionId: session.id };
}

/**
 * Writes the rows of a taken upload in one transaction (`write`); on any failure the stored file goes again, so no
 * file is left without its row; once written, the temporary file goes and the worker is woken.
 */
async function commitUpload<T>(app: FastifyInstance, taken: { file: docs.NewFile; sessionId: string }, write: (tx: Queryable, fileId: number) => Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await app.db.transaction(async (tx) => {
      const fileId = await docs.insertFile(tx, taken.file, app.now());
      const out = await write(tx, fileId);
      await sessions.deleteSession(tx, taken.sessionId);
      return out;
    });
  } catch (err) {
    await app.content.storage.delete(taken.file.storage_key);
    throw err;
  }
  await rm(sessionFile(app, taken.sessionId), { force: true });
  return result;
}

async function checkCategory(app: FastifyInstance, id: number | undefined): Promise<void> {
  if (id !== undefined && !(await docs.uploadCategoryExists(app.db, id))) throw invalid({ category: ['请选择分类'] }, '请选择分类');
}

export async function createDoc(app: FastifyInstance, userId: number, body: DocCreateBody): Promise<MyDoc> {
  await refusePenalized(app.db, userId, 'no_upload', app.now());
  await checkCategory(app, body.category);
  await checkDailyCount(app, userId);
  const taken = await takeUpload(app, userId, body.upload);
  let jobId = 0;
  const id = await commitUpload(app, taken, async (tx, fileId) => {
    const docId = await docs.insertDoc(
      tx,
      {
        title: body.title.trim() || taken.file.original_name,
        summary: body.summary ?? '',
        categoryId: body.category,
        uploaderId: userId,
        fileId,
        fileType: taken.file.ext,
        extCate: extCateOf(taken.file.ext),
        size: taken.file.size,
        price: body.price,
        previewPages: body.preview_pages ?? LIMITS.previewPages.default,
      },
      app.now(),
    );
    jobId = await jobs.enqueue(tx, docId, app.now());
    return docId;
  });
  await app.uploads.queue.enqueue(jobId);
  return myDocOut(app, userId, id);
}

/** Lets go of files nothing points at any more (queued for the file sweeper). */
async function release(tx: Queryable, fileIds: number[]): Promise<void> {
  for (const fileId of fileIds) await releaseFile(tx, fileId);
}

export async function patchDoc(app: FastifyInstance, userId: number, id: number, body: DocPatchBody): Promise<MyDoc> {
  const row = await ownDoc(app, userId, id);
  if (row.status === 4) throw new ApiError(409, 'removed', '文档已下架，不能修改');
  await checkCategory(app, body.category);
  const now = app.now();
  if (body.upload !== undefined) {
    const taken = await takeUpload(app, userId, body.upload);
    const jobId = await commitUpload(app, taken, async (tx, fileId) => {
      const old = await docs.filesOf(tx, id);
      await docs.updateFields(tx, id, body, now);
      await docs.replaceFile(tx, id, { fileId, fileType: taken.file.ext, extCate: extCateOf(taken.file.ext), size: taken.file.size }, now);
      const job = await jobs.enqueue(tx, id, now);
      await release(tx, old);
      return job;
    });
    await app.uploads.queue.enqueue(jobId);
  } else {
    await app.db.transaction(async (tx) => {
      await docs.updateFields(tx, id, body, now);
      // an edited rejected document goes back to review
      if (row.status === 2) await docs.setStatus(tx, id, 0, '', now);
    });
  }
  app.content.rows.changed('documents', id);
  return myDocOut(app, userId, id);
}

export async function deleteDoc(app: FastifyInstance, userId: number, id: number): Promise<void> {
  await ownDoc(app, userId, id);
  await app.db.transaction(async (tx) => {
    const [, preview] = await docs.filesOf(tx, id);
    await docs.markDeleted(tx, id, app.now());
    if (preview !== undefined) await releaseFile(tx, preview);
  });
  app.content.rows.changed('documents', id);
}

export async function retryDoc(app: FastifyInstance, userId: number, id: number): Promise<MyDoc> {
  const row = await ownDoc(app, userId, id);
  if (row.status !== 3) throw new ApiError(409, 'not_failed', '只有转换失败的文档可以重试');
  const jobId = await app.db.transaction(async (tx) => {
    await docs.setStatus(tx, id, 6, '', app.now());
    return jobs.enqueue(tx, id, app.now());
  });
  await app.uploads.queue.enqueue(jobId);
  return myDocOut(app, userId, id);
}
