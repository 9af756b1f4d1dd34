import type {
  DocDetail,
  OnceDocsUrlAnswer,
  OnceOrderCreateBody,
  Order,
  OrderCreateBody,
  OrderPage,
  PayQueryAnswer,
  PricePolicyPage,
  UserPackagePage,
} from 'contracts';
import type { PayMethodName } from 'contracts/enums';
import { http } from 'shared-kernel';

export type { DocDetail, OnceDocsUrlAnswer, Order, PayQueryAnswer, PricePolicy, UserPackage } from 'contracts';

/** Which query an order answers: a logged-in person's ('order') or a guest's bound to this device ('once'). */
export type OrderKind = 'order' | 'once';

/** GET /api/price-policy/?ordering=sequence: the packages on sale (a failure is shown in the page's place). */
export const getPricePolicies = () =>
  http.get<PricePolicyPage>('/price-policy/', { params: { ordering: 'sequence', page_size: 50 }, skipErrorToast: true }).then((r) => r.data);

/** GET /api/user-package/: my packages (logged in). */
export const getMyPackages = () => http.get<UserPackagePage>('/user-package/', { params: { page_size: 50 } }).then((r) => r.data);

/** GET /api/docs/{id}/: the document being bought (its own errors are shown by the page). */
export const getDoc = (id: string) => http.get<DocDetail>(`/docs/${encodeURIComponent(id)}/`, { skipErrorToast: true }).then((r) => r.data);

/** POST /api/order-info/ (logged in) or /api/once-order-info/ (a guest): a new order with the way to pay it. */
export function createOrder(kind: OrderKind, body: OrderCreateBody | OnceOrderCreateBody): Promise<Order> {
  const path = kind === 'order' ? '/order-info/' : '/once-order-info/';
  return http.post<Order>(path, body).then((r) => r.data);
}

/**
 * GET /api/{alipay|wxpay}/query/{kind}/{order_no}/: where the order stands. Polled: no toast, no loading
 * indicator; the caller decides what a failure means.
 */
export const queryOrder = (method: PayMethodName, kind: OrderKind, orderNo: string) =>
  http
    .get<PayQueryAnswer>(`/${method}/query/${kind}/${encodeURIComponent(orderNo)}/`, { background: true })
    .then((r) => r.data);

/** POST /api/once-docs-url/: a guest's download of a paid order, on this device. */
export const getOnceDocsUrl = (orderNo: string) => http.post<OnceDocsUrlAnswer>('/once-docs-url/', { order_no: orderNo }).then((r) => r.data);

/** GET /api/order-info/?ordering=-create_time&page=: my orders, newest first. */
export const listOrders = (page: number, signal?: AbortSignal) =>
  http.get<OrderPage>('/order-info/', { params: { ordering: '-create_time', page }, signal }).then((r) => r.data);

/** A download URL from the API ('/api/…') as the browser opens it: under the client's base. */
export function apiHref(url: string): string {
  if (!url.startsWith('/api/')) return url;
  const base = String(http.defaults.baseURL ?? '/api').replace(/\/+$/, '');
  return `${base}${url.slice(4)}`;
}
