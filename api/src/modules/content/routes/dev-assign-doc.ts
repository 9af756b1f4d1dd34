import { DevAssignDocAnswer, DevAssignDocBody } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { devRoutesEnabled } from '../../../core/config';
import { ApiError } from '../../../core/http/errors';
import { setUploader } from '../repositories/documents';

/**
 * POST /api/dev/assign-doc/ {docs, uid}: makes the user the document's uploader, so a journey can sell a seeded
 * document as someone's (there is no upload yet). Development and test mode only, behind the dev routes' guard
 * (this machine and the token: src/infra/security/dev-routes.ts); production has no such route.
 */
export async function devAssignDocRoutes(app: FastifyInstance): Promise<void> {
  if (!devRoutesEnabled(app.accountsConfig)) return;
  app.post<{ Body: DevAssignDocBody }>(
    '/api/dev/assign-doc/',
    { config: { rateLimit: false }, schema: { tags: ['开发'], body: DevAssignDocBody, response: { 200: DevAssignDocAnswer } } },
    async (request) => {
      const { docs, uid } = request.body;
      const doc = await setUploader(app.db, docs, uid);
      if (!doc) throw new ApiError(404, 'doc_not_found', '文档或用户不存在');
      app.content.rows.changed('documents', doc.id);
      return { docs: doc.id, uploader: uid, title: doc.title, price: doc.price };
    },
  );
}
