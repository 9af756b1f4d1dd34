import type { OrderKind } from '../api/pay';
import { isPayMethod } from './channel';
import { takePending } from './pending';
import type { PayTarget } from './use-pay-status';

const ORDER_NO = /^[0-9A-Za-z_-]{6,32}$/;

/**
 * The order a page load comes back to: `?order_no=&method=` (Alipay adds out_trade_no to its return), or with
 * `?return=1` the order remembered before leaving for the provider. Null on an ordinary visit.
 */
export function returnTarget(params: URLSearchParams, kind: OrderKind): PayTarget | null {
  const orderNo = params.get('order_no') ?? params.get('out_trade_no');
  // Alipay's return sets its own `method` (alipay.trade.wap.pay.return) over the one our return path carried
  const raw = params.get('method');
  const method = raw?.startsWith('alipay.trade.') ? 'alipay' : raw;
  if (orderNo && ORDER_NO.test(orderNo) && isPayMethod(method)) return { orderNo, method, kind };
  if (params.get('return') !== '1') return null;
  const pending = takePending(kind);
  return pending ? { orderNo: pending.order_no, method: pending.method, kind } : null;
}
