import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody, FieldErrors } from 'contracts';
import { toFieldErrors } from './validation';

export type { ErrorBody } from 'contracts';

/**
 * Throw this from a route (or a hook) to answer with a given status and error body.
 *   throw new ApiError(409, 'duplicate', '该手机号已注册', { phone: ['该手机号已注册'] })
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors?: FieldErrors;
  /** Extra top-level body fields, written before message and code (e.g. `error: '未登录'`). */
  readonly extra?: Record<string, unknown>;
  /** Seconds for a `Retry-After` header (429 answers). */
  retryAfter?: number;

  constructor(status: number, code: string, message: string, errors?: FieldErrors, extra?: Record<string, unknown>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.errors = errors;
    this.extra = extra;
  }

  toBody(): ErrorBody {
    return {
      ...this.extra,
      message: this.message,
      code: this.code,
      ...(this.errors ? { errors: this.errors } : {}),
    };
  }
}

/** 400 with field errors, for checks a JSON schema cannot express. */
export function invalid(errors: FieldErrors, message = '请求参数有误，请检查后重试'): ApiError {
  return new ApiError(400, 'invalid', message, errors);
}

/**
 * The "needs login" answer the client expects (SPEC §8):
 * 403 `{"error": "未登录", "message": "您还未登录或登录已失效", "code": "not_authenticated"}`.
 */
export function notAuthenticated(): ApiError {
  return new ApiError(403, 'not_authenticated', '您还未登录或登录已失效', undefined, { error: '未登录' });
}

/**
 * 429 with `Retry-After: <seconds>` and the same number in the body; the client answers it with the captcha
 * dialog and one retry carrying a solved-captcha token (SPEC §4 "Rate limiting").
 */
export function throttled(retryAfterSeconds: number, message = '请求过于频繁，请稍后再试', code = 'throttled'): ApiError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const error = new ApiError(429, code, message, undefined, { retry_after: seconds });
  error.retryAfter = seconds;
  return error;
}

export const SERVER_ERROR: ErrorBody = { message: '服务器开小差了，请稍后重试', code: 'server_error' };
export const NOT_FOUND: ErrorBody = { message: '接口不存在', code: 'not_found' };

/** Framework errors (Fastify codes) with a fixed answer. */
const BY_FASTIFY_CODE: Record<string, [number, ErrorBody]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, { message: '请求体不是合法的 JSON', code: 'parse_error' }],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, { message: '请求体不是合法的 JSON', code: 'parse_error' }],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, { message: '请求体过大，请减小后重试', code: 'payload_too_large' }],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [
    415,
    { message: '不支持的请求内容类型（Content-Type），请使用 application/json', code: 'unsupported_media_type' },
  ],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, { message: '请求体长度与 Content-Length 不一致', code: 'bad_request' }],
  FST_ERR_BAD_URL: [400, { message: '请求地址不合法', code: 'bad_request' }],
  FST_ERR_MAX_PARAM_LENGTH: [414, { message: '请求地址过长', code: 'uri_too_long' }],
};

/** Any other 4xx status raised by the framework or a plugin. */
const BY_STATUS: Record<number, ErrorBody> = {
  400: { message: '请求有误，请检查后重试', code: 'bad_request' },
  401: { message: '您还未登录或登录已失效', code: 'not_authenticated' },
  403: { message: '没有权限执行该操作', code: 'permission_denied' },
  404: NOT_FOUND,
  405: { message: '不支持该请求方法', code: 'method_not_allowed' },
  406: { message: '无法提供所请求的内容格式', code: 'not_acceptable' },
  408: { message: '请求超时，请重试', code: 'timeout' },
  409: { message: '操作冲突，请刷新后重试', code: 'conflict' },
  413: BY_FASTIFY_CODE.FST_ERR_CTP_BODY_TOO_LARGE[1],
  414: BY_FASTIFY_CODE.FST_ERR_MAX_PARAM_LENGTH[1],
  415: BY_FASTIFY_CODE.FST_ERR_CTP_INVALID_MEDIA_TYPE[1],
  429: { message: '请求过于频繁，请稍后再试', code: 'throttled' },
};

/** Maps any thrown value to [status, body]. Nothing internal (messages, stacks, SQL) reaches the body. */
export function toErrorResponse(error: unknown): [number, ErrorBody] {
  if (error instanceof ApiError) return [error.status, error.toBody()];
  const err = error as Partial<FastifyError> | null;
  if (err && Array.isArray(err.validation)) {
    return [400, { message: '请求参数有误，请检查后重试', code: 'invalid', errors: toFieldErrors(err.validation) }];
  }
  if (err && typeof err.code === 'string' && err.code in BY_FASTIFY_CODE) return BY_FASTIFY_CODE[err.code];
  const status = err?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return [status, BY_STATUS[status] ?? BY_STATUS[400]];
  }
  return [500, SERVER_ERROR];
}

/** Fastify error handler: the one place errors become responses. */
export function errorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  const [status, body] = toErrorResponse(error);
  if (error instanceof ApiError && error.retryAfter !== undefined) reply.header('Retry-After', String(error.retryAfter));
  if (status >= 500) {
    request.log.error({ err: error }, 'unhandled error');
  } else if (!(error instanceof ApiError)) {
    request.log.info({ code: (error as FastifyError | null)?.code, status }, 'request rejected');
  }
  void reply.code(status).type('application/json; charset=utf-8').send(body);
}

export function notFoundHandler(_request: FastifyRequest, reply: FastifyReply): void {
  void reply.code(404).type('application/json; charset=utf-8').send(NOT_FOUND);
}

/**
 * Requests Node's HTTP parser rejects before Fastify sees them (broken framing, bad header bytes, headers too
 * large, timeouts): answered on the raw socket in the same format, then the connection is closed.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, body]: [number, ErrorBody] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, BY_STATUS[408]]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, { message: '请求头过大', code: 'headers_too_large' }]
        : [400, { message: '请求格式有误', code: 'bad_request' }];
  const json = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(json)}\r\n` +
        'Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n' +
        json,
    );
  }
  socket.destroy(error);
}
