import { Link } from 'react-router-dom';
import { ListFooter, routePath, useInfiniteList } from 'shared-kernel';
import { listClaims, type ActivityClaim } from '../api/activities';
import { TEXTS } from '../texts';
import { formatTime, PageFrame } from '../ui/Status';

const ROUTE = 'user.activity.list';
const t = TEXTS.claims;

/** user/activity/list: what I earned from which activity, when it was credited, its state; page by page. */
export default function ClaimListPage() {
  const list = useInfiniteList<ActivityClaim>({ fetchPage: (page, signal) => listClaims(page, signal), key: 'activity-claims', route: ROUTE });
  const empty = list.status === 'done' && list.items.length === 0;
  return (
    <PageFrame route={ROUTE}>
      <section className="ac-card">
        {empty ? (
          <div className="ac-empty">
            <p className="ac-muted">{t.empty}</p>
            <Link className="ac-btn" to={routePath('activity.rules')}>{t.toRules}</Link>
          </div>
        ) : (
          <ul className="ac-list">
            {list.items.map((c) => (
              <li key={c.id}>
                <Link className="ac-row" to={routePath('user.activity.detail', { id: c.id })} data-testid="claim">
                  <span className="ac-row-main">
                    <span className="ac-row-title">{c.kind_label} · {c.activity_title}</span>
                    <br />
                    <span className="ac-muted"><time dateTime={c.create_time}>{formatTime(c.create_time)}</time> · {c.state_label}</span>
                  </span>
                  <span className="ac-plus">{t.coins(c.coins)}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <ListFooter list={list} />
      </section>
    </PageFrame>
  );
}
