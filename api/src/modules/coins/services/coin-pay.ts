import { PUBLIC_DOC_STATUSES, type CoinPayAnswer } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../../core/http/errors';
import { lockDownloader } from '../../content/repositories/downloads';
import { InsufficientBalance } from '../../ledger';
import { hasValidPurchase, upsertPurchase } from '../../pay/repositories/purchases';
import { paySettings } from '../../pay/repositories/policies';
import { docForCoins } from '../repositories/settings';
import { releaseDue, spendCoinsOnDoc } from './earnings';
import { coinBalance } from './records';

const DAY_MS = 24 * 3600 * 1000;

/**
 * POST /api/coin-pay/docs/{id}/: a paid document bought with available coins, where its uploader allows it. One
 * transaction: the coins, the uploader's share and the purchase (re-downloads free for the usual period); the
 * download rules of payments then apply unchanged.
 */
export async function payDocWithCoins(app: FastifyInstance, userId: number, docsId: number): Promise<CoinPayAnswer> {
  const doc = await docForCoins(app.db, docsId);
  if (!doc || !PUBLIC_DOC_STATUSES.includes(doc.status)) throw new ApiError(404, 'not_found', '文档不存在或已下架');
  if (doc.price <= 0) throw new ApiError(400, 'invalid', '该文档免费，无需购买');
  if (!doc.coin_pay_ok) throw new ApiError(400, 'invalid', '该文档不支持金币购买');
  if (doc.uploader_id === userId) throw new ApiError(400, 'invalid', '不能购买自己上传的文档');
  const now = app.now();
  const settings = await paySettings(app.db);
  await releaseDue(app.db, now, userId); // earnings that came due are spendable now
  let coins: number;
  try {
    coins = await app.db.transaction(async (tx) => {
      // checked under the person's lock (the one their downloads take): two requests at once (a double click)
      // both passed a check made before it, and each paid for the document (coins-invariants found it)
      await lockDownloader(tx, `u:${userId}`);
      if (await hasValidPurchase(tx, userId, docsId, now)) throw new ApiError(409, 'already_purchased', '你已购买过该文档，可直接下载');
      const spent = await spendCoinsOnDoc(tx, { buyerId: userId, doc, at: now });
      await upsertPurchase(tx, { userId, docsId, orderNo: `coins-${now.getTime()}`, source: 'coin', at: now, expireAt: new Date(now.getTime() + settings.redownload_days * DAY_MS) });
      return spent;
    });
  } catch (error) {
    if (error instanceof InsufficientBalance) throw new ApiError(400, 'insufficient_coins', '可用金币不足');
    throw error;
  }
  const balance = await coinBalance(app, userId);
  return { docs: docsId, coins, available: balance.available, message: `已用 ${coins} 金币购买，可直接下载` };
}
