import { Link } from 'react-router-dom';
import { docIcon, formatFileSize, formatScore, normalizeRating, ratingText, routePath } from 'shared-kernel';
import type { DocItem } from '../api/documents';

/** The icon of a document by ext_cate and status (SPEC §3): coloured when active, grey otherwise. */
export function DocIconBadge({ extCate, active, size = 'md' }: { extCate: string; active: number; size?: 'sm' | 'md' }) {
  const icon = docIcon(extCate, active === 1 ? 1 : 0);
  return (
    <span className={`${icon.className} dt-icon dt-icon-${size}`} style={{ background: icon.color }} data-active={icon.active ? '1' : '0'} aria-label={`${icon.label} 文档`} role="img">
      {icon.label === '压缩包' ? 'ZIP' : icon.label.toUpperCase().slice(0, 4)}
    </span>
  );
}

/** 1-5 stars with the text of the rating (default 5). */
export function Stars({ rating }: { rating?: number | null }) {
  const stars = normalizeRating(rating);
  return (
    <span className="dt-stars" aria-label={`${stars} 星：${ratingText(rating)}`}>
      <span aria-hidden="true">
        {[1, 2, 3, 4, 5].map((n) => (
          <span key={n} className={n <= stars ? 'dt-star dt-star-on' : 'dt-star'}>
            ★
          </span>
        ))}
      </span>
      <span className="dt-rating-text">{ratingText(rating)}</span>
    </span>
  );
}

/** Size, pages, score, views and downloads in one line. */
export function DocFacts({ doc }: { doc: DocItem }) {
  return (
    <dl className="dt-facts">
      <div>
        <dt>大小</dt>
        <dd data-testid="size">{formatFileSize(doc.size)}</dd>
      </div>
      <div>
        <dt>页数</dt>
        <dd>{doc.pages} 页</dd>
      </div>
      <div>
        <dt>评分</dt>
        <dd data-testid="score">{formatScore(doc.score)}</dd>
      </div>
      <div>
        <dt>浏览</dt>
        <dd>{doc.views}</dd>
      </div>
      <div>
        <dt>下载</dt>
        <dd>{doc.downloads}</dd>
      </div>
    </dl>
  );
}

/** A compact document row (recommended documents). */
export function DocRow({ doc }: { doc: DocItem }) {
  return (
    <li className="dt-doc-row">
      <DocIconBadge extCate={doc.ext_cate} active={doc.active} size="sm" />
      <div className="dt-doc-row-main">
        <Link to={routePath('articles.docs.detail', { id: doc.id })} className="dt-doc-row-title">
          {doc.title}
        </Link>
        <span className="dt-muted dt-doc-row-meta">
          {doc.pages} 页 · {formatScore(doc.score)} 分 · {doc.is_free ? '免费' : '付费'}
        </span>
      </div>
    </li>
  );
}
