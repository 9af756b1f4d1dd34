import type { FastifyInstance } from 'fastify';
import { AlipayError } from '../../../infra/payments/alipay/adapter';
import type { RefundResult } from '../../../infra/payments/types';
import { WxpayApiError } from '../../../infra/payments/wxpay/adapter';
import type { Queryable } from '../../../core/db';
import { ApiError } from '../../../core/http/errors';
import { reverseOrderEarning } from '../../coins/services/earnings';
import { LEDGER_ACCOUNTS, postEntry } from '../../ledger';
import { lockOrder, lockOrderById, markRefunded, markRefunding, unmarkRefunding, type OrderRow } from '../repositories/orders';
import { packageOfOrder, revokePackage } from '../repositories/packages';
import { deletePurchasesOfOrder } from '../repositories/purchases';
import { finishRefund, insertRefund, lockRefundByNo, refundCount, refundStateByNo, type RefundRow } from '../repositories/refunds';

/** The money back out, the package's unused downloads withdrawn, the purchases it unlocked taken back. */
async function completeRefund(tx: Queryable, order: OrderRow, refund: RefundRow, at: Date): Promise<void> {
  await markRefunded(tx, order.id, at);
  await reverseOrderEarning(tx, order.id, at, '订单已退款');
  await postEntry(tx, {
    key: `refund:${refund.refund_no}`,
    kind: 'refund',
    unit: 'fen',
    orderId: order.id,
    memo: refund.reason,
    at,
    postings: [
      { account: LEDGER_ACCOUNTS.sales(order.type), amount: -refund.amount },
      { account: LEDGER_ACCOUNTS.provider(order.pay_method), amount: refund.amount },
    ],
  });
  await deletePurchasesOfOrder(tx, order.order_no);
  const pkg = order.type === 'package' ? await packageOfOrder(tx, order.id) : undefined;
  if (pkg) {
    await revokePackage(tx, pkg.id);
    const left = Number(pkg.downloads_left);
    if (left > 0) {
      await postEntry(tx, {
        key: `package-revoked:${order.order_no}`,
        kind: 'package_revoked',
        unit: 'download',
        orderId: order.id,
        at,
        postings: [
          { account: LEDGER_ACCOUNTS.package(pkg.id), amount: -left },
          { account: LEDGER_ACCOUNTS.packageIssuance, amount: left },
        ],
      });
    }
  }
}

/** Ends a refund the provider answered (its call, its notification, or a retry): once, under the order's lock. */
export async function finishRefundByNo(app: FastifyInstance, refundNo: string, state: 'success' | 'failed', providerRefundId: string | null): Promise<string> {
  const at = app.now();
  return app.db.transaction(async (tx) => {
    const refund = await lockRefundByNo(tx, refundNo);
    if (!refund) return 'unknown_refund';
    if (refund.state !== 'processing') return 'duplicate';
    const order = await lockOrderById(tx, refund.order_id);
    if (!order) return 'unknown_order';
    await finishRefund(tx, refund.id, state, providerRefundId, at);
    if (state === 'success') await completeRefund(tx, order, refund, at);
    else await unmarkRefunding(tx, order.id);
    return state === 'success' ? 'refunded' : 'refund_failed';
  });
}

/**
 * A full refund by staff: the order moves paid → refunding with its refund row (one transaction), the provider
 * is asked (idempotent by refund number, so a crash and a retry cannot refund twice), and its answer finishes it.
 */
export async function refundOrder(app: FastifyInstance, orderNo: string, reason: string, operator: string): Promise<string> {
  const text = reason.trim();
  if (!text || text.length > 200) throw new ApiError(400, 'invalid', '请填写退款原因（200 字以内）');
  const { order, refund } = await app.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderNo);
    if (!order) throw new ApiError(404, 'not_found', '订单不存在');
    if (!(await markRefunding(tx, order.id))) throw new ApiError(409, 'not_refundable', `订单状态为 ${order.state}，不能退款`);
    // one refund number per attempt: a failed refund's number is spent (the provider would answer its failure
    // again, and refund_no is unique), so asking again after a failure is R<order_no>-2, -3 ...
    const earlier = await refundCount(tx, order.id);
    const refundNo = earlier === 0 ? `R${order.order_no}` : `R${order.order_no}-${earlier + 1}`;
    const refund = await insertRefund(tx, { refundNo, orderId: order.id, amount: order.amount, reason: text, operator, at: app.now() });
    return { order, refund };
  });
  return askProvider(app, order, refund);
}

/** Alipay's business failure (40004) and WeChat's 4xx answers: the provider looked at the refund and said no. */
function finalRefusal(error: unknown): boolean {
  return (error instanceof AlipayError && error.code === '40004') || (error instanceof WxpayApiError && error.status >= 400 && error.status < 500);
}

/** Asks the provider to refund (again: the refund number makes a repeat harmless) and finishes what it answered. */
export async function askProvider(app: FastifyInstance, order: OrderRow, refund: RefundRow): Promise<string> {
  const provider = app.pay.providers[order.pay_method];
  if (!provider) throw new ApiError(503, 'pay_unavailable', '支付方式未配置，无法退款');
  let result: RefundResult;
  try {
    result = await provider.refund({
      outTradeNo: order.order_no,
      refundNo: refund.refund_no,
      amountFen: refund.amount,
      totalFen: order.amount,
      reason: refund.reason,
      notifyUrl: `${app.pay.config.notifyOrigin}/api/${order.pay_method}/notify/`,
    });
  } catch (error) {
    // a business refusal is final (the order is paid again, staff may try once more); anything else is asked again
    if (!finalRefusal(error)) throw error;
    await finishRefundByNo(app, refund.refund_no, 'failed', null);
    throw new ApiError(409, 'refund_refused', `支付机构拒绝退款：${error instanceof AlipayError ? error.subMsg : (error as WxpayApiError).wxMessage}`);
  }
  if (result.state === 'processing') return 'processing';
  const outcome = await finishRefundByNo(app, refund.refund_no, result.state, result.refundId ?? null);
  if (outcome !== 'duplicate') return outcome;
  // the provider's notification finished it first (it may arrive before the call's own answer): report that ending
  const state = await refundStateByNo(app.db, refund.refund_no);
  return state === 'success' ? 'refunded' : state === 'failed' ? 'refund_failed' : outcome;
}
