import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { emit, routePath, toastSuccess, useIsLoggedIn, useLoad } from 'shared-kernel';
import { claimPrize, getActivity, joinTheme, type ActivityDetail } from '../api/activities';
import { TEXTS } from '../texts';
import { formatDate, LoadError, Loading, PageFrame } from '../ui/Status';

const ROUTE = 'activity.detail';
const t = TEXTS.detail;

function Hero({ a }: { a: ActivityDetail }) {
  return (
    <section className="ac-card ac-hero" aria-labelledby="ac-activity-title">
      <p className="ac-muted">
        <span className="ac-badge">{a.kind_label}</span>
        <span className="ac-badge" data-testid="activity-state">{TEXTS.states[a.state]}</span>
      </p>
      <h2 id="ac-activity-title" className="ac-h2">{a.title}</h2>
      <p>{a.summary}</p>
      <p className="ac-meta">
        <span>{t.period} {formatDate(a.start_time)} ~ {formatDate(a.end_time)}</span>
        <span data-testid="joined-count">{t.joined(a.joined_count)}</span>
      </p>
    </section>
  );
}

function Prize({ a }: { a: ActivityDetail }) {
  return (
    <section className="ac-card" aria-labelledby="ac-prize-title">
      <h2 id="ac-prize-title" className="ac-h2">{t.prize}</h2>
      {a.kind === 'invite' ? (
        <p>{t.inviterPrize(a.inviter_coins)}；{t.participantPrize(a.reward_coins)}</p>
      ) : (
        <p data-testid="prize">{TEXTS.coins(a.reward_coins)}</p>
      )}
      {a.kind === 'upload_theme' && (
        <p className="ac-muted">
          {t.target(a.target_count)}（{t.category}：{a.category?.name ?? t.anyCategory}）
        </p>
      )}
    </section>
  );
}

/** My progress and what I can do now: join, claim, go upload or invite. */
function Mine({ a, onChange }: { a: ActivityDetail; onChange: (next?: ActivityDetail) => void }) {
  const loggedIn = useIsLoggedIn();
  const [busy, setBusy] = useState(false);
  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch {
      // the kernel has shown the answer's message
    } finally {
      setBusy(false);
    }
  };
  const join = () => act(async () => {
    onChange(await joinTheme(a.id));
    toastSuccess(t.joinedToast);
  });
  const claim = () => act(async () => {
    const claimed = await claimPrize(a.id);
    toastSuccess(t.claimedToast(claimed.coins));
    onChange();
  });
  if (!loggedIn) {
    return (
      <div className="ac-actions">
        <button type="button" className="ac-btn ac-primary" onClick={() => emit('auth:login-required', { reason: 'required' })}>{t.login}</button>
      </div>
    );
  }
  if (a.kind === 'invite') {
    return (
      <div className="ac-actions">
        <Link className="ac-btn ac-primary" to={routePath('user.inviteCode')}>{t.invite}</Link>
      </div>
    );
  }
  const mine = a.mine;
  const percent = mine && mine.target > 0 ? Math.min(100, Math.round((mine.progress / mine.target) * 100)) : 0;
  return (
    <>
      {a.kind === 'upload_theme' && mine && (
        <div data-testid="progress">
          <p>{t.progress}：{t.progressText(mine.progress, mine.target)}</p>
          <div className="ac-bar" role="progressbar" aria-valuemin={0} aria-valuemax={mine.target} aria-valuenow={Math.min(mine.progress, mine.target)}>
            <span style={{ width: `${percent}%` }} />
          </div>
        </div>
      )}
      {mine?.reason && !mine.claimable && <p className="ac-muted" data-testid="reason">{mine.reason}</p>}
      <div className="ac-actions">
        {a.kind === 'upload_theme' && !mine?.joined && a.state !== 'ended' && (
          <button type="button" className="ac-btn ac-primary" disabled={busy} onClick={join}>{t.join}</button>
        )}
        {a.kind === 'upload_theme' && mine?.joined && !mine.claimed && (
          <Link className="ac-btn" to={routePath('user.docs.upload')}>{t.upload}</Link>
        )}
        {mine?.claimed ? (
          <button type="button" className="ac-btn" disabled>{t.claimed}</button>
        ) : (
          (a.kind === 'new_user' || mine?.joined) && (
            <button type="button" className="ac-btn ac-red" disabled={busy || !mine?.claimable} onClick={claim}>{t.claim}</button>
          )
        )}
        <Link className="ac-btn" to={routePath('user.activity.list')}>{t.myClaims}</Link>
      </div>
    </>
  );
}

/** activity/detail/{id}: the theme, its period, prize, rules, how many joined, my progress; join and claim. */
export default function ActivityDetailPage() {
  const { id = '' } = useParams();
  const loaded = useLoad(`activity:${id}`, () => getActivity(id));
  const [fresh, setFresh] = useState<ActivityDetail | null>(null);
  const a = fresh && String(fresh.id) === id ? fresh : loaded.data;
  const onChange = (next?: ActivityDetail) => {
    if (next) setFresh(next);
    else {
      setFresh(null);
      loaded.reload();
    }
  };
  return (
    <PageFrame route={ROUTE}>
      {loaded.error ? (
        <LoadError error={loaded.error} onRetry={loaded.reload} />
      ) : !a ? (
        <Loading />
      ) : (
        <div className="ac-grid">
          <div>
            <Hero a={a} />
            <section className="ac-card" aria-labelledby="ac-rules-title">
              <h2 id="ac-rules-title" className="ac-h2">{t.rules}</h2>
              <p className="ac-rules">{a.rules}</p>
              <p><Link to={routePath('activity.rules')}>{t.allRules}</Link></p>
            </section>
          </div>
          <div>
            <Prize a={a} />
            <section className="ac-card" aria-label={t.progress}>
              <Mine a={a} onChange={onChange} />
            </section>
          </div>
        </div>
      )}
    </PageFrame>
  );
}
