import type { PayQueryAnswer } from 'contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../../core/http/errors';
import type { PayMethod } from '../../../infra/payments/types';
import { requireLogin } from '../../accounts/guards';
import { markClosed, openOrdersToSweep, orderById, orderByNo, type OrderRow } from '../repositories/orders';
import { staleRefunds } from '../repositories/refunds';
import { askProvider } from './refunds';
import { deviceKey } from './guest';
import { settlePayment } from './settlement';
import { queryAnswer } from './serialize';

const open = (o: OrderRow) => o.state === 'created' || o.state === 'paying';

/**
 * Asks the provider about an unpaid order and acts on the answer: paid settles it (a lost notification costs
 * nothing), expired closes it (at the provider first, so it cannot be paid after we gave up on it).
 */
export async function reconcile(app: FastifyInstance, order: OrderRow): Promise<void> {
  const provider = app.pay.providers[order.pay_method];
  if (!provider || !open(order)) return;
  const status = await provider.query(order.order_no);
  if (status.state === 'paid' && status.tradeNo && status.amountFen !== undefined) {
    await settlePayment(app, order.pay_method, {
      outTradeNo: order.order_no,
      tradeNo: status.tradeNo,
      amountFen: status.amountFen,
      currency: status.currency ?? 'CNY',
      paidAt: status.paidAt,
    });
    return;
  }
  if (order.expire_time.getTime() <= app.now().getTime()) {
    // an Alipay trade whose payer never opened the code is 'unknown' there, and still must not be payable later
    if (status.state !== 'closed') await provider.close(order.order_no);
    await markClosed(app.db, order.id, app.now());
  }
}

/** GET /api/{alipay,wxpay}/query/{order|once}/{order_no}/: the order's state, asking the provider (at most every few seconds) while unpaid. */
export async function queryOrder(app: FastifyInstance, request: FastifyRequest, method: PayMethod, kind: 'order' | 'once', orderNo: string): Promise<PayQueryAnswer> {
  const userId = kind === 'order' ? requireLogin(request).user.id : null;
  const order = await orderByNo(app.db, orderNo);
  const mine =
    order !== undefined &&
    order.pay_method === method &&
    (kind === 'order' ? order.user_id === userId : order.guest_key !== null && order.guest_key === deviceKey(request, null, false));
  if (!order || !mine) throw new ApiError(404, 'not_found', '订单不存在');
  if (!open(order) || !app.pay.queryDue(order.order_no)) return queryAnswer(order);
  try {
    await reconcile(app, order);
  } catch (error) {
    request.log.warn({ err: error, order: orderNo }, 'payment status query failed');
  }
  return queryAnswer((await orderByNo(app.db, orderNo)) as OrderRow);
}

/**
 * One sweep: expired unpaid orders are closed (after a last query), orders left paying over a minute are
 * queried, and refunds left processing over a minute are asked again (the refund number makes that harmless).
 */
export async function sweepOrders(app: FastifyInstance, limit = 50): Promise<number> {
  const now = app.now();
  const minuteAgo = new Date(now.getTime() - 60_000);
  const orders = await openOrdersToSweep(app.db, now, minuteAgo, limit);
  for (const order of orders) {
    try {
      await reconcile(app, order);
    } catch (error) {
      app.log.warn({ err: error, order: order.order_no }, 'payment sweep: order left for the next sweep');
    }
  }
  const refunds = await staleRefunds(app.db, minuteAgo, limit);
  for (const refund of refunds) {
    const order = await orderById(app.db, refund.order_id);
    if (order) await askProvider(app, order, refund).catch((error) => app.log.warn({ err: error, refund: refund.refund_no }, 'payment sweep: refund left for the next sweep'));
  }
  return orders.length + refunds.length;
}
