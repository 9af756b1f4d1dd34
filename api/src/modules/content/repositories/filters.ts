import type { ExtCate } from 'contracts';
import { publicBlogCondition, publicDocCondition } from '../constants';

/** What a list or a search of public items is narrowed to. */
export interface ItemFilter {
  /** Items of these categories (the chosen one and its descendants). */
  categoryIds?: number[];
  /** Documents of this icon family only (blogs have none, so a list asking for one holds no blogs). */
  extCate?: ExtCate;
  /** Free (true) or paid (false) documents only. */
  isFree?: boolean;
  /** Documents of this uploader. */
  uploader?: number;
  /** Blogs of this author. */
  author?: number;
}

/** The conditions of a filter over public documents (`d`) and published blogs (`b`). */
export interface ItemConditions {
  docs: string[];
  blogs: string[];
}

/**
 * The one place a filter becomes SQL, for the lists and the search alike: the visibility rule first, then
 * each filter given, its value appended to `params` (which may already hold values, e.g. the search's query).
 */
export function itemConditions(filter: ItemFilter, params: unknown[]): ItemConditions {
  const ref = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const docs = [publicDocCondition('d')];
  const blogs = [publicBlogCondition('b')];
  if (filter.categoryIds) {
    const ids = ref(filter.categoryIds);
    docs.push(`d.category_id = ANY(${ids}::bigint[])`);
    blogs.push(`b.category_id = ANY(${ids}::bigint[])`);
  }
  if (filter.extCate) docs.push(`d.ext_cate = ${ref(filter.extCate)}`);
  if (filter.isFree !== undefined) docs.push(`d.is_free = ${ref(filter.isFree)}`);
  if (filter.uploader !== undefined) docs.push(`d.uploader_id = ${ref(filter.uploader)}`);
  if (filter.author !== undefined) blogs.push(`b.author_id = ${ref(filter.author)}`);
  return { docs, blogs };
}
