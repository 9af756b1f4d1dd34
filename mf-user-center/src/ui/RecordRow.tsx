import { COIN_RECORD_LABELS } from 'contracts/enums';
import { Link } from 'react-router-dom';
import { routePath } from 'shared-kernel';
import type { CoinRecord } from '../api/coins';
import { changeTone, formatCoins, formatTime, signedCoins } from '../coins/format';
import { TEXTS } from '../texts';

/** The buckets a record moved, each with its signed change (a release moves frozen to available: two lines). */
export function recordChanges(record: CoinRecord): { label: string; change: number }[] {
  const b = TEXTS.balance;
  return [
    { label: b.available, change: record.available_change },
    { label: b.frozen, change: record.frozen_change },
    { label: b.withdrawing, change: record.withdrawing_change },
  ].filter((c) => c.change !== 0);
}

/** A signed change; with `label` when it sits in a list of buckets (the detail page's rows name the bucket already). */
export function Change({ label, change }: { label?: string; change: number }) {
  return (
    <span className={`uc-change uc-change-${changeTone(change)}`}>
      {label && <><span className="uc-change-label">{label}</span> </>}
      {signedCoins(change)}
    </span>
  );
}

/** One movement of my coins, linking to its detail. */
export function RecordRow({ record }: { record: CoinRecord }) {
  return (
    <li>
      <Link className="uc-record" data-testid="coin-record" to={routePath('user.coin.detail', { id: record.id })}>
        <span className="uc-record-main">
          <span className="uc-record-kind">{record.kind_label || COIN_RECORD_LABELS[record.kind]}</span>
          <span className="uc-record-title">{record.title}</span>
          <time className="uc-muted uc-small" dateTime={record.create_time}>{formatTime(record.create_time)}</time>
        </span>
        <span className="uc-record-side">
          {recordChanges(record).map((c) => (
            <Change key={c.label} {...c} />
          ))}
          <span className="uc-muted uc-small">{TEXTS.records.balanceAfter(formatCoins(record.balance.available))}</span>
        </span>
      </Link>
    </li>
  );
}
