import { IdParams, LinkAnswer, QuotaAnswer, ShareAnswer, ShareQuery, TokenQuery } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { sendStored } from '../send-file';
import { downloadService } from '../services/downloads';

/** Free download quotas, signed download links of documents and appendices and their files, share signs. */
export async function downloadRoutes(app: FastifyInstance): Promise<void> {
  const downloads = downloadService(app);
  const read = { rateLimit: 'read' } as const;

  app.get<{ Params: IdParams }>(
    '/api/obj-left-free-down-num/docs/:id/',
    { schema: { params: IdParams, response: { 200: QuotaAnswer } }, config: read },
    async (request, reply) => downloads.quota('docs', request, reply, request.params.id),
  );
  app.post<{ Params: IdParams; Querystring: ShareQuery }>(
    '/api/user-download/docs/:id/',
    { schema: { params: IdParams, querystring: ShareQuery, response: { 200: LinkAnswer } } },
    async (request, reply) => downloads.link('docs', request, reply, request.params.id, request.query.sign),
  );
  app.get<{ Params: IdParams; Querystring: TokenQuery }>(
    '/api/user-download-token/docs/:id/',
    { schema: { params: IdParams, querystring: TokenQuery } },
    async (request, reply) => sendStored(app.content.storage, request, reply, await downloads.docFile(request.query.token, request.params.id)),
  );

  app.get<{ Params: IdParams }>(
    '/api/appendix-left-free-down-num/:id/',
    { schema: { params: IdParams, response: { 200: QuotaAnswer } }, config: read },
    async (request, reply) => downloads.quota('appendix', request, reply, request.params.id),
  );
  app.post<{ Params: IdParams }>(
    '/api/appendix-download/:id/',
    { schema: { params: IdParams, response: { 200: LinkAnswer } } },
    async (request, reply) => downloads.link('appendix', request, reply, request.params.id),
  );
  app.get<{ Params: IdParams; Querystring: TokenQuery }>(
    '/api/appendix-download/:id/',
    { schema: { params: IdParams, querystring: TokenQuery } },
    async (request, reply) => sendStored(app.content.storage, request, reply, await downloads.appendixFile(request.query.token, request.params.id)),
  );

  app.get<{ Params: IdParams }>(
    '/api/docs-share-sign/:id/',
    { schema: { params: IdParams, response: { 200: ShareAnswer } }, config: read },
    async (request) => downloads.shareSign('docs', request, request.params.id),
  );
  app.get<{ Params: IdParams }>(
    '/api/blogs-share-sign/:id/',
    { schema: { params: IdParams, response: { 200: ShareAnswer } }, config: read },
    async (request) => downloads.shareSign('blogs', request, request.params.id),
  );
}
