import { routePath } from 'shared-kernel';
import { approveBlog, listBlogs, rejectBlog, type StaffBlog } from '../api/staff';
import { TEXTS } from '../texts';
import { ReviewQueue, type QueueConfig } from '../ui/ReviewQueue';
import { formatTime, PageFrame } from '../ui/Status';

const T = TEXTS.blogs;
/** Submitted and waiting for review (BLOG_STATUS.pending). */
const PENDING = 4;

const config: QueueConfig<StaffBlog> = {
  filters: (['pending', 'published', 'rejected', 'removed', 'draft'] as const).map((s) => [s, T.statuses[s]] as const),
  load: listBlogs,
  title: (b) => b.title,
  columns: [
    { label: T.title, render: (b) => b.title },
    { label: T.author, render: (b) => b.author.nickname },
    { label: T.category, render: (b) => b.category.name },
    { label: T.status, render: (b) => b.status_text },
    { label: T.submitted, render: (b) => formatTime(b.submit_time ?? b.update_time) },
  ],
  detail: (b) => (
    <>
      <dl className="ad-dl">
        <dt>{T.author}</dt>
        <dd>{b.author.nickname}</dd>
        <dt>{T.tags}</dt>
        <dd>{b.tags.join('，') || '—'}</dd>
        <dt>{T.status}</dt>
        <dd>{b.status_text}</dd>
        {b.reject_reason && (
          <>
            <dt>{T.reason}</dt>
            <dd>{b.reject_reason}</dd>
          </>
        )}
      </dl>
      {/* the submitted text as plain text: the console renders no author's markup */}
      <pre className="ad-content" aria-label={T.content}>
        {b.content}
      </pre>
      {b.status === 1 && (
        <a href={routePath('articles.blogs.detail', { id: b.id })} target="_blank" rel="noopener">
          {TEXTS.docs.open}
        </a>
      )}
    </>
  ),
  open: (b) => b.status === PENDING,
  approve: approveBlog,
  reject: (id, reason) => rejectBlog(id, { reason }),
  batch: true,
  testId: 'blogs-queue',
};

/** admin/blogs: submitted posts with their text; approve, reject with a reason the author sees, in batches. */
export default function BlogsPage() {
  return (
    <PageFrame route="admin.blogs">
      <ReviewQueue config={config} />
    </PageFrame>
  );
}
