import {
  AuthApplyBody,
  CounterNoticeBody,
  ExpertApplication,
  ExpertApplicationPage,
  LawsuitBody,
  MyApplicationQuery,
  MyComplaintQuery,
  RightsComplaint,
  RightsComplaintBody,
  RightsComplaintPage,
  RightsComplaintPatch,
  TrustContact,
  TrustIdParams,
} from 'contracts';
import type { FastifyInstance } from 'fastify';
import { paginate } from '../../../core/http/pagination';
import { requireActiveUser, requireLogin } from '../../accounts/guards';
import { rolesOf } from '../../accounts/repositories/staff';
import { apply, applications } from '../services/applications';
import * as complaints from '../services/complaints';
import { complaintEmail } from '../services/contact';

const TAGS = ['投诉与认证'];
const READ = { rateLimit: 'read' } as const;
const WRITE = { config: { userLimit: 'report' }, bodyLimit: 32 * 1024 } as const;
type Id = { Params: TrustIdParams };

/** The rights-complaint routes of claimants and uploaders, and expert certification (login required). */
export async function trustUserRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/trust-contact/', { config: READ, schema: { tags: TAGS, summary: '侵权通知的联系邮箱', response: { 200: TrustContact } } }, async () => ({
    email: await complaintEmail(app),
    restore_days: complaints.RESTORE_DAYS,
  }));
  app.post<{ Body: RightsComplaintBody }>(
    '/api/rights-complaints/',
    { ...WRITE, schema: { tags: TAGS, summary: '提交侵权通知', body: RightsComplaintBody, response: { 201: RightsComplaint } } },
    async (request, reply) => reply.code(201).send(await complaints.fileComplaint(app, requireActiveUser(request).user.id, request.body)),
  );
  app.get<{ Querystring: MyComplaintQuery }>(
    '/api/rights-complaints/',
    { config: READ, schema: { tags: TAGS, summary: '我的侵权通知和针对我文档的通知', querystring: MyComplaintQuery, response: { 200: RightsComplaintPage } } },
    async (request) => paginate(request, complaints.myComplaints(app, requireLogin(request).user.id, request.query.role)),
  );
  app.get<Id>(
    '/api/rights-complaints/:id/',
    { config: READ, schema: { tags: TAGS, summary: '侵权通知详情（权利人、上传者或管理员）', params: TrustIdParams, response: { 200: RightsComplaint } } },
    async (request) => {
      const { user } = requireLogin(request);
      const roles = await rolesOf(app.db, user.id);
      return complaints.userComplaint(app, user.id, roles.some((r) => r === 'admin' || r === 'support'), request.params.id);
    },
  );
  app.patch<Id & { Body: RightsComplaintPatch }>(
    '/api/rights-complaints/:id/',
    { ...WRITE, schema: { tags: TAGS, summary: '补充材料', params: TrustIdParams, body: RightsComplaintPatch, response: { 200: RightsComplaint } } },
    async (request) => complaints.supplement(app, requireActiveUser(request).user.id, request.params.id, request.body),
  );
  app.post<Id & { Body: CounterNoticeBody }>(
    '/api/rights-complaints/:id/counter/',
    { ...WRITE, schema: { tags: TAGS, summary: '上传者的反通知', params: TrustIdParams, body: CounterNoticeBody, response: { 200: RightsComplaint } } },
    async (request) => complaints.counterNotice(app, requireActiveUser(request).user.id, request.params.id, request.body),
  );
  app.post<Id & { Body: LawsuitBody }>(
    '/api/rights-complaints/:id/lawsuit/',
    { ...WRITE, schema: { tags: TAGS, summary: '权利人告知已投诉或起诉', params: TrustIdParams, body: LawsuitBody, response: { 200: RightsComplaint } } },
    async (request) => complaints.reportLawsuit(app, requireActiveUser(request).user.id, request.params.id, request.body),
  );
  app.post<{ Body: AuthApplyBody }>(
    '/api/auth-apply/',
    { ...WRITE, schema: { tags: TAGS, summary: '申请专家认证', body: AuthApplyBody, response: { 201: ExpertApplication } } },
    async (request, reply) => reply.code(201).send(await apply(app, requireActiveUser(request).user, request.body)),
  );
  app.get<{ Querystring: MyApplicationQuery }>(
    '/api/auth-apply/',
    { config: READ, schema: { tags: TAGS, summary: '我的认证申请', querystring: MyApplicationQuery, response: { 200: ExpertApplicationPage } } },
    async (request) => paginate(request, applications(app, { userId: requireLogin(request).user.id })),
  );
}
