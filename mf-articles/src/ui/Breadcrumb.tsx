import { Link } from 'react-router-dom';
import { routePath } from 'shared-kernel';

/** 全部分类 › root › … › current: every category but the last links to its page. */
export function Breadcrumb({ path, tail }: { path: { id: number; name: string }[]; tail?: string }) {
  return (
    <nav className="ar-breadcrumb" aria-label="当前位置">
      <Link to={routePath('articles.cate.list')}>全部分类</Link>
      {path.map((c, i) =>
        i === path.length - 1 && !tail ? (
          <span key={c.id} aria-current="page">
            {c.name}
          </span>
        ) : (
          <Link key={c.id} to={routePath('articles.cate.detail', { id: c.id })}>
            {c.name}
          </Link>
        ),
      )}
      {tail && <span aria-current="page">{tail}</span>}
    </nav>
  );
}
