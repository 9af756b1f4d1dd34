import { Link } from 'react-router-dom';
import { routePath } from 'shared-kernel';
import type { CoinBalance } from '../api/coins';
import { coinsInYuan, formatCoinNumber, formatCoins, formatTime } from '../coins/format';
import { TEXTS } from '../texts';

const t = TEXTS.balance;

function Bucket({ label, coins, valueFen, main }: { label: string; coins: number; valueFen: number; main?: boolean }) {
  return (
    <div className={main ? 'uc-bucket uc-bucket-main' : 'uc-bucket'} data-testid={`bucket-${label}`}>
      <dt>{label}</dt>
      <dd>
        <span className="uc-bucket-coins">{formatCoinNumber(coins)}</span> <span className="uc-unit">{TEXTS.coinUnit}</span>
        <span className="uc-yuan">{coinsInYuan(coins, valueFen)}</span>
      </dd>
    </div>
  );
}

/** My coins: available (to spend or withdraw), frozen, being withdrawn apart, what they are worth, what unfreezes next. */
export function BalanceCard({ balance }: { balance: CoinBalance }) {
  const v = balance.coin_value_fen;
  return (
    <section className="uc-card uc-balance" aria-labelledby="uc-balance-title">
      <h2 id="uc-balance-title" className="uc-h2">{t.heading}</h2>
      <dl className="uc-buckets">
        <Bucket label={t.available} coins={balance.available} valueFen={v} main />
        <Bucket label={t.frozen} coins={balance.frozen} valueFen={v} />
        <Bucket label={t.withdrawing} coins={balance.withdrawing} valueFen={v} />
      </dl>
      <p className="uc-muted uc-small">
        {t.totalEarned} <strong data-testid="total-earned">{formatCoins(balance.total_earned)}</strong> {coinsInYuan(balance.total_earned, v)}
      </p>
      {balance.next_release && (
        <p className="uc-release uc-small" data-testid="next-release">
          {t.release(formatCoinNumber(balance.next_release.coins), formatTime(balance.next_release.time))}
        </p>
      )}
      <div className="uc-actions">
        <Link className="uc-btn uc-primary" to={routePath('user.pay.withdraw')}>{t.withdraw}</Link>
        <Link className="uc-link" to={routePath('user.pay.withdrawHistory')}>{t.history}</Link>
      </div>
    </section>
  );
}
