import { Link } from 'react-router-dom';
import { formatFileSize, formatScore, routePath } from 'shared-kernel';
import type { DocItem } from '../api/documents';
import type { Highlights } from '../api/search';
import { DocIcon } from './DocIcon';
import { formatCount, formatDate, formatPrice } from './format';
import { Highlight } from './Highlight';

/** One document in a list: icon, title (with search matches), summary and its numbers; links to its detail. */
export function DocListItem({ doc }: { doc: DocItem & Highlights }) {
  const summary = doc.summary_highlight ?? doc.summary;
  return (
    <li className="ar-item" data-doc-id={doc.id}>
      <Link className="ar-item-link" to={routePath('articles.docs.detail', { id: doc.id })}>
        <DocIcon extCate={doc.ext_cate} active={doc.active} />
        <div className="ar-item-body">
          <h3 className="ar-item-title">
            <Highlight html={doc.title_highlight} text={doc.title} />
          </h3>
          {summary && (
            <p className="ar-item-summary">
              <Highlight html={doc.summary_highlight} text={doc.summary} />
            </p>
          )}
          <p className="ar-item-meta">
            {doc.active !== 1 && doc.status_text && <span className="ar-tag ar-tag-grey">{doc.status_text}</span>}
            <span className={doc.is_free ? 'ar-tag ar-tag-free' : 'ar-tag ar-tag-paid'}>{doc.is_free ? '免费' : formatPrice(doc.price)}</span>
            <span title="评分">
              <span className="ar-star" aria-hidden="true">★</span> {formatScore(doc.score)}
            </span>
            <span>{doc.pages} 页</span>
            <span>{formatFileSize(doc.size)}</span>
            <span className="ar-hide-sm">{formatCount(doc.downloads)} 次下载</span>
            {doc.category?.name && <span className="ar-hide-sm">{doc.category.name}</span>}
            <span className="ar-hide-sm">{formatDate(doc.create_time)}</span>
          </p>
        </div>
      </Link>
    </li>
  );
}
