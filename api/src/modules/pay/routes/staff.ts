import {
  PaySettings,
  PaySettingsPatch,
  PricePolicyCreateBody,
  PricePolicyIdParams,
  PricePolicyPatchBody,
  StaffPricePolicy,
  StaffPricePolicyPage,
  StaffPricePolicyQuery,
} from 'contracts';
import type { FastifyInstance } from 'fastify';
import { paginate } from '../../../core/http/pagination';
import { requireStaff } from '../../accounts/guards';
import { audited } from '../../trust/audit';
import { changePaySettings, changePolicy, createPolicy, readPaySettings, staffPolicyList } from '../services/staff-settings';

const TAGS = ['管理'];
const FINANCE = ['finance'] as const;
const WRITE = { config: { rateLimit: 'account' }, bodyLimit: 8 * 1024 } as const;

/** Staff (finance and admin; 403 to anyone else) edit the payment rules and the download packages. */
export async function staffPayRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/staff/settings/pay/', { config: { rateLimit: 'read' }, schema: { tags: TAGS, summary: '支付规则', response: { 200: PaySettings } } }, async (request) => {
    await requireStaff(request, FINANCE);
    return readPaySettings(app);
  });
  app.patch<{ Body: PaySettingsPatch }>(
    '/api/staff/settings/pay/',
    { ...WRITE, schema: { tags: TAGS, summary: '修改支付规则', body: PaySettingsPatch, response: { 200: PaySettings } } },
    async (request) => {
      const { user } = await requireStaff(request, FINANCE);
      return audited(app.db, { staffId: user.id, action: 'pay.settings', target_type: 'pay_settings', target_id: '', before: await readPaySettings(app) }, () => changePaySettings(app, request.body));
    },
  );
  app.get<{ Querystring: StaffPricePolicyQuery }>(
    '/api/staff/price-policy/',
    { config: { rateLimit: 'read' }, schema: { tags: TAGS, summary: '全部下载套餐（含已下架）', querystring: StaffPricePolicyQuery, response: { 200: StaffPricePolicyPage } } },
    async (request) => {
      await requireStaff(request, FINANCE);
      return paginate(request, staffPolicyList(app));
    },
  );
  app.post<{ Body: PricePolicyCreateBody }>(
    '/api/staff/price-policy/',
    { ...WRITE, schema: { tags: TAGS, summary: '新增下载套餐', body: PricePolicyCreateBody, response: { 201: StaffPricePolicy } } },
    async (request, reply) => {
      const { user } = await requireStaff(request, FINANCE);
      return reply.code(201).send(await audited(app.db, { staffId: user.id, action: 'pay.price_policy.create', target_type: 'price_policy', target_id: '' }, () => createPolicy(app, request.body)));
    },
  );
  app.patch<{ Params: PricePolicyIdParams; Body: PricePolicyPatchBody }>(
    '/api/staff/price-policy/:id/',
    { ...WRITE, schema: { tags: TAGS, summary: '修改下载套餐', params: PricePolicyIdParams, body: PricePolicyPatchBody, response: { 200: StaffPricePolicy } } },
    async (request) => {
      const { user } = await requireStaff(request, FINANCE);
      return audited(app.db, { staffId: user.id, action: 'pay.price_policy.change', target_type: 'price_policy', target_id: request.params.id }, () => changePolicy(app, request.params.id, request.body));
    },
  );
}
