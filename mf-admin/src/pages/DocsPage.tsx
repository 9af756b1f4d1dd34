import { formatFen, formatFileSize, routePath } from 'shared-kernel';
import { approveDoc, listDocs, rejectDoc, type StaffDoc } from '../api/staff';
import { TEXTS } from '../texts';
import { ReviewQueue, type QueueConfig } from '../ui/ReviewQueue';
import { formatTime, PageFrame } from '../ui/Status';

const T = TEXTS.docs;
/** Documents waiting for review (status 0). */
const REVIEWING = 0;

function checks(doc: StaffDoc): string[] {
  const found: string[] = [];
  if (doc.checks.duplicate_of !== null) found.push(T.duplicateOf(doc.checks.duplicate_of));
  if (doc.checks.blank) found.push(T.blank);
  if (doc.checks.little_text) found.push(T.littleText);
  return found;
}

const price = (d: StaffDoc) => (d.is_free ? T.free : formatFen(d.price));

const config: QueueConfig<StaffDoc> = {
  filters: (['reviewing', 'published', 'rejected', 'converting', 'failed', 'removed', 'all'] as const).map((s) => [s, T.statuses[s]] as const),
  load: listDocs,
  title: (d) => d.title,
  columns: [
    { label: T.title, render: (d) => d.title },
    { label: T.uploader, render: (d) => d.uploader.nickname },
    { label: T.category, render: (d) => d.category.name },
    { label: T.pages, render: (d) => d.pages },
    { label: T.price, render: price },
    { label: T.status, render: (d) => d.status_text },
    { label: T.checks, render: (d) => checks(d).join('，') || T.checksOk },
    { label: TEXTS.time, render: (d) => formatTime(d.create_time) },
  ],
  detail: (d) => (
    <dl className="ad-dl">
      <dt>{T.uploader}</dt>
      <dd>{`${d.uploader.nickname}（#${d.uploader.uid}）`}</dd>
      <dt>{T.category}</dt>
      <dd>{d.category.name}</dd>
      <dt>{T.summary}</dt>
      <dd>{d.summary || '—'}</dd>
      <dt>{T.size}</dt>
      <dd>{`${formatFileSize(d.size)}，${d.pages} 页，${d.file_type}`}</dd>
      <dt>{T.price}</dt>
      <dd>{price(d)}</dd>
      <dt>{T.status}</dt>
      <dd>{d.status_text}</dd>
      {d.reason && (
        <>
          <dt>{T.reason}</dt>
          <dd>{d.reason}</dd>
        </>
      )}
      <dt>{T.checks}</dt>
      <dd>{checks(d).join('，') || T.checksOk}</dd>
      <dt />
      <dd>
        <a href={routePath('articles.docs.detail', { id: d.id })} target="_blank" rel="noopener">
          {T.open}
        </a>
      </dd>
    </dl>
  ),
  open: (d) => d.status === REVIEWING,
  approve: approveDoc,
  reject: (id, reason) => rejectDoc(id, { reason }),
  batch: true,
  testId: 'docs-queue',
};

/** admin/docs: uploaded documents to review; approve, reject with a reason the uploader sees, in batches. */
export default function DocsPage() {
  return (
    <PageFrame route="admin.docs">
      <ReviewQueue config={config} />
    </PageFrame>
  );
}
