import { formatFen } from 'shared-kernel';
import type { WithdrawQuote } from '../api/coins';
import { TEXTS } from '../texts';

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** 1234 -> '1,234' (coins are whole numbers). */
export const coinNumber = (coins: number) => grouped.format(Math.trunc(coins));

/** 1234 -> '1,234 金币'. */
export const formatCoins = (coins: number) => TEXTS.coins(coinNumber(coins));

/** What coins are worth, by integer fen: '≈ ¥12.34'. */
export const coinsInYuan = (coins: number, coinValueFen: number) => TEXTS.aboutYuan(formatFen(coins * coinValueFen));

type FeeRule = Pick<WithdrawQuote, 'fee_rate_bp' | 'fee_min'>;

/**
 * The fee of withdrawing `coins`: fee_rate_bp/10000 of them, rounded up to a whole coin, at least fee_min. The
 * page's estimate; the API's answer (Withdrawal.fee) is what counts.
 */
export function withdrawFee(coins: number, rule: FeeRule): number {
  if (!(coins > 0)) return 0;
  return Math.max(rule.fee_min, Math.ceil((coins * rule.fee_rate_bp) / 10000));
}

/** What arrives, in fen: the coins less the fee, at the coin's value; never below 0. */
export function arrivalFen(coins: number, quote: FeeRule & Pick<WithdrawQuote, 'coin_value_fen'>): number {
  return Math.max(0, coins - withdrawFee(coins, quote)) * quote.coin_value_fen;
}

/** The fee rate as a percentage without trailing zeros: 60 bp -> '0.6', 100 -> '1'. */
export function feeRatePercent(bp: number): string {
  return String(Number((bp / 100).toFixed(2)));
}

/** The most one withdrawal may take now: what I can withdraw, capped by the single-withdrawal maximum. */
export const mostNow = (quote: WithdrawQuote) => Math.max(0, Math.min(quote.withdrawable, quote.max_coins));
