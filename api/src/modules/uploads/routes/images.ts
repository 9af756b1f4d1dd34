import { DocIdParams, ImageIdParams, StoredImage, UPLOAD_LIMITS } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { acceptMultipart } from '../../../core/http/multipart';
import { requireActiveUser } from '../../accounts/guards';
import { derivedKey } from '../services/checks';
import { coverToSend, imageToSend, storeImage } from '../services/images';

const LONG_CACHE = 'public, max-age=31536000, immutable';

/** img-storage (re-encoded images) and documents' covers. */
export async function imageRoutes(app: FastifyInstance): Promise<void> {
  acceptMultipart(app);
  app.post(
    '/api/img-storage/',
    {
      bodyLimit: UPLOAD_LIMITS.imgStorageMaxSize + 64 * 1024,
      config: { rateLimit: 'account', userLimit: 'upload' },
      schema: { tags: ['上传'], summary: '上传图片（multipart/form-data：file 图片，可选 purpose）', consumes: ['multipart/form-data'], response: { 201: StoredImage } },
    },
    async (request, reply) => reply.code(201).send(await storeImage(app, requireActiveUser(request).user.id, request.body, request.headers['content-type'])),
  );
  app.get<{ Params: ImageIdParams }>('/api/img-storage/:id/', { config: { rateLimit: 'read' }, schema: { params: ImageIdParams } }, async (request, reply) => {
    const image = await imageToSend(app, request.params.id);
    return reply.header('content-type', image.mime).header('cache-control', LONG_CACHE).header('x-content-type-options', 'nosniff').send(image.bytes);
  });
  app.get<{ Params: DocIdParams }>('/api/docs-cover/:id/', { config: { rateLimit: 'read' }, schema: { params: DocIdParams } }, async (request, reply) => {
    const bytes = await coverToSend(app, request.params.id, derivedKey);
    return reply.header('content-type', 'image/png').header('cache-control', 'public, max-age=3600').header('x-content-type-options', 'nosniff').send(bytes);
  });
}
