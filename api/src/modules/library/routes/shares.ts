import { ShareFile, ShareFileBody, ShareFilePage, ShareFileQuery, ShareLink, ShareLinkBody, ShareLinkPage, ShareLinkQuery, ShareTokenParams } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { requireActiveUser, requireLogin } from '../../accounts/guards';
import { paginate } from '../../../core/http/pagination';
import * as files from '../services/share-files';
import * as shares from '../services/shares';

/** Share links (user-share-link/) and their public short address (s/{token}/: counts the open, redirects). */
export async function shareRoutes(app: FastifyInstance): Promise<void> {
  const base = '/api/user-share-link/';
  const post = { schema: { body: ShareLinkBody, response: { 200: ShareLink, 201: ShareLink } } } as const;
  app.post<{ Body: ShareLinkBody }>(base, post, async (request, reply) => {
    const { link, created } = await shares.shareLink(app, requireActiveUser(request).user.id, request.body);
    return reply.code(created ? 201 : 200).send(link);
  });

  app.get<{ Querystring: ShareLinkQuery }>(
    base,
    { schema: { querystring: ShareLinkQuery, response: { 200: ShareLinkPage } }, config: { rateLimit: 'read' } },
    async (request) => paginate(request, shares.sharePages(app, requireLogin(request).user.id, request.query.type)),
  );

  app.get<{ Params: ShareTokenParams }>('/api/s/:token/', { schema: { params: ShareTokenParams }, config: { rateLimit: 'read' } }, async (request, reply) =>
    reply.redirect(await shares.openShare(app, request.params.token), 302),
  );
}

/** File shares (user-share-file/): made and listed by their sharer; the token's address downloads for anyone. */
export async function shareFileRoutes(app: FastifyInstance): Promise<void> {
  const base = '/api/user-share-file/';
  app.post<{ Body: ShareFileBody }>(base, { schema: { body: ShareFileBody, response: { 201: ShareFile } } }, async (request, reply) =>
    reply.code(201).send(await files.shareFile(app, requireActiveUser(request).user.id, request.body)),
  );
  app.get<{ Querystring: ShareFileQuery }>(
    base,
    { schema: { querystring: ShareFileQuery, response: { 200: ShareFilePage } }, config: { rateLimit: 'read' } },
    async (request) => paginate(request, files.shareFilePages(app, requireLogin(request).user.id)),
  );
  app.get<{ Params: ShareTokenParams }>(`${base}:token/`, { schema: { params: ShareTokenParams }, config: { rateLimit: 'read' } }, async (request, reply) =>
    reply.redirect(await files.openShareFile(app, request, reply, request.params.token), 302),
  );
}
