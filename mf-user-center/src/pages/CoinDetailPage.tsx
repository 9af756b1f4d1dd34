import { COIN_RECORD_LABELS } from 'contracts/enums';
import { useEffect, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { routeLinkPath, routePath } from 'shared-kernel';
import { getCoinRecord, type CoinRecord } from '../api/coins';
import { formatCoins, formatTime } from '../coins/format';
import { TEXTS } from '../texts';
import { Change } from '../ui/RecordRow';
import { LoadError, Loading, PageFrame } from '../ui/Status';
import { useLoad } from 'shared-kernel';

const ROUTE = 'user.coin.detail';
const t = TEXTS.detail;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="uc-field">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** What caused the record, as the API links it: a document, the withdrawal history. */
function CauseLink({ record }: { record: CoinRecord }) {
  const path = routeLinkPath(record.link);
  if (!path) return null;
  const label = record.docs ? t.toDoc : record.withdraw ? t.toWithdrawals : t.toLink;
  return <Link className="uc-btn uc-primary" to={path}>{label}</Link>;
}

function RecordDetail({ record }: { record: CoinRecord }) {
  const b = TEXTS.balance;
  return (
    <section className="uc-card" aria-labelledby="uc-record-title">
      <h2 id="uc-record-title" className="uc-h2">{record.kind_label || COIN_RECORD_LABELS[record.kind]}</h2>
      <dl className="uc-fields">
        <Row label={t.title}>{record.title}</Row>
        <Row label={t.availableChange}><Change change={record.available_change} /></Row>
        <Row label={t.frozenChange}><Change change={record.frozen_change} /></Row>
        <Row label={t.withdrawingChange}><Change change={record.withdrawing_change} /></Row>
        <Row label={t.balanceAfter}>
          <span className="uc-after">
            {[[b.available, record.balance.available], [b.frozen, record.balance.frozen], [b.withdrawing, record.balance.withdrawing]].map(([label, coins]) => (
              <span key={label}>{label} {formatCoins(coins as number)}</span>
            ))}
          </span>
        </Row>
        {record.release_time && <Row label={t.releaseTime}>{formatTime(record.release_time)}</Row>}
        <Row label={t.createTime}>{formatTime(record.create_time)}</Row>
        <Row label={t.id}>{record.id}</Row>
      </dl>
      <div className="uc-actions">
        <CauseLink record={record} />
        <Link className="uc-link" to={routePath('user.coin.list')}>{t.back}</Link>
      </div>
    </section>
  );
}

/** user/coin/detail/{id}: one coin record, every field, and the way to what caused it. */
export default function CoinDetailPage() {
  const { id = '' } = useParams();
  const valid = /^\d+$/.test(id) && Number(id) > 0;
  const record = useLoad(valid ? id : null, () => getCoinRecord(id));
  // opened from far down the records list: the shell keeps the scroll position, a detail starts at its top
  useEffect(() => window.scrollTo(0, 0), [id]);
  return (
    <PageFrame route={ROUTE}>
      {!valid ? <p className="uc-card uc-muted">{t.notFound}</p> : record.error ? <LoadError error={record.error} onRetry={record.reload} /> : record.data ? <RecordDetail record={record.data} /> : <Loading />}
    </PageFrame>
  );
}
