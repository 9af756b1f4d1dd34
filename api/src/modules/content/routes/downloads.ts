import { IdParams, LinkAnswer, OnceDocsUrlAnswer, OnceDocsUrlBody, QuotaAnswer, ShareAnswer, ShareQuery, TokenQuery } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { sendStored } from '../send-file';
import { DOWNLOAD_ROUTES, downloadService, guestDownloadLink } from '../services/downloads';

/** Free download quotas, signed download links of documents and appendices and their files, share signs. */
export async function downloadRoutes(app: FastifyInstance): Promise<void> {
  const downloads = downloadService(app);
  const read = { rateLimit: 'read' } as const;

  for (const kind of ['docs', 'appendix'] as const) {
    const paths = DOWNLOAD_ROUTES[kind];
    app.get<{ Params: IdParams }>(
      paths.quota,
      { schema: { params: IdParams, response: { 200: QuotaAnswer } }, config: read },
      async (request, reply) => downloads.quota(kind, request, reply, request.params.id),
    );
    // a document's link may carry the sharer's sign
    app.post<{ Params: IdParams; Querystring: Partial<ShareQuery> }>(
      paths.link,
      { schema: { params: IdParams, ...(kind === 'docs' ? { querystring: ShareQuery } : {}), response: { 200: LinkAnswer } } },
      async (request, reply) => downloads.link(kind, request, reply, request.params.id, request.query.sign),
    );
    app.get<{ Params: IdParams; Querystring: TokenQuery }>(
      paths.file,
      { schema: { params: IdParams, querystring: TokenQuery } },
      async (request, reply) => sendStored(app.content.storage, request, reply, await downloads.file(kind, request.query.token, request.params.id)),
    );
  }

  // a guest's download of what they paid for (guest/pay/order), on the device that paid
  app.post<{ Body: OnceDocsUrlBody }>(
    '/api/once-docs-url/',
    { bodyLimit: 4 * 1024, schema: { tags: ['支付'], summary: '游客已购文档的下载链接', body: OnceDocsUrlBody, response: { 200: OnceDocsUrlAnswer } } },
    async (request, reply) => guestDownloadLink(app, request, reply, request.body.order_no),
  );

  for (const kind of ['docs', 'blogs'] as const) {
    app.get<{ Params: IdParams }>(
      `/api/${kind}-share-sign/:id/`,
      { schema: { params: IdParams, response: { 200: ShareAnswer } }, config: read },
      async (request) => downloads.shareSign(kind, request, request.params.id),
    );
  }
}
