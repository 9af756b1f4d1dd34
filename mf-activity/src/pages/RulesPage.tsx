import { Link } from 'react-router-dom';
import { routePath, useLoad } from 'shared-kernel';
import { listActivities } from '../api/activities';
import { TEXTS } from '../texts';
import { formatDate, LoadError, Loading, PageFrame } from '../ui/Status';

const ROUTE = 'activity.rules';

/** activity/activity_rules: every activity's rules as staff wrote them (GET /api/activity-info/), not from code. */
export default function RulesPage() {
  const loaded = useLoad('activity-rules', listActivities);
  return (
    <PageFrame route={ROUTE}>
      {loaded.error ? (
        <LoadError error={loaded.error} onRetry={loaded.reload} />
      ) : !loaded.data ? (
        <Loading />
      ) : loaded.data.length === 0 ? (
        <p className="ac-card ac-empty ac-muted">{TEXTS.rules.empty}</p>
      ) : (
        loaded.data.map((a) => (
          <section key={a.id} className="ac-card" aria-labelledby={`ac-rule-${a.id}`} data-testid="activity-rules">
            <h2 id={`ac-rule-${a.id}`} className="ac-h2">{a.title}</h2>
            <p className="ac-muted">
              <span className="ac-badge">{a.kind_label}</span>
              {formatDate(a.start_time)} ~ {formatDate(a.end_time)} · {TEXTS.states[a.state]}
            </p>
            <p className="ac-rules">{a.rules}</p>
            <p>
              <Link to={routePath('activity.detail', { id: a.id })}>{TEXTS.rules.toDetail}</Link>
            </p>
          </section>
        ))
      )}
    </PageFrame>
  );
}
