import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { errorMessageOf, formatFileSize, routePath, useServerData, useUser, withoutTitle } from 'shared-kernel';
import { downloadAppendix, getAppendixQuota, getBlog, getBlogShareSign, type BlogAppendix, type BlogDetail } from '../api/blogs';
import { CommentSection } from '../comments/CommentSection';
import { ActionBar } from '../detail/ActionBar';
import { formatDate } from '../detail/download';
import { DownloadBox } from '../detail/DownloadBox';
import { DetailState, useDetailStyles } from '../detail/layout';
import { Markdown } from '../detail/Markdown';
import { cancelPendingLogin } from '../detail/require-login';
import { blogJsonLd, describe, Head, useOrigin } from '../seo/head';

/** articles/blogs/detail/{id}: the Markdown body (rendered, sanitized), appendices with downloads, comments. */
export default function BlogDetailPage() {
  useDetailStyles();
  const { id = '' } = useParams();
  const user = useUser();
  const served = useServerData(`blog:${id}`, () => getBlog(id));
  const [blog, setBlog] = useState<BlogDetail | null>(served?.data ?? null);
  const [error, setError] = useState<{ status?: number; message: string } | null>(served?.error ?? null);
  const origin = useOrigin();

  // a page that came as HTML has the visitor's answer: fetched again only for a signed-in reader (is_collected)
  const servedFirst = useRef(!!served);
  useEffect(() => {
    if (servedFirst.current) {
      servedFirst.current = false;
      if (!user) return;
    }
    let live = true;
    setError(null);
    getBlog(id).then(
      (b) => live && setBlog(b),
      (e: unknown) => live && setError({ status: (e as { response?: { status: number } }).response?.status, message: errorMessageOf(e) }),
    );
    return () => {
      live = false;
    };
  }, [id, user?.uid]);
  useEffect(() => cancelPendingLogin, [id]);
  const shareSign = useCallback(() => getBlogShareSign(id), [id]);

  if (error) return <DetailState notFound={error.status === 404 || error.status === 400} message={error.message} kind="文章" />;
  if (!blog || String(blog.id) !== id) return <DetailState loading kind="文章" />;

  return (
    <main className="dt-page" data-page="blog-detail">
      <Head title={blog.title} description={describe(blog.summary || blog.content)} ogType="article" jsonLd={blogJsonLd(blog, origin)} />
      <nav className="dt-crumbs" aria-label="当前位置">
        <Link to="/">首页</Link>
        {blog.category_path.map((c) => (
          <span key={c.id}>
            <span aria-hidden="true"> › </span>
            <Link to={routePath('articles.blogs.list', { id: c.id })}>{c.name}</Link>
          </span>
        ))}
      </nav>
      <div className="dt-layout">
        <div className="dt-main">
          <article className="dt-card dt-blog">
            <h1 className="dt-title">{blog.title}</h1>
            <div className="dt-blog-meta">
              <span>
                作者 <strong>{blog.author.nickname || '匿名用户'}</strong>
              </span>
              <time dateTime={blog.update_time}>{formatDate(blog.update_time)}</time>
              <span>阅读 {blog.views}</span>
              <span>评论 {blog.comment_count}</span>
              {blog.status !== 1 && <span className="dt-status">{blog.status_text}</span>}
            </div>
            <Markdown source={withoutTitle(blog.content, blog.title)} />
          </article>
          <ActionBar
            kind="blogs"
            id={blog.id}
            collected={blog.is_collected}
            collectCount={blog.collect_count}
            onCollected={(collected) =>
              setBlog((b) => b && { ...b, is_collected: collected, collect_count: Math.max(0, b.collect_count + (collected ? 1 : -1)) })
            }
            shareSign={shareSign}
          />
          {blog.appendices.length > 0 && <Appendices items={blog.appendices} reader={user?.uid ?? 0} />}
          <CommentSection key={user?.uid ?? 0} kind="blogs" id={id} mode="section" />
        </div>
        <aside className="dt-side">
          <section className="dt-card" aria-label="作者">
            <h2 className="dt-section-title">关于作者</h2>
            <div className="dt-author">
              <span className="dt-avatar" aria-hidden="true">
                {[...(blog.author.nickname || '匿')][0]}
              </span>
              <strong>{blog.author.nickname || '匿名用户'}</strong>
            </div>
            <p className="dt-muted">
              分类：<Link to={routePath('articles.blogs.list', { id: blog.category.id })}>{blog.category.name}</Link>
            </p>
          </section>
        </aside>
      </div>
    </main>
  );
}

function Appendices({ items, reader }: { items: BlogAppendix[]; reader: number }) {
  return (
    <section className="dt-card" aria-labelledby="dt-appendix-title">
      <h2 id="dt-appendix-title" className="dt-section-title">
        附件（{items.length}）
      </h2>
      <ul className="dt-appendix">
        {items.map((a) => (
          <AppendixRow key={`${a.id}:${reader}`} item={a} />
        ))}
      </ul>
    </section>
  );
}

function AppendixRow({ item }: { item: BlogAppendix }) {
  const quota = useCallback(() => getAppendixQuota(item.id), [item.id]);
  const download = useCallback(() => downloadAppendix(item.id), [item.id]);
  return (
    <li>
      <span className="dt-appendix-name">
        📎 {item.name} <span className="dt-muted">（{formatFileSize(item.size)}）</span>
      </span>
      {item.is_free && <span className="dt-tag dt-tag-free">免费</span>}
      <DownloadBox quota={quota} download={download} compact label="下载附件" />
    </li>
  );
}
