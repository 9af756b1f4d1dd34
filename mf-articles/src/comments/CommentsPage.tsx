import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { errorMessageOf, routePath, useServerData, useUser } from 'shared-kernel';
import { getBlog } from '../api/blogs';
import { getDoc } from '../api/documents';
import { DetailState, useDetailStyles } from '../detail/layout';
import { cancelPendingLogin } from '../detail/require-login';
import type { CommentKind } from './api';
import { CommentSection } from './CommentSection';
import { describe, Head } from '../seo/head';

/** articles/{docs|blogs}/comment/{id}: every comment of one item, scrolling on, with the form to post one. */
export function CommentsPage({ kind }: { kind: CommentKind }) {
  useDetailStyles();
  const { id = '' } = useParams();
  const user = useUser();
  // only the title travels with the page
  const served = useServerData(`title:${kind}:${id}`, async () => ({ title: (await (kind === 'docs' ? getDoc(id) : getBlog(id))).title }));
  const [title, setTitle] = useState<string | null>(served?.data?.title ?? null);
  const [error, setError] = useState<{ status?: number; message: string } | null>(served?.error ?? null);
  const servedFirst = useRef(!!served);
  useEffect(() => {
    if (servedFirst.current) {
      servedFirst.current = false;
      return;
    }
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
        <Head title={title ? `${title}的评论` : '评论详情'} description={title ? describe(`${noun}《${title}》的全部评论`) : undefined} />
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
