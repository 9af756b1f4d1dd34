import { listReports, resolveReport, type StaffReport } from '../api/staff';
import { TEXTS } from '../texts';
import { ReviewQueue, type QueueAction, type QueueConfig } from '../ui/ReviewQueue';
import { formatTime, PageFrame } from '../ui/Status';

const T = TEXTS.reports;

type Resolution = 'dismiss' | 'hide_comment' | 'take_down';
const resolution = (action: Resolution, label: string, danger = false): QueueAction<StaffReport> => ({
  label,
  done: T.resolved,
  reason: true,
  danger,
  run: (id, reason) => resolveReport(id, { action, reason }),
});

/** Dismiss always; a comment can be hidden, a document or a post taken down. */
function actions(r: StaffReport): QueueAction<StaffReport>[] {
  const act = r.type === 'comment' ? resolution('hide_comment', T.hideComment, true) : resolution('take_down', T.takeDown, true);
  return [resolution('dismiss', T.dismiss), act];
}

const targetOf = (r: StaffReport) => `${T.types[r.type] ?? r.type} #${r.target}`;

const config: QueueConfig<StaffReport> = {
  filters: Object.entries(T.statuses),
  load: listReports,
  title: (r) => `${targetOf(r)}：${r.reason_text}`,
  columns: [
    { label: T.target, render: targetOf },
    { label: T.reason, render: (r) => r.reason_text },
    { label: T.reporter, render: (r) => `${r.reporter.nickname}（#${r.reporter.uid}）` },
    { label: T.status, render: (r) => <span className={`ad-state ad-r-${r.status}`}>{r.status_text || T.statuses[String(r.status)]}</span> },
    { label: T.created, render: (r) => formatTime(r.create_time) },
  ],
  detail: (r) => (
    <dl className="ad-dl">
      <dt>{T.target}</dt>
      <dd>{targetOf(r)}</dd>
      <dt>{T.reason}</dt>
      <dd>{r.reason_text}</dd>
      <dt>{T.content}</dt>
      <dd className="ad-pre">{r.content || '—'}</dd>
      <dt>{T.contact}</dt>
      <dd>{r.contact || '—'}</dd>
      <dt>{T.reply}</dt>
      <dd>{r.reply || '—'}</dd>
    </dl>
  ),
  open: (r) => r.status === 0 || r.status === 1,
  actions,
  testId: 'reports-queue',
};

/** admin/reports: the content reports by status; resolve each with an action and a reason the reporter reads. */
export default function ReportsPage() {
  return (
    <PageFrame route="admin.reports">
      <ReviewQueue config={config} />
    </PageFrame>
  );
}
