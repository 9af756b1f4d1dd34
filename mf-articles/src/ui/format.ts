/** A price in fen as yuan: 150 -> '¥1.50'. */
export function formatPrice(fen: number): string {
  return `¥${(Math.max(0, fen) / 100).toFixed(2)}`;
}

/** A count for list meta lines: 12345 -> '1.2万'. */
export function formatCount(n: number): string {
  if (!Number.isFinite(n) || n < 0) return '0';
  return n >= 10000 ? `${Number((n / 10000).toFixed(1))}万` : String(Math.round(n));
}

/**
 * The date part of an ISO time, as the list shows it: '2026-11-23'. In China's time (UTC+8), wherever the page is
 * made: the server's HTML and the browser's render must say the same date.
 */
export function formatDate(iso: string): string {
  const t = new Date(iso).getTime();
  if (Number.isNaN(t)) return '';
  return new Date(t + 8 * 3600_000).toISOString().slice(0, 10);
}
