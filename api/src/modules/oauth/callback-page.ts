import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, toErrorResponse } from '../../core/http/errors';
import { escapeHtml } from '../../infra/oauth/html';

/** Where a bind through the authorisation page ends: the account settings page (with ?trd_bind=<provider>). */
export const TRD_BIND_DONE_PATH = '/app/user/setting/account/account-item';

export type CallbackPurpose = 'login' | 'bind';

/** A failed callback: a short Chinese page for the browser that landed here, the usual JSON body otherwise. */
export function callbackFailure(request: FastifyRequest, reply: FastifyReply, error: unknown, purpose: CallbackPurpose = 'login'): FastifyReply {
  const [status, body] = toErrorResponse(error);
  if (status >= 500) request.log.error({ err: error }, 'third-party login callback failed');
  // the rate limiter's 429 reaches this route's error handler too
  if (error instanceof ApiError && error.retryAfter !== undefined) reply.header('Retry-After', String(error.retryAfter));
  if (!(request.headers.accept ?? '').includes('text/html')) return reply.code(status).send(body);
  const [title, back, backText] =
    purpose === 'bind' ? ['第三方账号绑定失败', TRD_BIND_DONE_PATH, '返回账号设置'] : ['第三方登录失败', '/', '返回首页'];
  return reply
    .code(status)
    .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>${title}</title><style>body{font-family:system-ui,sans-serif;text-align:center;padding:80px 16px;color:#333}a{color:#1677ff}</style></head>` +
        `<body><h1>${title}</h1><p data-code="${escapeHtml(body.code)}">${escapeHtml(body.message)}</p><p><a href="${back}">${backText}</a></p></body></html>`,
    );
}
