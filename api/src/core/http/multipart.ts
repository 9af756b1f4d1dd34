import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors';

/** One part of a multipart/form-data body that carried a file name. */
export interface UploadedFile {
  field: string;
  /** The name the browser gave (UTF-8), without any folder part; only for display and Content-Disposition. */
  filename: string;
  contentType: string;
  data: Buffer;
}

export interface MultipartBody {
  fields: Map<string, string>;
  files: UploadedFile[];
}

export interface MultipartLimits {
  /** Parts of any kind. */
  maxParts: number;
  /** Bytes of a text field. */
  maxFieldBytes: number;
}

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');
const MAX_HEADER_BYTES = 4096;

function bad(message = '上传的数据格式不正确，请重新选择文件上传'): ApiError {
  return new ApiError(400, 'invalid_multipart', message);
}

/** The boundary of a `multipart/form-data; boundary=...` type (RFC 2046: 1-70 characters). */
function boundaryOf(contentType: string | undefined): string {
  const match = /^multipart\/form-data\s*;.*?\bboundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType ?? '');
  if (!match) throw bad();
  return match[1] ?? match[2];
}

/** A header parameter (`name="x"`), quoted or not; `filename*=UTF-8''...` (RFC 5987) wins over `filename`. */
function param(header: string, name: string): string | undefined {
  if (name === 'filename') {
    const extended = /;\s*filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
    if (extended) {
      try {
        return decodeURIComponent(extended[1].trim());
      } catch {
        throw bad();
      }
    }
  }
  const match = new RegExp(`;\\s*${name}\\s*=\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]+))`, 'i').exec(header);
  if (!match) return undefined;
  return match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : match[2];
}

/**
 * Splits a whole multipart/form-data body (read into memory under the route's body limit). Parts with a
 * `filename` are files, the others UTF-8 text fields. Anything malformed is a 400 with a Chinese message.
 */
export function parseMultipart(body: Buffer, contentType: string | undefined, limits: MultipartLimits): MultipartBody {
  const delimiter = Buffer.from(`--${boundaryOf(contentType)}`);
  const fields = new Map<string, string>();
  const files: UploadedFile[] = [];
  let at = body.indexOf(delimiter);
  if (at < 0) throw bad();
  let parts = 0;
  for (;;) {
    at += delimiter.length;
    if (body[at] === 0x2d && body[at + 1] === 0x2d) break; // "--": the closing delimiter
    if (!body.subarray(at, at + 2).equals(CRLF)) throw bad();
    at += 2;
    const headerEnd = body.indexOf(HEADER_END, at);
    if (headerEnd < 0 || headerEnd - at > MAX_HEADER_BYTES) throw bad();
    const headers = body.subarray(at, headerEnd).toString('utf8').split('\r\n');
    const next = body.indexOf(Buffer.concat([CRLF, delimiter]), headerEnd + 4);
    if (next < 0) throw bad();
    const data = body.subarray(headerEnd + 4, next);
    at = next + 2;
    parts += 1;
    if (parts > limits.maxParts) throw bad('上传的内容过多');

    const headerValue = (name: string) =>
      headers.find((h) => h.toLowerCase().startsWith(`${name}:`))?.slice(name.length + 1).trim() ?? '';
    const disposition = headerValue('content-disposition');
    if (!/^form-data\b/i.test(disposition)) throw bad();
    const name = param(disposition, 'name');
    if (!name) throw bad();
    const filename = param(disposition, 'filename');
    if (filename !== undefined) {
      files.push({
        field: name,
        filename: filename.split(/[\\/]/).pop() ?? '',
        contentType: headerValue('content-type') || 'application/octet-stream',
        data,
      });
    } else {
      if (data.length > limits.maxFieldBytes) throw bad('上传的表单字段过长');
      fields.set(name, data.toString('utf8'));
    }
  }
  return { fields, files };
}

/**
 * Lets the routes of `app`'s scope take multipart/form-data: the body arrives as a Buffer (bounded by the
 * route's `bodyLimit`), to be split by parseMultipart in the handler.
 */
export function acceptMultipart(app: FastifyInstance): void {
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
}
