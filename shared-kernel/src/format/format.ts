import { DEFAULT_RATING, MAX_RATING, SCORE_DIVISOR } from '../constants/limits';

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/**
 * A file size in B, KB, MB or GB (1024 steps), with up to two decimals: 512 -> '512 B', 1536 -> '1.5 KB',
 * 1073741824 -> '1 GB'. Sizes past GB stay in GB. Anything that is not a size gives '0 B'.
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 ? String(Math.round(value)) : String(Number(value.toFixed(2)));
  return `${shown} ${SIZE_UNITS[unit]}`;
}

/** A stored score shown as value / 10000 to one decimal: 45000 -> '4.5'. */
export function formatScore(stored: number | string | null | undefined): string {
  const value = Number(stored);
  return (Number.isFinite(value) ? value / SCORE_DIVISOR : 0).toFixed(1);
}

/** The text under a rating of 1 to 5 stars. */
export const RATING_TEXTS: readonly string[] = ['极差', '失望', '一般', '满意', '惊喜'];

/** Whole stars between 1 and 5; 5 when missing or not a number. */
export function normalizeRating(stars?: number | null): number {
  const value = Number(stars);
  if (stars === null || stars === undefined || !Number.isFinite(value)) return DEFAULT_RATING;
  return Math.min(MAX_RATING, Math.max(1, Math.round(value)));
}

export function ratingText(stars?: number | null): string {
  return RATING_TEXTS[normalizeRating(stars) - 1];
}

/** Document categories by ext_cate (SPEC.md §3). */
export type DocCategory = 'pdf' | 'word' | 'excel' | 'ppt' | 'compress' | 'other';

/** Icon colours carry white labels as small as 9 px: each has at least 4.5:1 contrast against white (WCAG AA). */
export const DOC_CATEGORIES: Readonly<Record<DocCategory, { label: string; color: string }>> = {
  pdf: { label: 'PDF', color: '#d4382f' },
  word: { label: 'Word', color: '#2b6fd6' },
  excel: { label: 'Excel', color: '#1a8648' },
  ppt: { label: 'PPT', color: '#c0521a' },
  compress: { label: '压缩包', color: '#8a5cd1' },
  other: { label: '其他', color: '#6b7785' },
};

/** The colour of every icon of a document whose status is 0. */
export const DOC_ICON_GREY = '#b8bec8';

export interface DocIcon {
  category: DocCategory;
  label: string;
  color: string;
  /** Status 1: the document is active; status 0 shows the icon grey. */
  active: boolean;
  /** CSS classes, e.g. 'doc-icon doc-icon-pdf doc-icon-grey'. */
  className: string;
}

/** The icon of a document by ext_cate and status (0 grey, 1 active); an unknown ext_cate counts as 'other'. */
export function docIcon(extCate: string | null | undefined, status: number): DocIcon {
  const key = (extCate ?? '').toLowerCase();
  const category: DocCategory = Object.prototype.hasOwnProperty.call(DOC_CATEGORIES, key) ? (key as DocCategory) : 'other';
  const active = status === 1;
  const { label, color } = DOC_CATEGORIES[category];
  return {
    category,
    label,
    color: active ? color : DOC_ICON_GREY,
    active,
    className: `doc-icon doc-icon-${category}${active ? '' : ' doc-icon-grey'}`,
  };
}

/**
 * Money in integer fen shown as yuan with two decimals, by integer arithmetic (no floating-point error):
 * 990 -> '¥9.90', 19900 -> '¥199.00', 5 -> '¥0.05', -150 -> '-¥1.50'. `symbol: false` leaves the '¥' out.
 * Anything that is not a whole number of fen is rounded to one first; not a number gives ¥0.00.
 */
export function formatFen(fen: number, options: { symbol?: boolean } = {}): string {
  const value = Number.isFinite(fen) ? Math.round(fen) : 0;
  const abs = Math.abs(value);
  const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return `${value < 0 ? '-' : ''}${options.symbol === false ? '' : '¥'}${text}`;
}
