import type { PayMethodName } from 'contracts/enums';
import { getLocal, setLocal } from 'shared-kernel';

/** A guest order this device made: enough to ask about it again (the API binds it to this device's cookie). */
export interface GuestOrder {
  order_no: string;
  docs: number;
  method: PayMethodName;
  /** epoch ms */
  at: number;
}

const KEY = 'mf-pay:guest-orders';
/** Kept as long as a guest's download can be (the API says how long in access_until); a few per device. */
const KEEP_DAYS = 30;
const MAX = 20;

export function guestOrders(): GuestOrder[] {
  const stored = getLocal<GuestOrder[]>(KEY);
  return Array.isArray(stored) ? stored.filter((o) => o && typeof o.order_no === 'string' && typeof o.docs === 'number') : [];
}

/** The orders of one document, newest first. */
export function guestOrdersOf(docs: number): GuestOrder[] {
  return guestOrders()
    .filter((o) => o.docs === docs)
    .sort((a, b) => b.at - a.at);
}

export function rememberGuestOrder(order: Omit<GuestOrder, 'at'>): void {
  const rest = guestOrders().filter((o) => o.order_no !== order.order_no);
  setLocal(KEY, [{ ...order, at: Date.now() }, ...rest].slice(0, MAX), KEEP_DAYS);
}
