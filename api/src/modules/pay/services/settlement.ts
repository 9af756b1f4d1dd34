import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../../core/db';
import type { PayMethod } from '../../../infra/payments/types';
import { earnOnOrder } from '../../coins/services/earnings';
import { LEDGER_ACCOUNTS, postEntry } from '../../ledger';
import { notify } from '../../notifications';
import { lockOrder, markPaid, type OrderRow } from '../repositories/orders';
import { insertUserPackage } from '../repositories/packages';
import { paySettings, policyById, type PaySettings } from '../repositories/policies';
import { upsertPurchase } from '../repositories/purchases';

const DAY_MS = 24 * 3600 * 1000;

/** A payment the provider confirmed (a verified notification, or its query). */
export interface ConfirmedPayment {
  outTradeNo: string;
  tradeNo: string;
  amountFen: number;
  currency: string;
  paidAt?: Date;
}

/**
 * settled: this call settled the order; duplicate: it was settled by this trade before; conflict: settled by
 * another trade (a second payment: staff refunds it); mismatch: amount, currency or method disagree with the
 * order (nothing changes); unknown_order.
 */
export type SettleOutcome = 'settled' | 'duplicate' | 'conflict' | 'mismatch' | 'unknown_order';

/** What a paid order gives: a package (with its downloads in the ledger), or a document to its buyer. */
async function grant(tx: Queryable, order: OrderRow, settings: PaySettings, at: Date): Promise<void> {
  if (order.type === 'package') {
    const policy = await policyById(tx, order.price_policy_id as number);
    if (!policy || order.user_id === null) throw new Error(`order ${order.order_no}: package or buyer missing`);
    const id = await insertUserPackage(tx, {
      userId: order.user_id,
      orderId: order.id,
      policyId: policy.id,
      name: policy.name,
      downloads: policy.downloads,
      maxDocPrice: policy.max_doc_price,
      at,
      expireAt: new Date(at.getTime() + policy.valid_days * DAY_MS),
    });
    await postEntry(tx, {
      key: `package-granted:${order.order_no}`,
      kind: 'package_granted',
      unit: 'download',
      orderId: order.id,
      at,
      postings: [
        { account: LEDGER_ACCOUNTS.packageIssuance, amount: -policy.downloads },
        { account: LEDGER_ACCOUNTS.package(id), amount: policy.downloads },
      ],
    });
  } else if (order.user_id !== null && order.docs_id !== null) {
    const expireAt = new Date(at.getTime() + settings.redownload_days * DAY_MS);
    await upsertPurchase(tx, { userId: order.user_id, docsId: order.docs_id, orderNo: order.order_no, source: 'order', at, expireAt });
  }
  // a guest's document is unlocked by the paid order itself, on the device that paid (services/guest.ts)
  if (order.type === 'docs') await earnOnOrder(tx, order, at);
}

/**
 * Settles a paid order once, in one transaction: the order row locked, checked against the payment, moved to
 * paid by a conditional update, the money posted to the ledger under the provider's trade number, and what it
 * bought granted. Duplicated, concurrent, late and out-of-order confirmations serialise on the order's lock;
 * the second finds it paid and credits nothing.
 */
export async function settlePayment(app: FastifyInstance, method: PayMethod, payment: ConfirmedPayment): Promise<SettleOutcome> {
  const at = payment.paidAt ?? app.now();
  const settings = await paySettings(app.db);
  return app.db.transaction(async (tx) => {
    const order = await lockOrder(tx, payment.outTradeNo);
    if (!order) return 'unknown_order';
    if (order.pay_method !== method || order.amount !== payment.amountFen || payment.currency !== 'CNY') return 'mismatch';
    if (order.state === 'paid' || order.state === 'refunding' || order.state === 'refunded') {
      return order.provider_trade_no === payment.tradeNo ? 'duplicate' : 'conflict';
    }
    if (!(await markPaid(tx, order.id, payment.tradeNo, at))) return 'duplicate';
    await postEntry(tx, {
      key: `payment:${method}:${payment.tradeNo}`,
      kind: 'payment_received',
      unit: 'fen',
      orderId: order.id,
      memo: order.title,
      at,
      postings: [
        { account: LEDGER_ACCOUNTS.provider(method), amount: -order.amount },
        { account: LEDGER_ACCOUNTS.sales(order.type), amount: order.amount },
      ],
    });
    await grant(tx, order, settings, at);
    if (order.user_id !== null) await notify(tx, order.user_id, { kind: 'payment_settled', orderNo: order.order_no, title: order.title, amountFen: order.amount, at });
    return 'settled';
  });
}
