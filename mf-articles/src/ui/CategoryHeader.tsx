import type { CategoryDetail } from '../api/catalog';
import { Breadcrumb } from './Breadcrumb';
import type { Fetched } from './use-fetch';

/** The category a list belongs to: where it sits in the tree, its name and description. */
export function CategoryHeader({ category, tail }: { category: Fetched<CategoryDetail>; tail?: string }) {
  const c = category.data;
  if (!c) return <div className="ar-cat-head ar-cat-head-empty" aria-hidden="true" />;
  return (
    <div className="ar-cat-head">
      <Breadcrumb path={c.path} tail={tail} />
      <h2 className="ar-cat-name">{c.name}</h2>
      {c.description && <p className="ar-cat-desc">{c.description}</p>}
      <p className="ar-cat-counts">
        <span>{c.docs_count} 篇文档</span>
        <span>{c.blogs_count} 篇博客</span>
      </p>
    </div>
  );
}
