import type { ArticleItem } from '../api/search';
import { BlogListItem } from './BlogListItem';
import { DocListItem } from './DocListItem';

/** A search hit or category article: a document or a blog. */
export function ArticleListItem({ item }: { item: ArticleItem }) {
  return item.type === 'blogs' ? <BlogListItem blog={item} /> : <DocListItem doc={item} />;
}
