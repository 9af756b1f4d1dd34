import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../core/http/errors';
import type { FileStorage } from '../../infra/storage/storage';

/** A stored file as a download answers it. */
export interface StoredFile {
  key: string;
  mime: string;
  disposition: string;
}

/** The inclusive byte range of a `Range: bytes=a-b` header (or `bytes=-n`, the last n) of a file of `size` bytes; 416 when unsatisfiable. */
function byteRange(range: string, size: number, reply: FastifyReply): { start: number; end: number } {
  const match = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
  let start = match && match[1] !== '' ? Number(match[1]) : NaN;
  let end = match && match[2] !== '' ? Number(match[2]) : size - 1;
  if (match && match[1] === '' && match[2] !== '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  }
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start > end || start >= size) {
    reply.header('Content-Range', `bytes */${size}`);
    throw new ApiError(416, 'range_not_satisfiable', '请求的文件范围无效');
  }
  return { start, end: Math.min(end, size - 1) };
}

/** Streams a stored file, honouring a single `Range: bytes=a-b`. */
export async function sendStored(storage: FileStorage, request: FastifyRequest, reply: FastifyReply, file: StoredFile): Promise<FastifyReply> {
  const size = await storage.size(file.key);
  if (size === null) {
    request.log.error({ key: file.key }, 'stored file missing');
    throw new ApiError(404, 'file_missing', '文件暂时无法下载，请稍后重试');
  }
  reply.header('Content-Type', file.mime);
  reply.header('Content-Disposition', file.disposition);
  reply.header('Accept-Ranges', 'bytes');
  reply.header('Cache-Control', 'private, no-store');
  const range = request.headers.range;
  if (typeof range === 'string' && range.startsWith('bytes=')) {
    const { start, end } = byteRange(range, size, reply);
    reply.code(206);
    reply.header('Content-Range', `bytes ${start}-${end}/${size}`);
    reply.header('Content-Length', String(end - start + 1));
    return reply.send(storage.open(file.key, { start, end }));
  }
  reply.header('Content-Length', String(size));
  return reply.send(storage.open(file.key));
}
