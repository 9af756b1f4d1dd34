import { CoinIdParams, Withdrawal, WithdrawalPage, WithdrawBody, WithdrawListQuery, WithdrawQuote } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../../core/http/errors';
import { paginate } from '../../../core/http/pagination';
import { flatHeaders, keepRawBodies } from '../../../core/http/raw-body';
import { requireActiveUser, requireLogin } from '../../accounts/guards';
import { NOTIFY_BODY_LIMIT } from '../../pay/routes/notify';
import { withdrawalById } from '../repositories/withdrawals';
import { cancelWithdrawal, handlePayoutNotification, refreshPayout } from '../services/payouts';
import { withdrawalList } from '../services/lists';
import { requestWithdrawal, withdrawalItem, withdrawQuote } from '../services/withdrawals';

const TAGS = ['金币'];

/** Withdrawals: what can be withdrawn, asking, my list, one (asking the provider while it is unfinished), cancelling. */
export async function withdrawalRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/withdraw/extra_withdraw_coin/', { config: { rateLimit: 'read' }, schema: { tags: TAGS, summary: '可提现金币', response: { 200: WithdrawQuote } } }, async (request) =>
    withdrawQuote(app, requireLogin(request).user.id),
  );
  app.get<{ Querystring: WithdrawListQuery }>(
    '/api/withdraw/',
    { config: { rateLimit: 'read' }, schema: { tags: TAGS, summary: '提现记录', querystring: WithdrawListQuery, response: { 200: WithdrawalPage } } },
    async (request) => paginate(request, withdrawalList(app, { userId: requireLogin(request).user.id, state: request.query.state })),
  );
  app.post<{ Body: WithdrawBody }>(
    '/api/withdraw/',
    { bodyLimit: 8 * 1024, config: { rateLimit: 'order', userLimit: 'user-order' }, schema: { tags: TAGS, summary: '申请提现', body: WithdrawBody, response: { 201: Withdrawal } } },
    async (request, reply) => reply.code(201).send(await requestWithdrawal(app, request, requireActiveUser(request).user, request.body)),
  );
  app.get<{ Params: { id: number } }>(
    '/api/withdraw/:id/',
    { config: { rateLimit: 'read' }, schema: { tags: TAGS, summary: '提现详情', params: CoinIdParams, response: { 200: Withdrawal } } },
    async (request) => {
      const w = await withdrawalById(app.db, request.params.id);
      if (!w || w.user_id !== requireLogin(request).user.id) throw new ApiError(404, 'not_found', '提现记录不存在');
      return withdrawalItem(await refreshPayout(app, w), app.pay.config.wxpay);
    },
  );
  app.post<{ Params: { id: number } }>(
    '/api/withdraw/:id/cancel/',
    { schema: { tags: TAGS, summary: '取消提现', params: CoinIdParams, response: { 200: Withdrawal } } },
    async (request) => withdrawalItem(await cancelWithdrawal(app, requireLogin(request).user.id, request.params.id), app.pay.config.wxpay),
  );
  // WeChat's transfer-bill notification: raw JSON (its signature is over the bytes), not in the OpenAPI document
  await app.register(async (scope) => {
    keepRawBodies(scope, NOTIFY_BODY_LIMIT);
    scope.post('/api/wxpay/transfer-notify/', { bodyLimit: NOTIFY_BODY_LIMIT, config: { rateLimit: 'pay-notify' }, schema: { hide: true } }, async (request, reply) => {
      const answer = await handlePayoutNotification(app, { headers: flatHeaders(request.headers), rawBody: typeof request.body === 'string' ? request.body : '' });
      return reply.code(answer.status).header('content-type', answer.contentType).send(answer.body);
    });
  });
}
