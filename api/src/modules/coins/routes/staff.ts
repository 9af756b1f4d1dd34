import { CoinIdParams, CoinSettings, CoinSettingsPatch, StaffReasonBody, StaffWithdrawal, StaffWithdrawalPage, WithdrawListQuery } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { paginate } from '../../../core/http/pagination';
import { requireStaff } from '../../accounts/guards';
import { audited } from '../../trust/audit';
import { changeCoinSettings, readCoinSettings } from '../services/settings';
import { approveWithdrawal, rejectWithdrawal, staffWithdrawalList } from '../services/staff';

const TAGS = ['管理'];
const FINANCE = ['finance'] as const;

/** Staff review of withdrawals and the coin rules (finance and admin; 403 to anyone else). The staff console's pages call these. */
export async function staffRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: WithdrawListQuery }>(
    '/api/staff/withdraw/',
    { config: { rateLimit: 'read' }, schema: { tags: TAGS, summary: '提现审核列表', querystring: WithdrawListQuery, response: { 200: StaffWithdrawalPage } } },
    async (request) => {
      await requireStaff(request, FINANCE);
      return paginate(request, staffWithdrawalList(app, request.query.state));
    },
  );
  app.post<{ Params: { id: number } }>(
    '/api/staff/withdraw/:id/approve/',
    { schema: { tags: TAGS, summary: '通过提现', params: CoinIdParams, response: { 200: StaffWithdrawal } } },
    async (request) => {
      const { user } = await requireStaff(request, FINANCE);
      return audited(app.db, { staffId: user.id, action: 'coins.withdrawal.approve', target_type: 'withdrawal', target_id: request.params.id }, () => approveWithdrawal(app, user, request.params.id));
    },
  );
  app.post<{ Params: { id: number }; Body: StaffReasonBody }>(
    '/api/staff/withdraw/:id/reject/',
    { bodyLimit: 4 * 1024, schema: { tags: TAGS, summary: '驳回提现', params: CoinIdParams, body: StaffReasonBody, response: { 200: StaffWithdrawal } } },
    async (request) => {
      const { user } = await requireStaff(request, FINANCE);
      const entry = { staffId: user.id, action: 'coins.withdrawal.reject', target_type: 'withdrawal', target_id: request.params.id, reason: request.body.reason };
      return audited(app.db, entry, () => rejectWithdrawal(app, user, request.params.id, request.body.reason));
    },
  );
  app.get(
    '/api/staff/settings/coins/',
    { config: { rateLimit: 'read' }, schema: { tags: TAGS, summary: '金币规则', response: { 200: CoinSettings } } },
    async (request) => {
      await requireStaff(request, FINANCE);
      return readCoinSettings(app);
    },
  );
  app.patch<{ Body: CoinSettingsPatch }>(
    '/api/staff/settings/coins/',
    { config: { rateLimit: 'account' }, bodyLimit: 4 * 1024, schema: { tags: TAGS, summary: '修改金币规则', body: CoinSettingsPatch, response: { 200: CoinSettings } } },
    async (request) => {
      const { user } = await requireStaff(request, FINANCE);
      return audited(app.db, { staffId: user.id, action: 'coins.settings', target_type: 'coin_settings', target_id: '', before: await readCoinSettings(app) }, () => changeCoinSettings(app, request.body));
    },
  );
}
