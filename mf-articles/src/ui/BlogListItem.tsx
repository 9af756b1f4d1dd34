import { Link } from 'react-router-dom';
import { routePath } from 'shared-kernel';
import type { BlogItem, Highlights } from '../api/search';
import { formatCount, formatDate } from './format';
import { Highlight } from './Highlight';

/** One blog in a list; links to its detail. */
export function BlogListItem({ blog }: { blog: BlogItem & Highlights }) {
  return (
    <li className="ar-item" data-blog-id={blog.id}>
      <Link className="ar-item-link" to={routePath('articles.blogs.detail', { id: blog.id })}>
        <span className="ar-blog-icon" aria-hidden="true">
          博
        </span>
        <div className="ar-item-body">
          <h3 className="ar-item-title">
            <Highlight html={blog.title_highlight} text={blog.title} />
          </h3>
          {blog.summary && (
            <p className="ar-item-summary">
              <Highlight html={blog.summary_highlight} text={blog.summary} />
            </p>
          )}
          <p className="ar-item-meta">
            <span className="ar-tag ar-tag-blog">博客</span>
            {blog.author?.nickname && <span>{blog.author.nickname}</span>}
            <span>{formatCount(blog.views)} 次浏览</span>
            <span>{formatCount(blog.comment_count)} 条评论</span>
            {blog.appendix_count > 0 && <span className="ar-hide-sm">{blog.appendix_count} 个附件</span>}
            <span className="ar-hide-sm">{formatDate(blog.create_time)}</span>
          </p>
        </div>
      </Link>
    </li>
  );
}
