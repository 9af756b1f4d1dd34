import { formatFen, getRoute, routePath } from 'shared-kernel';
import { apiHref, type PayAnswer } from '../api/documents';

/** Hands a signed link to the browser, which downloads the file as the API serves it (Content-Disposition). */
export function startBrowserDownload(url: string): void {
  const a = document.createElement('a');
  a.href = apiHref(url);
  a.rel = 'noopener';
  a.setAttribute('download', '');
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** The payment page a 402 answer points at ('user/pay/order' -> the route table's user.pay.order), with its query. */
export function payPath(answer: PayAnswer): string {
  const route = answer.pay?.route ?? 'user/pay/order';
  const query = answer.pay?.query ?? {};
  const name = route.replace(/^\/+|\/+$/g, '').split('/').join('.');
  try {
    getRoute(name);
    return routePath(name, {}, query);
  } catch {
    return routePath('user.pay.order', {}, query);
  }
}

/** Fen as yuan: 500 -> '¥5.00' (the kernel's formatFen; a price is never below zero). */
export function formatPrice(fen: number): string {
  return formatFen(Math.max(0, fen));
}

/** '2026-11-24T16:00:00Z' -> '11月25日 00:00' in the reader's time zone. */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getMonth() + 1}月${d.getDate()}日 ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** '2026-11-23T05:21:25Z' -> '2026-11-23' (one function for every page: ui/format.ts). */
export { formatDate } from '../ui/format';
