import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { routePath, useLoad } from 'shared-kernel';
import { getClaim } from '../api/activities';
import { TEXTS } from '../texts';
import { formatTime, LoadError, Loading, PageFrame } from '../ui/Status';

const ROUTE = 'user.activity.detail';
const t = TEXTS.claims;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="ac-field">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** user/activity/detail/{id}: one claim: the activity, what it paid, its state and when it was credited. */
export default function ClaimDetailPage() {
  const { id = '' } = useParams();
  const loaded = useLoad(`claim:${id}`, () => getClaim(id));
  const c = loaded.data;
  return (
    <PageFrame route={ROUTE}>
      {loaded.error ? (
        <LoadError error={loaded.error} onRetry={loaded.reload} />
      ) : !c ? (
        <Loading />
      ) : (
        <section className="ac-card" aria-labelledby="ac-claim-title">
          <h2 id="ac-claim-title" className="ac-h2">{c.title}</h2>
          <dl className="ac-fields">
            <Row label={t.activity}>{c.activity_title}</Row>
            <Row label={t.kind}>{c.kind_label}</Row>
            <Row label={t.amount}><span className="ac-plus">{t.coins(c.coins)}</span></Row>
            <Row label={t.state}>{c.state_label}</Row>
            <Row label={t.time}>{formatTime(c.create_time)}</Row>
          </dl>
          <div className="ac-actions">
            <Link className="ac-btn ac-primary" to={routePath('activity.detail', { id: c.activity })}>{t.toActivity}</Link>
            <Link className="ac-btn" to={routePath('user.coin.list', {}, { kind: 'reward' })}>{t.toCoins}</Link>
          </div>
        </section>
      )}
    </PageFrame>
  );
}
