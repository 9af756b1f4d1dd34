import { Link } from 'react-router-dom';
import { routePath } from 'shared-kernel';
import { categoryTree, type Category } from '../api/catalog';
import { EmptyState, ErrorState, SkeletonItems } from '../ui/ListView';
import { useFetch } from '../ui/use-fetch';
import { describe, Head } from '../seo/head';

const catPath = (c: Category) => routePath('articles.cate.detail', { id: c.id });

function CategoryCard({ root }: { root: Category }) {
  const children = root.children ?? [];
  return (
    <li className="ar-cat-card">
      <h2 className="ar-cat-card-title">
        <Link to={catPath(root)}>{root.name}</Link>
      </h2>
      {root.description && <p className="ar-cat-card-desc">{root.description}</p>}
      {children.length > 0 && (
        <ul className="ar-cat-children">
          {children.map((child) => (
            <li key={child.id}>
              <Link className="ar-cat-child" to={catPath(child)}>
                {child.name}
              </Link>
              {(child.children ?? []).length > 0 && (
                <ul className="ar-cat-grandchildren">
                  {(child.children ?? []).map((g) => (
                    <li key={g.id}>
                      <Link to={catPath(g)}>{g.name}</Link>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** articles/cate/list: the category tree, each root a card with its sub-categories. */
export default function CategoryListPage() {
  const tree = useFetch(categoryTree, [], 'category-tree');
  let body;
  if (tree.error) body = <ErrorState error={tree.error} onRetry={tree.reload} />;
  else if (!tree.data) body = <SkeletonItems rows={3} />;
  else if (tree.data.length === 0) body = <EmptyState>暂无分类</EmptyState>;
  else
    body = (
      <ul className="ar-cat-grid" aria-label="全部分类">
        {tree.data.map((root) => (
          <CategoryCard key={root.id} root={root} />
        ))}
      </ul>
    );
  return (
    <section className="ar-page ar-cates">
      <Head title="分类列表" description={describe(`按分类浏览全站文档与博客：${(tree.data ?? []).map((c) => c.name).join('、')}`)} />
      <h1 className="ar-page-title">分类列表</h1>
      <p className="ar-page-sub">按分类浏览全站文档与博客</p>
      {body}
    </section>
  );
}
