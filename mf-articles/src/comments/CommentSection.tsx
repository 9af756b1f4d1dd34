import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessageOf, isNotLoggedIn, ListFooter, routePath, toastSuccess, useInfiniteList, useUser } from 'shared-kernel';
import { getDocsSetting } from '../api/documents';
import { formatDate } from '../detail/download';
import { loginThen, withLogin } from '../detail/require-login';
import { deleteComment, listComments, postComment, type CommentItem, type CommentKind } from './api';

/** The API's limit (docs-setting comment_max_length) until the settings have answered. */
export const COMMENT_MAX_DEFAULT = 500;
const PREVIEW_SIZE = 5;

export interface CommentSectionProps {
  kind: CommentKind;
  id: string;
  /** 'section': the newest few under a detail, with a link to all; 'page': the whole list, scrolling on. */
  mode: 'section' | 'page';
}

/** Comments of a document or blog: the list, the form to post one, deleting one's own. */
export function CommentSection({ kind, id, mode }: CommentSectionProps) {
  const [added, setAdded] = useState<CommentItem[]>([]);
  const [removed, setRemoved] = useState<Set<number>>(() => new Set());
  const pageSize = mode === 'section' ? PREVIEW_SIZE : undefined;
  const fetchPage = useCallback(
    (page: number, signal: AbortSignal) => listComments(kind, id, page, signal, pageSize),
    [kind, id, pageSize],
  );
  const list = useInfiniteList<CommentItem>({
    fetchPage,
    key: `${kind}:${id}:${mode}`,
    route: mode === 'page' ? `articles.${kind}.comment` : undefined,
    ssrKey: `comments:${kind}:${id}:${mode}`,
  });

  const addedIds = new Set(added.map((c) => c.id));
  const shown = [...added, ...list.items.filter((c) => !addedIds.has(c.id))].filter((c) => !removed.has(c.id));
  const total = list.count === null ? null : Math.max(0, list.count + added.length - removed.size);
  const commentRoute = kind === 'docs' ? 'articles.docs.comment' : 'articles.blogs.comment';

  return (
    <section className="dt-card dt-comments" aria-labelledby={`dt-comments-${kind}`}>
      <h2 id={`dt-comments-${kind}`} className="dt-section-title">
        评论{total !== null && <span className="dt-muted dt-count-badge">（{total}）</span>}
      </h2>
      <CommentForm kind={kind} id={id} onPosted={(c) => setAdded((list) => [c, ...list])} />
      {list.status !== 'loading' && shown.length === 0 && list.status !== 'error' && <p className="dt-empty">还没有评论，快来抢沙发吧</p>}
      <ul className="dt-comment-list">
        {shown.map((c) => (
          <CommentRow key={c.id} kind={kind} comment={c} onDeleted={() => setRemoved((s) => new Set(s).add(c.id))} />
        ))}
      </ul>
      {mode === 'page' ? (
        <ListFooter list={list} />
      ) : (
        total !== null &&
        total > shown.length && (
          <Link className="dt-more-link" to={routePath(commentRoute, { id })}>
            查看全部 {total} 条评论 ›
          </Link>
        )
      )}
    </section>
  );
}

function CommentForm({ kind, id, onPosted }: { kind: CommentKind; id: string; onPosted: (c: CommentItem) => void }) {
  const user = useUser();
  const [max, setMax] = useState(COMMENT_MAX_DEFAULT);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    getDocsSetting().then((s) => s.comment_max_length && setMax(s.comment_max_length), () => undefined);
  }, []);

  const length = [...text.trim()].length;
  const send = async (content: string) => {
    setBusy(true);
    try {
      const comment = await postComment(kind, id, content);
      onPosted(comment);
      setText('');
      setError('');
      toastSuccess('评论成功');
    } catch (e) {
      if (isNotLoggedIn(e)) loginThen(() => void send(content), '登录后评论', false);
      else setError(errorMessageOf(e));
    } finally {
      setBusy(false);
    }
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const content = text.trim();
    if (!content) return setError('评论内容不能为空');
    if ([...content].length > max) return setError(`评论不能超过${max}个字`);
    setError('');
    withLogin(() => send(content), '登录后评论');
  };

  return (
    <form className="dt-comment-form" onSubmit={submit} noValidate>
      <textarea
        className="dt-textarea"
        aria-label="评论内容"
        rows={3}
        placeholder={user ? '说说你的看法…' : '登录后发表评论'}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          if (error) setError('');
        }}
      />
      <div className="dt-comment-form-foot">
        <span className={length > max ? 'dt-count dt-over' : 'dt-count'}>
          {length}/{max}
        </span>
        {error && (
          <span className="dt-error" role="alert">
            {error}
          </span>
        )}
        <button type="submit" className="dt-btn dt-primary" disabled={busy}>
          发表评论
        </button>
      </div>
    </form>
  );
}

function CommentRow({ kind, comment, onDeleted }: { kind: CommentKind; comment: CommentItem; onDeleted: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      await deleteComment(kind, comment.id);
      toastSuccess('评论已删除');
      onDeleted();
    } catch {
      setBusy(false); // the kernel showed the server's message
    }
  };
  return (
    <li className="dt-comment" data-comment-id={comment.id}>
      <span className="dt-avatar" aria-hidden="true">
        {[...(comment.uname || '匿')][0]}
      </span>
      <div className="dt-comment-body">
        <div className="dt-comment-head">
          <span className="dt-uname">{comment.uname || '匿名用户'}</span>
          <time className="dt-muted" dateTime={comment.create_time}>
            {formatDate(comment.create_time)}
          </time>
        </div>
        <p className="dt-comment-text">{comment.content}</p>
        {comment.is_mine &&
          (confirming ? (
            <span className="dt-confirm">
              确定删除这条评论？
              <button type="button" className="dt-link dt-danger" disabled={busy} onClick={remove}>
                确定
              </button>
              <button type="button" className="dt-link" onClick={() => setConfirming(false)}>
                取消
              </button>
            </span>
          ) : (
            <button type="button" className="dt-link" onClick={() => setConfirming(true)}>
              删除
            </button>
          ))}
      </div>
    </li>
  );
}
