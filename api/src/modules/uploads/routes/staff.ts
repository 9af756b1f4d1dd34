import { DocIdParams, DocRejectBody, StaffDoc, StaffDocPage, StaffDocQuery, UploadSettings, UploadSettingsPatch } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { paginate } from '../../../core/http/pagination';
import { requireStaff } from '../../accounts/guards';
import { audited } from '../../trust/audit';
import { changeUploadSettings, readUploadSettings, reviewDoc, staffDocPage } from '../services/review';

const TAGS = ['管理'];
const REVIEWER = ['reviewer'] as const;

/** Staff review of uploaded documents and the upload rule (reviewer and admin; 403 to anyone else). */
export async function staffDocRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: StaffDocQuery }>(
    '/api/staff/docs/',
    { config: { rateLimit: 'read' }, schema: { tags: TAGS, summary: '文档审核列表', querystring: StaffDocQuery, response: { 200: StaffDocPage } } },
    async (request) => {
      await requireStaff(request, REVIEWER);
      return paginate(request, staffDocPage(app, request.query.status));
    },
  );
  app.post<{ Params: DocIdParams }>(
    '/api/staff/docs/:id/approve/',
    { config: { rateLimit: 'account' }, schema: { tags: TAGS, summary: '通过文档', params: DocIdParams, response: { 200: StaffDoc } } },
    async (request) => {
      const { user } = await requireStaff(request, REVIEWER);
      return audited(app.db, { staffId: user.id, action: 'docs.approve', target_type: 'docs', target_id: request.params.id }, () => reviewDoc(app, request.params.id, { status: 1, reason: '' }));
    },
  );
  app.post<{ Params: DocIdParams; Body: DocRejectBody }>(
    '/api/staff/docs/:id/reject/',
    { config: { rateLimit: 'account' }, bodyLimit: 4096, schema: { tags: TAGS, summary: '驳回文档', params: DocIdParams, body: DocRejectBody, response: { 200: StaffDoc } } },
    async (request) => {
      const { user } = await requireStaff(request, REVIEWER);
      const entry = { staffId: user.id, action: 'docs.reject', target_type: 'docs', target_id: request.params.id, reason: request.body.reason };
      return audited(app.db, entry, () => reviewDoc(app, request.params.id, { status: 2, reason: request.body.reason }));
    },
  );
  app.get('/api/staff/settings/uploads/', { config: { rateLimit: 'read' }, schema: { tags: TAGS, summary: '上传规则', response: { 200: UploadSettings } } }, async (request) => {
    await requireStaff(request, ['admin']);
    return readUploadSettings(app);
  });
  app.patch<{ Body: UploadSettingsPatch }>(
    '/api/staff/settings/uploads/',
    { config: { rateLimit: 'account' }, bodyLimit: 4096, schema: { tags: TAGS, summary: '修改上传规则', body: UploadSettingsPatch, response: { 200: UploadSettings } } },
    async (request) => {
      const { user } = await requireStaff(request, ['admin']);
      return audited(app.db, { staffId: user.id, action: 'uploads.settings', target_type: 'upload_settings', target_id: '', before: await readUploadSettings(app) }, () => changeUploadSettings(app, request.body));
    },
  );
}
