import { DocCreateBody, DocIdParams, DocPatchBody, MyDoc, MyDocPage, MyDocQuery, ProgressQuery } from 'contracts';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { paginate } from '../../../core/http/pagination';
import { requireActiveUser, requireLogin } from '../../accounts/guards';
import * as docs from '../services/docs';
import { streamProgress } from '../services/progress';

const TAGS = ['上传'];
type IdRoute = { Params: DocIdParams };

/** My uploaded documents: create from a finished upload, edit, delete, retry, list, and their live progress. */
export async function docRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: DocCreateBody }>(
    '/api/docs/',
    { config: { rateLimit: 'account' }, bodyLimit: 16 * 1024, schema: { tags: TAGS, summary: '发布上传的文档', body: DocCreateBody, response: { 201: MyDoc } } },
    async (request, reply) => reply.code(201).send(await docs.createDoc(app, requireActiveUser(request).user.id, request.body)),
  );
  app.patch<IdRoute & { Body: DocPatchBody }>(
    '/api/docs/:id/',
    { config: { rateLimit: 'account' }, bodyLimit: 16 * 1024, schema: { tags: TAGS, summary: '修改我的文档', params: DocIdParams, body: DocPatchBody, response: { 200: MyDoc } } },
    async (request) => docs.patchDoc(app, requireActiveUser(request).user.id, request.params.id, request.body),
  );
  app.delete<IdRoute>(
    '/api/docs/:id/',
    { config: { rateLimit: 'account' }, schema: { tags: TAGS, summary: '删除我的文档', params: DocIdParams, response: { 204: Type.Null() } } },
    async (request, reply) => {
      await docs.deleteDoc(app, requireActiveUser(request).user.id, request.params.id);
      return reply.code(204).send();
    },
  );
  app.post<IdRoute>(
    '/api/docs/:id/retry/',
    { config: { rateLimit: 'account' }, schema: { tags: TAGS, summary: '重新转换', params: DocIdParams, response: { 200: MyDoc } } },
    async (request) => docs.retryDoc(app, requireActiveUser(request).user.id, request.params.id),
  );
  app.get<{ Querystring: MyDocQuery }>(
    '/api/my-docs/',
    { config: { rateLimit: 'read' }, schema: { tags: TAGS, summary: '我的文档', querystring: MyDocQuery, response: { 200: MyDocPage } } },
    async (request) => paginate(request, docs.myDocPage(app, requireLogin(request).user.id, request.query.status, request.query.search)),
  );
  app.get<{ Querystring: ProgressQuery }>(
    '/api/my-docs/progress/',
    { config: { rateLimit: 'read' }, schema: { tags: TAGS, summary: '转换进度（Server-Sent Events）', querystring: ProgressQuery } },
    async (request, reply) => {
      const { user } = requireLogin(request);
      await streamProgress(app, reply, user.id, [...new Set(request.query.ids.split(',').map(Number))]);
    },
  );
  app.get<IdRoute>(
    '/api/my-docs/:id/',
    { config: { rateLimit: 'read' }, schema: { tags: TAGS, summary: '我的文档详情', params: DocIdParams, response: { 200: MyDoc } } },
    async (request) => docs.myDocOut(app, requireLogin(request).user.id, request.params.id),
  );
}
