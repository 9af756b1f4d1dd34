import type { WithdrawQuote } from '../api/coins';
import { formatTime } from '../pay/time';
import { TEXTS } from '../texts';
import { coinNumber, coinsInYuan, feeRatePercent, formatCoins } from './coins';

const t = TEXTS.withdraw;

/** What I can withdraw now, the rules (limits, fee, today's count) and why not more. */
export function QuoteCard({ quote }: { quote: WithdrawQuote }) {
  const v = quote.coin_value_fen;
  return (
    <section className="mp-card mp-quote" aria-labelledby="mp-quote-title">
      <h2 id="mp-quote-title" className="mp-h2">{t.quote}</h2>
      <p className="mp-quote-main">
        <span className="mp-muted">{t.withdrawable}</span>
        <strong data-testid="withdrawable">{formatCoins(quote.withdrawable)}</strong>
        <span className="mp-muted">{coinsInYuan(quote.withdrawable, v)}</span>
      </p>
      <ul className="mp-quote-buckets">
        <li>{t.available} {formatCoins(quote.available)}</li>
        <li>{t.frozen} {formatCoins(quote.frozen)}</li>
        <li>{t.withdrawing} {formatCoins(quote.withdrawing)}</li>
      </ul>
      <ul className="mp-quote-rules mp-muted">
        <li>{t.limits(coinNumber(quote.min_coins), coinNumber(quote.max_coins))}</li>
        <li>{t.feeRule(feeRatePercent(quote.fee_rate_bp), coinNumber(quote.fee_min))}</li>
        <li>{t.today(quote.today_count, quote.daily_count)}</li>
        {quote.next_release && <li>{t.release(coinNumber(quote.next_release.coins), formatTime(quote.next_release.time))}</li>}
      </ul>
      {quote.reasons.length > 0 && (
        <div className="mp-reasons">
          <h3 className="mp-h3">{t.why}</h3>
          <ul data-testid="reasons">
            {quote.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
