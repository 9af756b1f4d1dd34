import {
  AuditPage,
  AuditQuery,
  ExpertApplication,
  ExpertApplicationPage,
  Penalty,
  PenaltyBody,
  ReportResolveBody,
  RightsComplaint,
  RightsComplaintPage,
  StaffApplicationQuery,
  StaffComment,
  StaffCommentPage,
  StaffCommentQuery,
  StaffComplaintQuery,
  StaffReport,
  StaffReportPage,
  StaffReportQuery,
  StaffUserPage,
  StaffUserQuery,
  TrustIdParams,
  TrustReasonBody,
} from 'contracts';
import type { FastifyInstance } from 'fastify';
import { paginate } from '../../../core/http/pagination';
import { requireStaff } from '../../accounts/guards';
import { applications, reviewApplication } from '../services/applications';
import { auditPages } from '../services/audit-search';
import { commentQueue, moderateComment } from '../services/comments';
import { decide, staffComplaint, staffComplaints } from '../services/complaints-staff';
import { impose, lift, lookupUsers } from '../services/penalties';
import { reportQueue, resolveReport } from '../services/reports';

const TAGS = ['管理'];
const READ = { rateLimit: 'read' } as const;
const ACT = { config: { rateLimit: 'account' }, bodyLimit: 8 * 1024 } as const;
/** Who may do what (admin holds every role); docs/trust.md lists them. */
export const TRUST_ROLES = { audit: ['admin'], reports: ['reviewer', 'support'], comments: ['reviewer', 'support'], complaints: ['support'], experts: ['reviewer', 'support'], penalties: ['support'] } as const;
type Id = { Params: TrustIdParams };

async function complaintRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: StaffComplaintQuery }>(
    '/api/staff/rights-complaints/',
    { config: READ, schema: { tags: TAGS, summary: '侵权通知列表', querystring: StaffComplaintQuery, response: { 200: RightsComplaintPage } } },
    async (request) => {
      await requireStaff(request, TRUST_ROLES.complaints);
      return paginate(request, staffComplaints(app, request.query.state));
    },
  );
  app.get<Id>(
    '/api/staff/rights-complaints/:id/',
    { config: READ, schema: { tags: TAGS, summary: '侵权通知详情', params: TrustIdParams, response: { 200: RightsComplaint } } },
    async (request) => {
      await requireStaff(request, TRUST_ROLES.complaints);
      return staffComplaint(app, request.params.id);
    },
  );
  const actions = [
    ['take-down', 'take_down', '下架（通知完整）'],
    ['request-info', 'request_info', '要求补充材料'],
    ['reject', 'reject', '驳回通知'],
  ] as const;
  for (const [path, action, summary] of actions) {
    app.post<Id & { Body: TrustReasonBody }>(
      `/api/staff/rights-complaints/:id/${path}/`,
      { ...ACT, schema: { tags: TAGS, summary, params: TrustIdParams, body: TrustReasonBody, response: { 200: RightsComplaint } } },
      async (request) => decide(app, (await requireStaff(request, TRUST_ROLES.complaints)).user.id, request.params.id, action, request.body.reason.trim()),
    );
  }
}

async function expertRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: StaffApplicationQuery }>(
    '/api/staff/auth-apply/',
    { config: READ, schema: { tags: TAGS, summary: '专家认证申请列表', querystring: StaffApplicationQuery, response: { 200: ExpertApplicationPage } } },
    async (request) => {
      await requireStaff(request, TRUST_ROLES.experts);
      return paginate(request, applications(app, { state: request.query.state }));
    },
  );
  app.post<Id>(
    '/api/staff/auth-apply/:id/approve/',
    { ...ACT, schema: { tags: TAGS, summary: '通过认证（等级变为 3）', params: TrustIdParams, response: { 200: ExpertApplication } } },
    async (request) => reviewApplication(app, (await requireStaff(request, TRUST_ROLES.experts)).user.id, request.params.id, { approve: true, reason: '' }),
  );
  app.post<Id & { Body: TrustReasonBody }>(
    '/api/staff/auth-apply/:id/reject/',
    { ...ACT, schema: { tags: TAGS, summary: '驳回认证', params: TrustIdParams, body: TrustReasonBody, response: { 200: ExpertApplication } } },
    async (request) =>
      reviewApplication(app, (await requireStaff(request, TRUST_ROLES.experts)).user.id, request.params.id, { approve: false, reason: request.body.reason.trim() }),
  );
}

