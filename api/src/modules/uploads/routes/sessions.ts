import { UploadChunkQuery, UploadSession, UploadSessionBody, UploadSessionParams, UploadSetting, OffsetMismatch } from 'contracts';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Readable } from 'node:stream';
import { requireActiveUser } from '../../accounts/guards';
import { currentUser } from '../../content/context';
import { uploadSetting } from '../services/review';
import * as sessions from '../services/sessions';

const TAGS = ['上传'];
type SessionParams = { Params: UploadSessionParams };

/** The limits the upload page shows, and the resumable upload sessions (docs/uploads.md). */
export async function sessionRoutes(app: FastifyInstance): Promise<void> {
  // a chunk is a stream: written to its file as it arrives, never buffered (Fastify's body limit does not apply)
  app.addContentTypeParser('application/offset+octet-stream', (_request, payload, done) => done(null, payload));
  app.get('/api/upload-setting/', { config: { rateLimit: 'read' }, schema: { tags: TAGS, summary: '上传限制', response: { 200: UploadSetting } } }, async (request) =>
    uploadSetting(app, currentUser(request)?.id ?? null),
  );
  app.post<{ Body: UploadSessionBody }>(
    '/api/upload-sessions/',
    { config: { rateLimit: 'account' }, bodyLimit: 4096, schema: { tags: TAGS, summary: '开始上传一个文件', body: UploadSessionBody, response: { 201: UploadSession } } },
    async (request, reply) => reply.code(201).send(await sessions.createSession(app, requireActiveUser(request).user.id, request.body)),
  );
  app.get<SessionParams>(
    '/api/upload-sessions/:id/',
    { config: { rateLimit: 'read' }, schema: { tags: TAGS, summary: '上传进度（续传）', params: UploadSessionParams, response: { 200: UploadSession } } },
    async (request) => sessions.getSession(app, requireActiveUser(request).user.id, request.params.id),
  );
  app.put<SessionParams & { Querystring: UploadChunkQuery }>(
    '/api/upload-sessions/:id/',
    {
      // 40 chunks for a 200 MB file, a batch of 20 files: the reading group's allowance, not the account writes'
      config: { rateLimit: 'read' },
      schema: { tags: TAGS, summary: '上传一个分块（Content-Type: application/offset+octet-stream）', params: UploadSessionParams, querystring: UploadChunkQuery, response: { 200: UploadSession, 409: OffsetMismatch } },
    },
    async (request) => sessions.writeChunk(app, requireActiveUser(request).user.id, request.params.id, request.query.offset, request.body as Readable),
  );
  app.delete<SessionParams>(
    '/api/upload-sessions/:id/',
    { config: { rateLimit: 'account' }, schema: { tags: TAGS, summary: '取消上传', params: UploadSessionParams, response: { 204: Type.Null() } } },
    async (request, reply) => {
      await sessions.cancelSession(app, requireActiveUser(request).user.id, request.params.id);
      return reply.code(204).send();
    },
  );
}
