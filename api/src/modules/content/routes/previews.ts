import { IdParams, PreviewPage, PreviewParams, PreviewUrl, TokenQuery } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { previewService } from '../services/previews';

/** Reading a document in the page: what may be read, a signed link per page, and the page behind it. */
export async function previewRoutes(app: FastifyInstance): Promise<void> {
  const previews = previewService(app);
  const read = { rateLimit: 'read' } as const;

  app.get<{ Params: IdParams }>(
    '/api/docs-preview-page/:id/',
    { schema: { params: IdParams, response: { 200: PreviewPage } }, config: read },
    async (request) => previews.page(request, request.params.id),
  );
  app.get<{ Params: PreviewParams }>(
    '/api/docs-preview-url/:id/:page/',
    { schema: { params: PreviewParams, response: { 200: PreviewUrl } }, config: read },
    async (request) => previews.url(request, request.params.id, request.params.page),
  );
  app.get<{ Params: IdParams; Querystring: TokenQuery }>(
    '/api/docs-preview-file/:id/',
    { schema: { params: IdParams, querystring: TokenQuery } },
    async (request, reply) => {
      const file = await previews.file(request.query.token, request.params.id, () => reply.header('Cache-Control', 'private, max-age=300'));
      if (file.type === 'pdf') {
        reply.header('Content-Type', 'application/pdf');
        reply.header('Content-Disposition', file.disposition);
        return reply.send(file.bytes);
      }
      reply.header('Content-Type', file.mime);
      return reply.send(file.text);
    },
  );
}
