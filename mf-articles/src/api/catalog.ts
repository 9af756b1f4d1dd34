import { http } from 'shared-kernel';
import type { ArticleItem, BlogItem, CategoryDetail, CategoryWithChildren, DocItem, DocOrderField, DocsQuery, Page } from 'contracts';
import { PAGE_SIZE } from './search';

/** A category of the tree page: a root with its children (three levels at most). */
export type Category = CategoryWithChildren;
export type { CategoryDetail } from 'contracts';

/** The category tree: roots with their children (three levels at most). */
export async function categoryTree(signal?: AbortSignal): Promise<Category[]> {
  const { data } = await http.get<Page<Category>>('/articles-category/', { params: { page_size: 100 }, signal, skipErrorToast: true });
  return data.results;
}

export async function category(id: number | string, signal?: AbortSignal): Promise<CategoryDetail> {
  const { data } = await http.get<CategoryDetail>(`/articles-category/${encodeURIComponent(id)}/`, { signal, skipErrorToast: true });
  return data;
}

/** The orders the category page offers: the contract's document order fields but price, newest or most first. */
export type DocOrdering = `-${Exclude<DocOrderField, 'price'>}`;

/** What the category page asks GET docs/ for. */
export type DocFilters = Pick<DocsQuery, 'ext_cate'> & { category: number | string; ordering?: DocOrdering };

export async function docsOfCategory(filters: DocFilters, page: number, signal?: AbortSignal): Promise<Page<DocItem>> {
  const { data } = await http.get<Page<DocItem>>('/docs/', { params: { ...filters, page, page_size: PAGE_SIZE }, signal, skipErrorToast: true });
  return data;
}

export async function blogsOfCategory(categoryId: number | string, page: number, signal?: AbortSignal): Promise<Page<BlogItem>> {
  const { data } = await http.get<Page<BlogItem>>('/blogs/', {
    params: { category: categoryId, page, page_size: PAGE_SIZE },
    signal,
    skipErrorToast: true,
  });
  return data;
}

/** Documents and blogs of a category together, newest first. */
export async function articlesOfCategory(categoryId: number | string, type: 'docs' | 'blogs' | undefined, page: number, signal?: AbortSignal): Promise<Page<ArticleItem>> {
  const { data } = await http.get<Page<ArticleItem>>('/articles/', {
    params: { category: categoryId, type, page, page_size: PAGE_SIZE },
    signal,
    skipErrorToast: true,
  });
  return data;
}
