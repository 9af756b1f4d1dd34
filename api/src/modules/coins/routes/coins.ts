import { CoinIdParams, CoinBalance, CoinPayAnswer, CoinRecord, CoinRecordPage, CoinRecordQuery } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { paginate } from '../../../core/http/pagination';
import { requireActiveUser, requireLogin } from '../../accounts/guards';
import { payDocWithCoins } from '../services/coin-pay';
import { coinBalance, recordDetail, recordList } from '../services/records';

const TAGS = ['金币'];
const READ = { rateLimit: 'read' } as const;

/** My coins: balance, records, one record; buying a document with coins. */
export async function coinRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/coin-balance/', { config: READ, schema: { tags: TAGS, summary: '我的金币', response: { 200: CoinBalance } } }, async (request) =>
    coinBalance(app, requireLogin(request).user.id),
  );
  app.get<{ Querystring: CoinRecordQuery }>(
    '/api/coin-records/',
    { config: READ, schema: { tags: TAGS, summary: '金币记录', querystring: CoinRecordQuery, response: { 200: CoinRecordPage } } },
    async (request) => paginate(request, await recordList(app, requireLogin(request).user.id, request.query.kind)),
  );
  app.get<{ Params: { id: number } }>(
    '/api/coin-records/:id/',
    { config: READ, schema: { tags: TAGS, summary: '金币记录详情', params: CoinIdParams, response: { 200: CoinRecord } } },
    async (request) => recordDetail(app, requireLogin(request).user.id, request.params.id),
  );
  app.post<{ Params: { id: number } }>(
    '/api/coin-pay/docs/:id/',
    { config: { rateLimit: 'order', userLimit: 'user-order' }, schema: { tags: TAGS, summary: '用金币购买文档', params: CoinIdParams, response: { 200: CoinPayAnswer } } },
    async (request) => payDocWithCoins(app, requireActiveUser(request).user.id, request.params.id),
  );
}
