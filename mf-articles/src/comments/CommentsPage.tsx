import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { errorMessageOf, routePath, useUser } from 'shared-kernel';
import { getBlog } from '../api/blogs';
import { getDoc } from '../api/documents';
import { DetailState, useDetailStyles } from '../detail/layout';
import { cancelPendingLogin } from '../detail/require-login';
import type { CommentKind } from './api';
import { CommentSection } from './CommentSection';

/** articles/{docs|blogs}/comment/{id}: every comment of one item, scrolling on, with the form to post one. */
export function CommentsPage({ kind }: { kind: CommentKind }) {
  useDetailStyles();
  const { id = '' } = useParams();
  const user = useUser();
  const [title, setTitle] = useState<string | null>(null);
  const [error, setError] = useState<{ status?: number; message: string } | null>(null);
  useEffect(() => {
    let live = true;
    setError(null);
    (kind === 'docs' ? getDoc(id) : getBlog(id)).then(
      (item) => live && setTitle(item.title),
      (e: unknown) => live && setError({ status: (e as { response?: { status: number } }).response?.status, message: errorMessageOf(e) }),
    );
    return () => {
      live = false;
    };
  }, [kind, id]);
  useEffect(() => cancelPendingLogin, [id]);

  const noun = kind === 'docs' ? '文档' : '文章';
  if (error) return <DetailState notFound={error.status === 404 || error.status === 400} message={error.message} kind={noun} />;
  const detail = routePath(kind === 'docs' ? 'articles.docs.detail' : 'articles.blogs.detail', { id });
  return (
    <main className="dt-page dt-comments-page" data-page={`${kind}-comments`}>
      <div className="dt-card">
        <h1 className="dt-title">评论详情</h1>
        {title !== null && (
          <p className="dt-muted">
            {noun}：<Link to={detail}>{title}</Link>
          </p>
        )}
      </div>
      {/* is_mine depends on who reads: the list loads again after login or logout */}
      <CommentSection key={user?.uid ?? 0} kind={kind} id={id} mode="page" />
    </main>
  );
}
