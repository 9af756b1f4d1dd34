import { routePath } from 'shared-kernel';
import { decideComplaint, listComplaints, type RightsComplaint } from '../api/staff';
import { TEXTS } from '../texts';
import { ReviewQueue, type QueueAction, type QueueConfig } from '../ui/ReviewQueue';
import { formatTime, PageFrame } from '../ui/Status';

const T = TEXTS.complaints;

const takeDown: QueueAction<RightsComplaint> = { label: T.takeDown, done: T.takenDown, reason: true, danger: true, run: (id, r) => decideComplaint(id, 'take-down', r) };
const requestInfo: QueueAction<RightsComplaint> = { label: T.requestInfo, done: T.infoRequested, reason: true, run: (id, r) => decideComplaint(id, 'request-info', r) };
const reject: QueueAction<RightsComplaint> = { label: T.reject, done: T.rejected, reason: true, danger: true, run: (id, r) => decideComplaint(id, 'reject', r) };

/** What the staff may still decide (docs/trust.md): a submitted notice all three, an incomplete one only reject. */
function actions(c: RightsComplaint): QueueAction<RightsComplaint>[] {
  if (c.state === 'submitted') return [takeDown, requestInfo, reject];
  return c.state === 'incomplete' ? [reject] : [];
}

function Detail({ c }: { c: RightsComplaint }) {
  return (
    <>
      <dl className="ad-dl">
        <dt>{T.doc}</dt>
        <dd>
          <a href={routePath('articles.docs.detail', { id: c.docs.id })} target="_blank" rel="noopener">{`${c.docs.title}（#${c.docs.id}）`}</a>
        </dd>
        <dt>{T.claimant}</dt>
        <dd>{`${c.claimant.nickname}（#${c.claimant.uid}）`}</dd>
        <dt>{T.realName}</dt>
        <dd>{c.real_name}</dd>
        <dt>{T.idNumber}</dt>
        <dd>{`${T.idTypes[c.id_type] ?? c.id_type} ${c.id_number}`}</dd>
        <dt>{T.phone}</dt>
        <dd>{c.phone}</dd>
        <dt>{T.email}</dt>
        <dd>{c.email || '—'}</dd>
        <dt>{T.work}</dt>
        <dd>{c.work}</dd>
        <dt>{T.urls}</dt>
        <dd className="ad-pre">{c.urls || '—'}</dd>
        <dt>{T.description}</dt>
        <dd className="ad-pre">{c.description}</dd>
        <dt>{T.restoreDue}</dt>
        <dd>{formatTime(c.restore_due)}</dd>
      </dl>
      <p className="ad-muted">{T.refundable(c.refundable_orders)}</p>
      <h3>{T.proofs}</h3>
      <p className="ad-proofs">
        {c.proofs.map((url, i) => (
          <a key={url} href={url} target="_blank" rel="noopener">
            <img src={url} alt={T.proof(i + 1)} width={120} />
          </a>
        ))}
      </p>
      {c.counter && (
        <>
          <h3>{T.counter}</h3>
          <p className="ad-pre">{`${c.counter.real_name}（${formatTime(c.counter.create_time)}）：${c.counter.statement}`}</p>
        </>
      )}
      <h3>{T.steps}</h3>
      <ol className="ad-steps" data-testid="complaint-steps">
        {c.steps.map((s, i) => (
          <li key={i}>{`${formatTime(s.create_time)} ${s.kind_text}${s.note ? `：${s.note}` : ''}`}</li>
        ))}
      </ol>
    </>
  );
}

const config: QueueConfig<RightsComplaint> = {
  filters: Object.entries(T.states),
  load: listComplaints,
  title: (c) => `${T.no} ${c.id}：${c.work}`,
  columns: [
    { label: T.no, render: (c) => `#${c.id}` },
    { label: T.doc, render: (c) => c.docs.title },
    { label: T.work, render: (c) => c.work },
    { label: T.claimant, render: (c) => c.real_name },
    { label: T.state, render: (c) => <span className={`ad-state ad-c-${c.state}`}>{c.state_text || T.states[c.state]}</span> },
    { label: T.created, render: (c) => formatTime(c.create_time) },
  ],
  detail: (c) => <Detail c={c} />,
  open: (c) => actions(c).length > 0,
  actions,
  testId: 'complaints-queue',
};

/** admin/complaints: the rights complaints by state; take the document down, ask for more, or reject, each with a reason. */
export default function ComplaintsPage() {
  return (
    <PageFrame route="admin.complaints">
      <ReviewQueue config={config} />
    </PageFrame>
  );
}
