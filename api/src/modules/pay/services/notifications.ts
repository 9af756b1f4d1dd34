import type { FastifyInstance } from 'fastify';
import { NotificationRejected, type NotificationAnswer, type PayMethod, type RawNotification, type VerifiedNotification } from '../../../infra/payments/types';
import { logNotification } from '../repositories/notifications';
import { lockOrder, markClosed } from '../repositories/orders';
import { finishRefundByNo } from './refunds';
import { settlePayment } from './settlement';

/** What a verified notification did. */
async function apply(app: FastifyInstance, method: PayMethod, n: VerifiedNotification): Promise<string> {
  if (n.type === 'refund') {
    if (n.state === 'other') return 'ignored';
    return finishRefundByNo(app, n.refundNo, n.state === 'success' ? 'success' : 'failed', null);
  }
  if (n.state === 'paid') {
    return settlePayment(app, method, { outTradeNo: n.outTradeNo, tradeNo: n.tradeNo, amountFen: n.amountFen, currency: n.currency, paidAt: n.paidAt });
  }
  if (n.state === 'closed') {
    return app.db.transaction(async (tx) => {
      const order = await lockOrder(tx, n.outTradeNo);
      if (!order) return 'unknown_order';
      return (await markClosed(tx, order.id, app.now())) ? 'closed' : 'ignored';
    });
  }
  return 'ignored';
}

/**
 * POST /api/alipay/notify/ and /api/wxpay/notify/: verify (signature, decryption, app and merchant ids) before
 * anything changes, then settle by the provider's trade number. Every notification is logged with what it did.
 * A forged or mismatched one changes nothing; it is acknowledged only when there is nothing to retry. A failure
 * of ours (the database) answers not-ok, so the provider sends it again.
 */
export async function handleNotification(app: FastifyInstance, method: PayMethod, raw: RawNotification): Promise<NotificationAnswer> {
  const provider = app.pay.providers[method];
  const at = app.now();
  if (!provider) return { status: 404, contentType: 'text/plain; charset=utf-8', body: 'not configured' };
  let verified: VerifiedNotification;
  try {
    verified = provider.verifyNotification(raw);
  } catch (error) {
    const reason = error instanceof NotificationRejected ? error.reason : String(error);
    app.log.warn({ method, reason }, 'payment notification rejected');
    await logNotification(app.db, { method, notifyId: '', outTradeNo: '', verified: false, outcome: 'rejected', detail: reason, raw: raw.rawBody, at });
    return provider.notificationAnswer(false);
  }
  try {
    const outcome = await apply(app, method, verified);
    if (outcome === 'mismatch' || outcome === 'conflict' || outcome === 'unknown_order') {
      app.log.warn({ method, order: verified.outTradeNo, outcome }, 'payment notification not settled');
    }
    await logNotification(app.db, { method, notifyId: verified.notifyId, outTradeNo: verified.outTradeNo, verified: true, outcome, detail: '', raw: raw.rawBody, at });
    return provider.notificationAnswer(true);
  } catch (error) {
    app.log.error({ err: error, method, order: verified.outTradeNo }, 'payment notification failed; the provider will retry');
    return provider.notificationAnswer(false);
  }
}
