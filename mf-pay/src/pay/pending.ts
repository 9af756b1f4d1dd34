import type { PayMethodName } from 'contracts/enums';
import { getLocal, removeLocal, setLocal } from 'shared-kernel';
import type { OrderKind } from '../api/pay';

/**
 * The order being paid on a provider's page: the order number is not known when its return path is sent, so it
 * is kept here (local storage: the provider may come back in another tab) and read when the page comes back with
 * `?return=1`.
 */
export interface PendingOrder {
  order_no: string;
  method: PayMethodName;
  kind: OrderKind;
}

const KEY = 'mf-pay:pending';

export function rememberPending(order: PendingOrder): void {
  setLocal(KEY, order, 1);
}

/** The pending order of this kind, forgotten once read. */
export function takePending(kind: OrderKind): PendingOrder | null {
  const order = getLocal<PendingOrder>(KEY);
  if (!order || order.kind !== kind) return null;
  removeLocal(KEY);
  return order;
}
