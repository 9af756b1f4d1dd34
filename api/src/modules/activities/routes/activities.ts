import {
  ActivityBody,
  ActivityClaim,
  ActivityClaimPage,
  ActivityClaimQuery,
  ActivityDetail,
  ActivityIdParams,
  ActivityListQuery,
  ActivityPage,
  ClaimIdParams,
} from 'contracts';
import type { FastifyInstance } from 'fastify';
import { paginate } from '../../../core/http/pagination';
import { browserKeyHash } from '../../accounts/browser-key';
import { requireActiveUser, requireLogin } from '../../accounts/guards';
import { activityDetail, activityList, claimDetail, claimList, claimPrize, joinTheme } from '../services/activities';

const TAGS = ['活动'];
const READ = { rateLimit: 'read' } as const;
const CLAIM = { rateLimit: 'claim', userLimit: 'user-claim' } as const;

/** Activities (public), my claims, claiming a prize, joining a theme. */
export async function activityRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: ActivityListQuery }>(
    '/api/activity-info/',
    { config: READ, schema: { tags: TAGS, summary: '活动列表', querystring: ActivityListQuery, response: { 200: ActivityPage } } },
    async (request) => paginate(request, activityList(app, request.query.kind)),
  );
  app.get<{ Params: ActivityIdParams }>(
    '/api/activity-info/:id/',
    { config: READ, schema: { tags: TAGS, summary: '活动详情', params: ActivityIdParams, response: { 200: ActivityDetail } } },
    async (request) => activityDetail(app, request.params.id, request.user ?? null),
  );
  app.get<{ Querystring: ActivityClaimQuery }>(
    '/api/activity-parti/',
    { config: READ, schema: { tags: TAGS, summary: '我的活动奖励', querystring: ActivityClaimQuery, response: { 200: ActivityClaimPage } } },
    async (request) => paginate(request, await claimList(app, requireLogin(request).user.id)),
  );
  app.get<{ Params: ClaimIdParams }>(
    '/api/activity-parti/:id/',
    { config: READ, schema: { tags: TAGS, summary: '活动奖励详情', params: ClaimIdParams, response: { 200: ActivityClaim } } },
    async (request) => claimDetail(app, requireLogin(request).user.id, request.params.id),
  );
  app.post<{ Body: ActivityBody }>(
    '/api/activity-parti/',
    { config: CLAIM, bodyLimit: 1024, schema: { tags: TAGS, summary: '领取活动奖励', body: ActivityBody, response: { 201: ActivityClaim } } },
    async (request, reply) => reply.code(201).send(await claimPrize(app, requireActiveUser(request).user, request.body.activity, browserKeyHash(request, reply))),
  );
  app.post<{ Body: ActivityBody }>(
    '/api/theme-parti/',
    { config: CLAIM, bodyLimit: 1024, schema: { tags: TAGS, summary: '报名主题活动', body: ActivityBody, response: { 200: ActivityDetail } } },
    async (request) => joinTheme(app, requireActiveUser(request).user, request.body.activity),
  );
}
