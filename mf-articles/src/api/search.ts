import { http } from 'shared-kernel';
import type { DocItem, Page } from './documents';

/** A blog as lists show it (api/src/content/serialize.ts BlogItem). */
export interface BlogItem {
  id: number;
  title: string;
  summary: string;
  category: { id: number; name: string };
  author: { uid: number; nickname: string };
  status: number;
  status_text: string;
  views: number;
  comment_count: number;
  collect_count: number;
  appendix_count: number;
  create_time: string;
  update_time: string;
}

/** Search hits carry the title and summary as escaped text with the matches in <em> (render with Highlight). */
export interface Highlights {
  title_highlight?: string;
  summary_highlight?: string;
}

export type ArticleItem = ({ type: 'docs' } & DocItem & Highlights) | ({ type: 'blogs' } & BlogItem & Highlights);

export interface HotKeyword {
  keyword: string;
  count: number;
}

export interface Suggestion {
  keyword: string;
  type: 'keyword' | 'title';
}

/** The document categories a search can be narrowed to (the API's ext_cate values). */
export const EXT_CATES = ['pdf', 'word', 'excel', 'ppt', 'compress', 'other'] as const;
export type ExtCate = (typeof EXT_CATES)[number];

export interface SearchFilters {
  keyword: string;
  ext_cate?: ExtCate;
  category?: number;
  type?: 'docs' | 'blogs';
}

export const PAGE_SIZE = 20;

/** Hot keywords from real search counts. */
export async function hotKeywords(signal?: AbortSignal): Promise<HotKeyword[]> {
  const { data } = await http.get<Page<HotKeyword>>('/search-keyword/', { params: { page_size: 12 }, signal, skipErrorToast: true });
  return data.results;
}

/** Suggestions as the reader types (keywords searched before, and titles). */
export async function suggestions(keyword: string, signal?: AbortSignal): Promise<Suggestion[]> {
  const { data } = await http.get<Page<Suggestion>>('/keyword-recommend/', {
    params: { keyword, page_size: 8 },
    signal,
    skipErrorToast: true,
  });
  return data.results;
}

/** One page of search results over documents and blogs, best match first. */
export async function searchArticles(filters: SearchFilters, page: number, signal?: AbortSignal): Promise<Page<ArticleItem>> {
  const { data } = await http.get<Page<ArticleItem>>('/articles/', {
    params: { ...filters, page, page_size: PAGE_SIZE },
    signal,
    skipErrorToast: true,
  });
  return data;
}

/** Recommended documents for the search home. */
export async function recommendedDocs(page: number, signal?: AbortSignal): Promise<Page<DocItem>> {
  const { data } = await http.get<Page<DocItem>>('/articles-recommend/', { params: { page, page_size: 10 }, signal, skipErrorToast: true });
  return data;
}
