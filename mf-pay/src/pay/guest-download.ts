import { getOnceDocsUrl, queryOrder, type OnceDocsUrlAnswer } from '../api/pay';
import { guestOrdersOf } from './guest-orders';

/**
 * A paid guest order of this document on this device, with its download: the remembered orders are asked
 * about newest first. Null when none is paid (or the API no longer knows them).
 */
export async function findPaidGuestDownload(docs: number): Promise<{ orderNo: string; answer: OnceDocsUrlAnswer } | null> {
  for (const order of guestOrdersOf(docs)) {
    try {
      const state = await queryOrder(order.method, 'once', order.order_no);
      if (!state.paid) continue;
      return { orderNo: order.order_no, answer: await getOnceDocsUrl(order.order_no) };
    } catch {
      // an order this device no longer holds (cookie gone, access over): try the next one
    }
  }
  return null;
}
