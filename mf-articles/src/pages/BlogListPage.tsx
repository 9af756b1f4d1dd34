import { useCallback } from 'react';
import { useParams } from 'react-router-dom';
import { useInfiniteList } from 'shared-kernel';
import { blogsOfCategory, category } from '../api/catalog';
import type { BlogItem } from '../api/search';
import { BlogListItem } from '../ui/BlogListItem';
import { CategoryHeader } from '../ui/CategoryHeader';
import { ListView, useRestoreKey } from '../ui/ListView';
import { useFetch } from '../ui/use-fetch';
import { CategoryHead } from '../seo/head';

/** articles/blogs/list/{id}: the blogs of a category, newest first. */
export default function BlogListPage() {
  const { id = '' } = useParams();
  const cat = useFetch((signal) => category(id, signal), [id], `category:${id}`);
  const restoreKey = useRestoreKey();
  const fetchPage = useCallback((page: number, signal: AbortSignal) => blogsOfCategory(id, page, signal), [id]);
  const list = useInfiniteList<BlogItem>({ fetchPage, key: id, restoreKey, route: 'articles.blogs.list', ssrKey: `category-blogs:${id}` });
  return (
    <section className="ar-page">
      <CategoryHead category={cat} kind="博客" />
      <h1 className="ar-page-title">博客列表</h1>
      <CategoryHeader category={cat} tail="博客" />
      <div className="ar-panel">
        <ListView list={list} label="博客列表" empty="该分类下暂无博客" renderItem={(blog) => <BlogListItem key={blog.id} blog={blog} />} />
      </div>
    </section>
  );
}
