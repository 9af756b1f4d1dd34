import { useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessageOf, formatFen, routePath, toastError, toastSuccess, useLoad } from 'shared-kernel';
import { BLOG_STATUS, deleteBlog, listMyBlogs, type MyBlogFilter, type MyBlogItem } from './api';
import { dropLocalCopy } from './local-copy';
import { BLOG_TEXTS } from './texts';
import { LoadError, Loading } from '../ui/Status';

const t = BLOG_TEXTS.list;
const FILTERS: MyBlogFilter[] = ['draft', 'pending', 'published', 'rejected', 'removed'];

function Row({ blog, onDeleted }: { blog: MyBlogItem; onDeleted: () => void }) {
  const title = blog.title || t.untitled;
  const edit = routePath('user.blogs.edit', { id: String(blog.id) });
  const remove = async () => {
    if (!window.confirm(t.removeConfirm(title))) return;
    try {
      await deleteBlog(blog.id);
      dropLocalCopy(blog.id);
      toastSuccess(t.removed);
      onDeleted();
    } catch (e) {
      toastError(errorMessageOf(e));
    }
  };
  return (
    <li className="ucb-item" data-testid="my-blog">
      <div className="ucb-item-head">
        <Link className="ucb-item-title" to={edit}>{title}</Link>
        <span className="ucb-state" data-status={blog.status}>{blog.status_text}</span>
        {blog.unsubmitted_changes && blog.status !== BLOG_STATUS.draft && <span className="uc-small uc-muted">{t.unsubmitted}</span>}
      </div>
      {blog.status === BLOG_STATUS.rejected && blog.reject_reason && <p className="ucb-reason uc-small">{t.reason}{blog.reject_reason}</p>}
      <div className="ucb-stats">
        <span>{blog.category.name}</span>
        <span>{t.views(blog.views)}</span>
        <span>{t.comments(blog.comment_count)}</span>
        <span>{t.income(formatFen(blog.appendix_income, { symbol: true }))}</span>
        <span>{new Date(blog.update_time).toLocaleDateString('zh-CN')}</span>
      </div>
      <div className="uc-actions">
        <Link className="uc-link" to={edit}>{blog.status === BLOG_STATUS.rejected ? t.resubmit : t.edit}</Link>
        {blog.status === BLOG_STATUS.published && <a className="uc-link" href={routePath('articles.blogs.detail', { id: String(blog.id) })}>{t.view}</a>}
        <button type="button" className="uc-link" aria-label={`${t.remove}「${title}」`} onClick={() => void remove()}>{t.remove}</button>
      </div>
    </li>
  );
}

/** My posts (one state, or all with a filter), newest change first, page by page. */
export function MyBlogsList({ fixed }: { fixed?: MyBlogFilter }) {
  const [filter, setFilter] = useState<MyBlogFilter | undefined>(fixed);
  const [pages, setPages] = useState(1);
  const [round, setRound] = useState(0);
  const loaded = useLoad(`my-blogs:${filter ?? 'all'}:${pages}:${round}`, async () => {
    const all: MyBlogItem[] = [];
    let more = false;
    for (let p = 1; p <= pages; p++) {
      const page = await listMyBlogs(filter, p);
      all.push(...page.results);
      more = page.next !== null;
      if (!more) break;
    }
    return { all, more };
  });
  return (
    <>
      {!fixed && (
        <div className="ucb-filters" role="group" aria-label={t.filterLabel}>
          {[undefined, ...FILTERS].map((f) => (
            <button key={f ?? 'all'} type="button" className="uc-chip" aria-pressed={filter === f} aria-selected={filter === f} onClick={() => { setFilter(f); setPages(1); }}>
              {f ? t.filters[f] : t.all}
            </button>
          ))}
          <Link className="uc-btn uc-primary" to={routePath('user.blogs.write')}>{t.write}</Link>
        </div>
      )}
      {loaded.error ? <LoadError error={loaded.error} onRetry={loaded.reload} /> : !loaded.data ? <Loading /> : loaded.data.all.length === 0 ? (
        <p className="uc-muted">{fixed === 'rejected' ? t.emptyRejected : t.empty}</p>
      ) : (
        <>
          <ul className="ucb-list">
            {loaded.data.all.map((b) => <Row key={b.id} blog={b} onDeleted={() => setRound((r) => r + 1)} />)}
          </ul>
          {loaded.data.more && <button type="button" className="uc-btn" onClick={() => setPages((p) => p + 1)}>{t.more}</button>}
        </>
      )}
    </>
  );
}