async function commentRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: StaffCommentQuery }>(
    '/api/staff/comments/',
    { config: READ, schema: { tags: TAGS, summary: '评论列表（审核）', querystring: StaffCommentQuery, response: { 200: StaffCommentPage } } },
    async (request) => {
      await requireStaff(request, TRUST_ROLES.comments);
      return paginate(request, commentQueue(app, request.query));
    },
  );
  const actions = [
    ['hide', '隐藏评论（告知作者原因）'],
    ['show', '恢复显示评论'],
  ] as const;
  for (const [action, summary] of actions) {
    app.post<Id & { Body: TrustReasonBody }>(
      `/api/staff/comments/:id/${action}/`,
      { ...ACT, schema: { tags: TAGS, summary, params: TrustIdParams, body: TrustReasonBody, response: { 200: StaffComment } } },
      async (request) => moderateComment(app, (await requireStaff(request, TRUST_ROLES.comments)).user.id, request.params.id, action, request.body.reason.trim()),
    );
  }
}

async function penaltyRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: PenaltyBody }>(
    '/api/staff/penalties/',
    { ...ACT, schema: { tags: TAGS, summary: '处罚用户', body: PenaltyBody, response: { 201: Penalty } } },
    async (request, reply) => reply.code(201).send(await impose(app, (await requireStaff(request, TRUST_ROLES.penalties)).user.id, request.body)),
  );
  app.delete<Id>(
    '/api/staff/penalties/:id/',
    { config: { rateLimit: 'account' }, schema: { tags: TAGS, summary: '解除处罚', params: TrustIdParams, response: { 200: Penalty } } },
    async (request) => lift(app, (await requireStaff(request, TRUST_ROLES.penalties)).user.id, request.params.id),
  );
  app.get<{ Querystring: StaffUserQuery }>(
    '/api/staff/users/',
    { config: READ, schema: { tags: TAGS, summary: '查找用户（手机号、uid、昵称）', querystring: StaffUserQuery, response: { 200: StaffUserPage } } },
    async (request) => {
      await requireStaff(request, TRUST_ROLES.penalties);
      return paginate(request, lookupUsers(app, request.query.q));
    },
  );
}

/** The staff side of trust and safety: 403 `staff_only` to anyone without the role. */
export async function trustStaffRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: AuditQuery }>(
    '/api/staff/audit/',
    { config: READ, schema: { tags: TAGS, summary: '操作日志', querystring: AuditQuery, response: { 200: AuditPage } } },
    async (request) => {
      await requireStaff(request, TRUST_ROLES.audit);
      return paginate(request, auditPages(app, request.query));
    },
  );
  app.get<{ Querystring: StaffReportQuery }>(
    '/api/staff/reports/',
    { config: READ, schema: { tags: TAGS, summary: '举报列表', querystring: StaffReportQuery, response: { 200: StaffReportPage } } },
    async (request) => {
      await requireStaff(request, TRUST_ROLES.reports);
      return paginate(request, reportQueue(app, request.query.status));
    },
  );
  app.post<Id & { Body: ReportResolveBody }>(
    '/api/staff/reports/:id/resolve/',
    { ...ACT, schema: { tags: TAGS, summary: '处理举报', params: TrustIdParams, body: ReportResolveBody, response: { 200: StaffReport } } },
    async (request) => resolveReport(app, (await requireStaff(request, TRUST_ROLES.reports)).user.id, request.params.id, request.body),
  );
  await complaintRoutes(app);
  await expertRoutes(app);
  await penaltyRoutes(app);
  await commentRoutes(app);
}
