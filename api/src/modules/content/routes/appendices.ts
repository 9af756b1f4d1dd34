import { AppendixItem, AppendixQuery } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { requireActiveUser } from '../../accounts/guards';
import { acceptMultipart } from '../../../core/http/multipart';
import { PageSchema, paginate } from '../../../core/http/pagination';
import { APPENDIX_MAX_BYTES } from '../constants';
import { IdParams, type IdParamsT } from '../serialize';
import * as appendices from '../services/appendices';

/** Room for the multipart framing and the text fields around the file. */
const FRAMING_BYTES = 64 * 1024;

/**
 * Blog appendices (SPEC §7 "Blogs": blogs-appendix-storage): list, upload (multipart, by the blog's author) and
 * delete. A failed upload leaves neither file nor row (services/appendices.ts).
 */
export async function appendixRoutes(app: FastifyInstance): Promise<void> {
  acceptMultipart(app);
  const base = '/api/blogs-appendix-storage/';

  app.get<{ Querystring: AppendixQuery }>(
    base,
    { schema: { querystring: AppendixQuery, response: { 200: PageSchema(AppendixItem) } }, config: { rateLimit: 'read' } },
    async (request) => paginate(request, await appendices.appendixPages(app, request, request.query.blogs)),
  );

  app.post(
    base,
    {
      bodyLimit: APPENDIX_MAX_BYTES + FRAMING_BYTES,
      config: { rateLimit: 'account', userLimit: 'upload' },
      schema: {
        summary: '上传博客附件（multipart/form-data：blogs 博客 id，file 文件，可选 name 显示名、price 价格（分））',
        consumes: ['multipart/form-data'],
        response: { 201: AppendixItem },
      },
    },
    async (request, reply) => {
      const { user } = requireActiveUser(request);
      const upload = appendices.parseUpload(request.body, request.headers['content-type']);
      return reply.code(201).send(await appendices.storeAppendix(app, request, user, upload));
    },
  );

  app.delete<{ Params: IdParamsT }>(`${base}:id/`, { schema: { params: IdParams } }, async (request, reply) => {
    const { user } = requireActiveUser(request);
    await appendices.deleteAppendix(app, request, user.id, request.params.id);
    return reply.code(204).send();
  });
}
