import { listComments, moderateComment, type StaffComment } from '../api/staff';
import { TEXTS } from '../texts';
import { ReviewQueue, type QueueAction, type QueueConfig } from '../ui/ReviewQueue';
import { formatTime, PageFrame } from '../ui/Status';

const T = TEXTS.comments;

/** A shown comment can be hidden, a hidden one shown again; both with a reason (the author reads a hide's). */
function actions(c: StaffComment): QueueAction<StaffComment>[] {
  return c.status === 'shown'
    ? [{ label: T.hide, done: T.hidden, reason: true, danger: true, run: (id, reason) => moderateComment(id, 'hide', reason) }]
    : [{ label: T.show, done: T.shown, reason: true, run: (id, reason) => moderateComment(id, 'show', reason) }];
}

const targetOf = (c: StaffComment) => `${T.types[c.target.type] ?? c.target.type}《${c.target.title}》`;
const excerpt = (text: string) => (Array.from(text).length > 40 ? `${Array.from(text).slice(0, 40).join('')}…` : text);

const config: QueueConfig<StaffComment> = {
  filters: Object.entries(T.filters),
  load: listComments,
  title: (c) => `${c.author.nickname}：${excerpt(c.content)}`,
  columns: [
    { label: T.content, render: (c) => excerpt(c.content) },
    { label: T.author, render: (c) => `${c.author.nickname}（#${c.author.uid}）` },
    { label: T.target, render: targetOf },
    { label: T.status, render: (c) => <span className="ad-state">{T.statuses[c.status]}</span> },
    { label: T.created, render: (c) => formatTime(c.create_time) },
  ],
  detail: (c) => (
    <dl className="ad-dl">
      <dt>{T.content}</dt>
      <dd className="ad-pre">{c.content}</dd>
      <dt>{T.author}</dt>
      <dd>{`${c.author.nickname}（#${c.author.uid}）`}</dd>
      <dt>{T.target}</dt>
      <dd>{`${targetOf(c)} #${c.target.id}`}</dd>
      <dt>{T.status}</dt>
      <dd>{T.statuses[c.status]}</dd>
    </dl>
  ),
  open: () => true,
  actions,
  testId: 'comments-queue',
};

/** admin/comments: the comments on documents and posts, newest first; hide one (its author told why) or show it again. */
export default function CommentsPage() {
  return (
    <PageFrame route="admin.comments">
      <ReviewQueue config={config} />
    </PageFrame>
  );
}
