import { approveApplication, listApplications, rejectApplication, type ExpertApplication } from '../api/staff';
import { TEXTS } from '../texts';
import { ReviewQueue, type QueueConfig } from '../ui/ReviewQueue';
import { formatTime, PageFrame } from '../ui/Status';

const T = TEXTS.experts;

const config: QueueConfig<ExpertApplication> = {
  filters: Object.entries(T.states),
  load: listApplications,
  title: (a) => `${a.user.nickname}：${a.field}`,
  columns: [
    { label: T.user, render: (a) => `${a.user.nickname}（#${a.user.uid}，${T.level(a.user.level)}）` },
    { label: T.field, render: (a) => a.field },
    { label: T.realName, render: (a) => a.real_name },
    { label: T.state, render: (a) => <span className={`ad-state ad-e-${a.state}`}>{a.state_text || T.states[a.state]}</span> },
    { label: T.created, render: (a) => formatTime(a.create_time) },
  ],
  detail: (a) => (
    <>
      <dl className="ad-dl">
        <dt>{T.field}</dt>
        <dd>{a.field}</dd>
        <dt>{T.realName}</dt>
        <dd>{a.real_name}</dd>
        <dt>{T.credentials}</dt>
        <dd className="ad-pre">{a.credentials}</dd>
        {a.reason && (
          <>
            <dt>{T.reason}</dt>
            <dd>{a.reason}</dd>
          </>
        )}
      </dl>
      {a.pictures.length > 0 && (
        <p className="ad-proofs" aria-label={T.pictures}>
          {a.pictures.map((url, i) => (
            <a key={url} href={url} target="_blank" rel="noopener">
              <img src={url} alt={`${T.pictures} ${i + 1}`} width={120} />
            </a>
          ))}
        </p>
      )}
    </>
  ),
  open: (a) => a.state === 'pending',
  approve: approveApplication,
  reject: rejectApplication,
  testId: 'experts-queue',
};

/** admin/experts: expert certification applications; approve, or reject with a reason the applicant reads. */
export default function ExpertsPage() {
  return (
    <PageFrame route="admin.experts">
      <ReviewQueue config={config} />
    </PageFrame>
  );
}
