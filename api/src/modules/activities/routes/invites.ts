import { InviteCodeParams, InviteCodeValid, InviteePage, InviteeQuery, MyInviteCode } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { paginate } from '../../../core/http/pagination';
import { browserKeyHash } from '../../accounts/browser-key';
import { requireActiveUser, requireLogin } from '../../accounts/guards';
import { checkCode, inviteeList, myInviteCode } from '../services/invites';

const TAGS = ['活动'];
const READ = { rateLimit: 'read' } as const;

/** Invite codes: checking one (registration form), mine with its link and QR, who joined through me. */
export async function inviteRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: InviteCodeParams }>(
    '/api/invite-code-valid/:code/',
    { config: READ, schema: { tags: TAGS, summary: '校验邀请码', params: InviteCodeParams, response: { 200: InviteCodeValid } } },
    async (request) => checkCode(app, request.params.code),
  );
  app.get(
    '/api/invite-code/',
    { config: READ, schema: { tags: TAGS, summary: '我的邀请码', response: { 200: MyInviteCode } } },
    async (request, reply) => myInviteCode(app, requireActiveUser(request).user.id, browserKeyHash(request, reply)),
  );
  app.get<{ Querystring: InviteeQuery }>(
    '/api/invite-code/invitees/',
    { config: READ, schema: { tags: TAGS, summary: '我邀请的好友', querystring: InviteeQuery, response: { 200: InviteePage } } },
    async (request) => paginate(request, inviteeList(app, requireLogin(request).user.id)),
  );
}
