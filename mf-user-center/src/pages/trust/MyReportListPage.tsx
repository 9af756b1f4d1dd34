import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useLoad } from 'shared-kernel';
import { formatTime } from '../../coins/format';
import { listComplaints, listReports, type ContentReport, type RightsComplaint } from '../../trust/api';
import { REPORT_STATUS_TEXT, TRUST_TEXTS } from '../../trust/texts';
import { StateBadge, TrustPage } from '../../trust/ui';
import { LoadError, Loading } from '../../ui/Status';

const ROUTE = 'user.myreport.list';
const t = TRUST_TEXTS.list;

function ComplaintRows({ items }: { items: RightsComplaint[] }) {
  if (!items.length) return <p className="uc-muted">{t.empty}</p>;
  return (
    <ul className="uct-list">
      {items.map((c) => (
        <li key={c.id} className="uct-item" data-testid="complaint">
          <div className="uct-item-main">
            <span className="uct-item-title">{c.work}</span>
            <span className="uct-meta"><span>{t.docs(c.docs.title)}</span><time dateTime={c.update_time}>{formatTime(c.update_time)}</time></span>
          </div>
          <StateBadge state={c.state} text={c.state_text} />
          <Link className="uc-link" to={`/app/user/myreport/detail?id=${c.id}`} aria-label={`${t.detail}：${c.work}`}>{t.detail}</Link>
        </li>
      ))}
    </ul>
  );
}

function ReportRows({ items }: { items: ContentReport[] }) {
  if (!items.length) return <p className="uc-muted">{t.empty}</p>;
  return (
    <ul className="uct-list">
      {items.map((r) => (
        <li key={r.id} className="uct-item" data-testid="report">
          <div className="uct-item-main">
            <span className="uct-item-title">{t.reportTarget(r.type, r.target)} · {r.reason_text}</span>
            <span className="uct-meta"><time dateTime={r.create_time}>{formatTime(r.create_time)}</time></span>
            {r.reply && <span className="uct-meta">{t.reply}：{r.reply}</span>}
          </div>
          <StateBadge state={r.status === 2 ? 'closed' : r.status === 3 ? 'rejected' : 'pending'} text={r.status_text || REPORT_STATUS_TEXT[r.status] || ''} />
        </li>
      ))}
    </ul>
  );
}

function Section<T>({ title, load, render }: { title: string; load: ReturnType<typeof useLoad<{ results: T[] }>>; render: (items: T[]) => ReactNode }) {
  const headingId = `uct-${title}`;
  return (
    <section className="uc-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="uc-h2">{title}</h2>
      {load.error ? <LoadError error={load.error} onRetry={load.reload} /> : load.data ? render(load.data.results) : <Loading />}
    </section>
  );
}

/** user/myreport/list: the rights complaints I made, those about my documents, and my content reports, each with its state. */
export default function MyReportListPage() {
  const mine = useLoad('complaints:claimant', () => listComplaints('claimant'));
  const aboutMine = useLoad('complaints:uploader', () => listComplaints('uploader'));
  const reports = useLoad('reports', listReports);
  return (
    <TrustPage route={ROUTE}>
      <div className="uct-actions" style={{ marginBottom: 12 }}>
        <Link className="uc-btn uc-primary" to="/app/site/report">{t.newComplaint}</Link>
      </div>
      <Section title={t.claimant} load={mine} render={(items) => <ComplaintRows items={items} />} />
      <Section title={t.uploader} load={aboutMine} render={(items) => <ComplaintRows items={items} />} />
      <Section title={t.reports} load={reports} render={(items) => <ReportRows items={items} />} />
    </TrustPage>
  );
}
