import { useCallback } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { routePath, useInfiniteList } from 'shared-kernel';
import { articlesOfCategory, category } from '../api/catalog';
import type { ArticleItem } from '../api/search';
import { ArticleListItem } from '../ui/ArticleListItem';
import { CategoryHeader } from '../ui/CategoryHeader';
import { Chips, type ChipOption } from '../ui/Chips';
import { ListView, useRestoreKey } from '../ui/ListView';
import { useFetch } from '../ui/use-fetch';
import { CategoryHead } from '../seo/head';

type Kind = '' | 'docs' | 'blogs';
const KINDS: ChipOption<Kind>[] = [
  { value: '', label: '全部' },
  { value: 'docs', label: '文档' },
  { value: 'blogs', label: '博客' },
];

/** articles/cate/detail/{id}: a category, its sub-categories, and its documents and blogs (?type=docs|blogs). */
export default function CategoryDetailPage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const raw = params.get('type');
  const kind: Kind = raw === 'docs' || raw === 'blogs' ? raw : '';
  const cat = useFetch((signal) => category(id, signal), [id], `category:${id}`);
  const restoreKey = useRestoreKey();
  const key = `${id}|${kind}`;
  const fetchPage = useCallback((page: number, signal: AbortSignal) => articlesOfCategory(id, kind || undefined, page, signal), [id, kind]);
  const list = useInfiniteList<ArticleItem>({ fetchPage, key, restoreKey, route: 'articles.cate.detail', ssrKey: `category-articles:${key}` });
  const children = cat.data?.children ?? [];

  return (
    <section className="ar-page">
      <CategoryHead category={cat} kind={kind ? (kind === 'docs' ? '文档' : '博客') : '文章'} keep={['type']} />
      <h1 className="ar-page-title">分类文章</h1>
      <CategoryHeader category={cat} />
      {children.length > 0 && (
        <nav className="ar-subcats" aria-label="子分类">
          {children.map((c) => (
            <Link key={c.id} className="ar-subcat" to={routePath('articles.cate.detail', { id: c.id })}>
              {c.name}
            </Link>
          ))}
        </nav>
      )}
      <div className="ar-panel">
        <div className="ar-filters ar-filters-row">
          <Chips
            label="内容"
            options={KINDS}
            value={kind}
            onChange={(v) => {
              const next = new URLSearchParams(params);
              if (v) next.set('type', v);
              else next.delete('type');
              setParams(next, { replace: true });
            }}
          />
          {cat.data && (
            <span className="ar-more-links">
              <Link to={routePath('articles.docs.list', { id })}>文档列表 ›</Link>
              <Link to={routePath('articles.blogs.list', { id })}>博客列表 ›</Link>
            </span>
          )}
        </div>
        <ListView list={list} label="分类文章" empty="该分类下暂无内容" renderItem={(item) => <ArticleListItem key={`${item.type}-${item.id}`} item={item} />} />
      </div>
    </section>
  );
}
