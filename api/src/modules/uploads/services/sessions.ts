import { randomUUID } from 'node:crypto';
import { refusePenalized } from '../../trust/penalties-check';
import { createWriteStream } from 'node:fs';
import { readdir, rm, stat, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { UploadSession, UploadSessionBody } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { ApiError, invalid } from '../../../core/http/errors';
import { startOfDay } from '../../content/day';
import { CHUNK_BUSY_MS, extOf, isAllowedExt, LIMITS, maxSizeOf, SESSION_TTL_MS, sizeText } from '../config';
import * as docs from '../repositories/docs';
import * as sessions from '../repositories/sessions';

/** Resumable uploads (tus-like): a session per file, chunks appended at the session's offset to a temporary file. */

export const sessionFile = (app: FastifyInstance, id: string) => path.join(app.uploads.dir, id);

const sessionOut = (s: sessions.SessionRow): UploadSession => ({
  id: s.id,
  name: s.name,
  size: Number(s.size),
  offset: Number(s.offset),
  chunk_size: LIMITS.chunkSize,
  expire_time: s.expire_time as unknown as string,
});

export const sessionNotFound = () => new ApiError(404, 'not_found', '上传不存在或已过期，请重新上传');

/** 403 when the user has used today's uploads (not 429: a captcha, which lifts a 429, cannot lift a count of the day). */
export async function checkDailyCount(app: FastifyInstance, userId: number): Promise<number> {
  const used = await docs.uploadsSince(app.db, userId, startOfDay(app.now()));
  if (used >= LIMITS.dailyUploads) throw new ApiError(403, 'daily_upload_limit', '今日上传数量已达上限');
  return LIMITS.dailyUploads - used;
}

export async function createSession(app: FastifyInstance, userId: number, body: UploadSessionBody): Promise<UploadSession> {
  await refusePenalized(app.db, userId, 'no_upload', app.now());
  const ext = extOf(body.name);
  if (!isAllowedExt(ext)) throw invalid({ name: ['不支持该文件类型'] }, '不支持该文件类型');
  if (body.size === 0) throw invalid({ size: ['文件为空'] }, '文件为空');
  const max = maxSizeOf(ext);
  if (body.size > max) throw invalid({ size: [`文件大小不能超过${sizeText(max)}`] }, `文件大小不能超过${sizeText(max)}`);
  await checkDailyCount(app, userId);
  const now = app.now();
  const id = randomUUID();
  await writeFile(sessionFile(app, id), new Uint8Array(0));
  const row = await sessions.insertSession(app.db, { id, userId, name: body.name, size: body.size, now, expire: new Date(now.getTime() + SESSION_TTL_MS) });
  return sessionOut(row);
}

export async function getSession(app: FastifyInstance, userId: number, id: string): Promise<UploadSession> {
  const row = await sessions.sessionOf(app.db, id, userId, app.now());
  if (!row) throw sessionNotFound();
  return sessionOut(row);
}

/** Counts the bytes going through and stops past `max` (the session's declared size or the chunk size). */
function byteCounter(max: number, onBytes: (n: number) => void): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > max) return done(invalid({ offset: ['数据超出文件大小或分块大小'] }, '数据超出文件大小或分块大小'));
      onBytes(seen);
      done(null, chunk);
    },
  });
}

/**
 * Appends one chunk at `offset`, streamed from the request to the file (never held whole). A chunk that fails
 * (dropped connection, too many bytes) is cut off again, so the session's offset and the file always agree.
 */
export async function writeChunk(app: FastifyInstance, userId: number, id: string, offset: number, body: Readable): Promise<UploadSession> {
  const now = app.now();
  const claimed = await sessions.claimChunk(app.db, id, userId, offset, now, new Date(now.getTime() + CHUNK_BUSY_MS));
  if (!claimed) {
    body.resume(); // drain what the client sends; the answer says where to resume
    const row = await sessions.sessionOf(app.db, id, userId, now);
    if (!row) throw sessionNotFound();
    throw new ApiError(409, 'offset_mismatch', '上传位置不一致，请从服务器记录的位置继续', undefined, { offset: Number(row.offset) });
  }
  const file = sessionFile(app, id);
  const max = Math.min(LIMITS.chunkSize, Number(claimed.size) - offset);
  let written = 0;
  try {
    await pipeline(body, byteCounter(max, (n) => (written = n)), createWriteStream(file, { flags: 'r+', start: offset }));
  } catch (err) {
    await truncate(file, offset).catch(() => undefined);
    await sessions.finishChunk(app.db, id, offset);
    throw err instanceof ApiError ? err : invalid({ offset: ['分块上传中断，请重试'] }, '分块上传中断，请重试');
  }
  return sessionOut((await sessions.finishChunk(app.db, id, offset + written)) as sessions.SessionRow);
}

export async function cancelSession(app: FastifyInstance, userId: number, id: string): Promise<void> {
  const row = await sessions.sessionOf(app.db, id, userId, app.now());
  if (!row) throw sessionNotFound();
  await sessions.deleteSession(app.db, id);
  await rm(sessionFile(app, id), { force: true });
}

/** Removes expired sessions and temporary files no session owns (older than an hour: one may be starting). */
export async function sweepSessions(app: FastifyInstance): Promise<number> {
  const gone = await sessions.deleteExpired(app.db, app.now());
  for (const id of gone) await rm(sessionFile(app, id), { force: true });
  const live = await sessions.sessionIds(app.db);
  let removed = gone.length;
  for (const name of await readdir(app.uploads.dir)) {
    if (live.has(name) || name === 'work') continue;
    const full = path.join(app.uploads.dir, name);
    const info = await stat(full).catch(() => null);
    if (info && Date.now() - info.mtimeMs > 3600_000) {
      await rm(full, { recursive: true, force: true });
      removed++;
    }
  }
  return removed;
}
