import { RedPacket, RedPacketBody, RedPacketIdParams, RedPacketOpened, RedPacketPage, RedPacketQuery } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { paginate } from '../../../core/http/pagination';
import { requireActiveUser, requireLogin } from '../../accounts/guards';
import { createPacket, openPacket, packetDetail, packetList } from '../services/red-packets';

const TAGS = ['红包'];
const READ = { rateLimit: 'read' } as const;
const CLAIM = { rateLimit: 'claim', userLimit: 'user-claim' } as const;

/** Red packets: mine (received or sent), one packet (public: a shared link), sending one from my coins, opening one. */
export async function redPacketRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: RedPacketQuery }>(
    '/api/red-packets/',
    { config: READ, schema: { tags: TAGS, summary: '我的红包', querystring: RedPacketQuery, response: { 200: RedPacketPage } } },
    async (request) => paginate(request, packetList(app, requireLogin(request).user.id, request.query.box ?? 'received')),
  );
  app.post<{ Body: RedPacketBody }>(
    '/api/red-packets/',
    { config: CLAIM, bodyLimit: 2048, schema: { tags: TAGS, summary: '发红包', body: RedPacketBody, response: { 201: RedPacket } } },
    async (request, reply) => reply.code(201).send(await createPacket(app, requireActiveUser(request).user.id, request.body)),
  );
  app.get<{ Params: RedPacketIdParams }>(
    '/api/red-packets/:id/',
    { config: READ, schema: { tags: TAGS, summary: '红包详情', params: RedPacketIdParams, response: { 200: RedPacket } } },
    async (request) => packetDetail(app, request.params.id, request.user?.id ?? null),
  );
  app.post<{ Params: RedPacketIdParams }>(
    '/api/red-packets/:id/open/',
    { config: CLAIM, schema: { tags: TAGS, summary: '拆红包', params: RedPacketIdParams, response: { 200: RedPacketOpened } } },
    async (request) => openPacket(app, requireActiveUser(request).user.id, request.params.id),
  );
}
