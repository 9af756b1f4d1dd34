import { IdParams, Transfer, TransferBody, TransferPage, TransferQuery } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { requireActiveUser, requireLogin } from '../../accounts/guards';
import { paginate } from '../../../core/http/pagination';
import * as transfers from '../services/transfers';

/** Document transfers (docs-transfer/): offers I sent or received, and their accept, decline and cancel. */
export async function transferRoutes(app: FastifyInstance): Promise<void> {
  const base = '/api/docs-transfer/';
  const post = { schema: { body: TransferBody, response: { 201: Transfer } } } as const;
  app.post<{ Body: TransferBody }>(base, post, async (request, reply) =>
    reply.code(201).send(await transfers.offer(app, requireActiveUser(request).user.id, request.body)),
  );

  app.get<{ Querystring: TransferQuery }>(
    base,
    { schema: { querystring: TransferQuery, response: { 200: TransferPage } }, config: { rateLimit: 'read' } },
    async (request) => paginate(request, transfers.transferPages(app, requireLogin(request).user.id, request.query)),
  );

  for (const decision of ['accept', 'decline', 'cancel'] as const) {
    app.post<{ Params: IdParams }>(`${base}:id/${decision}/`, { schema: { params: IdParams, response: { 200: Transfer } } }, async (request) =>
      transfers.decide(app, requireActiveUser(request).user.id, request.params.id, decision),
    );
  }
}
