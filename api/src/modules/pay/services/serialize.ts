import { ORDER_STATE_LABELS, type Order, type PayNext, type PayQueryAnswer } from 'contracts';
import type { OrderRow } from '../repositories/orders';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** Where the payment page goes once the order is paid: the document, the guest's download, or where the purchase started. */
export function nextOf(order: OrderRow): PayNext | null {
  if (order.type === 'docs' && order.docs_id !== null) {
    if (order.guest_key !== null) return { route: 'guest/pay/order', query: { docs: String(order.docs_id), order_no: order.order_no } };
    return { route: `articles/docs/detail/${order.docs_id}` };
  }
  const from = order.from_path ? new URL(order.from_path, 'http://site.invalid') : null;
  if (from && from.pathname.startsWith('/app/')) {
    return { route: from.pathname.slice('/app/'.length), query: Object.fromEntries(from.searchParams) };
  }
  // my packages, with what is left of the new one
  return { route: 'user/pay/order', query: { type: 'package' } };
}

const payable = (o: OrderRow) => o.state === 'created' || o.state === 'paying';

export function orderItem(order: OrderRow, withPay: boolean): Order {
  return {
    order_no: order.order_no,
    type: order.type,
    title: order.title,
    docs: order.docs_id,
    price_policy: order.price_policy_id,
    amount: order.amount,
    pay_method: order.pay_method,
    channel: order.channel,
    state: order.state,
    state_label: ORDER_STATE_LABELS[order.state],
    guest: order.guest_key !== null,
    create_time: order.create_time.toISOString(),
    expire_time: order.expire_time.toISOString(),
    paid_time: iso(order.paid_time),
    refunded_time: iso(order.refunded_time),
    pay: withPay && payable(order) ? order.pay_start : null,
    next: nextOf(order),
  };
}

export function queryAnswer(order: OrderRow): PayQueryAnswer {
  return {
    order_no: order.order_no,
    state: order.state,
    state_label: ORDER_STATE_LABELS[order.state],
    paid: order.state === 'paid',
    expire_time: order.expire_time.toISOString(),
    next: order.state === 'paid' ? nextOf(order) : null,
  };
}
