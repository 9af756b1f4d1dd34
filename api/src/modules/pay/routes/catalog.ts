import { PricePolicyPage, PricePolicyQuery, UserPackagePage, UserPackageQuery } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { orderBy } from '../../../core/http/ordering';
import { paginate } from '../../../core/http/pagination';
import { requireLogin } from '../../accounts/guards';
import { POLICY_ORDERING } from '../repositories/policies';
import { packageList, policyList } from '../services/lists';

const TAGS = ['支付'];
const READ = { rateLimit: 'read' } as const;

/** GET /api/price-policy/ (the download packages on sale) and GET /api/user-package/ (mine, with what is left). */
export async function catalogRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: PricePolicyQuery }>(
    '/api/price-policy/',
    { config: READ, schema: { tags: TAGS, summary: '下载套餐', querystring: PricePolicyQuery, response: { 200: PricePolicyPage } } },
    async (request) => paginate(request, policyList(app, orderBy(request.query.ordering, POLICY_ORDERING))),
  );
  app.get(
    '/api/user-package/',
    { config: READ, schema: { tags: TAGS, summary: '我的下载套餐', querystring: UserPackageQuery, response: { 200: UserPackagePage } } },
    async (request) => paginate(request, packageList(app, requireLogin(request).user.id)),
  );
}
