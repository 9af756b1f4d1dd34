import { formatFen } from 'shared-kernel';
import { TEXTS } from '../texts';

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** 1234 -> '1,234' (coins are whole numbers). */
export function formatCoinNumber(coins: number): string {
  return grouped.format(Math.trunc(coins));
}

/** 1234 -> '1,234 金币'. */
export function formatCoins(coins: number): string {
  return TEXTS.coins(formatCoinNumber(coins));
}

/** A change with its sign: 50 -> '+50', -20 -> '-20', 0 -> '0'. */
export function signedCoins(change: number): string {
  return change > 0 ? `+${formatCoinNumber(change)}` : formatCoinNumber(change);
}

/** What coins are worth, by integer fen: 1234 coins at 1 fen -> '≈ ¥12.34'. */
export function coinsInYuan(coins: number, coinValueFen: number): string {
  return TEXTS.aboutYuan(formatFen(coins * coinValueFen));
}

/** 'up' for a gain, 'down' for a loss, 'none' for no change: the colour class of a change. */
export function changeTone(change: number): 'up' | 'down' | 'none' {
  return change > 0 ? 'up' : change < 0 ? 'down' : 'none';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** '2026-11-23T05:21:25Z' -> '2026-11-23 13:21' in the reader's time zone; '' when not a date. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
