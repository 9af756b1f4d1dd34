import { http } from 'shared-kernel';
import type { ArticleItem, ArticlesQuery, DocItem, HotKeyword, Page, Suggestion } from 'contracts';

export type { ArticleItem, BlogItem, HotKeyword, Suggestion } from 'contracts';
/** Search hits carry the title and summary as escaped text with the matches in <em> (render with Highlight). */
export type Highlights = Pick<DocItem, 'title_highlight' | 'summary_highlight'>;

export { EXT_CATES, type ExtCate } from 'contracts/enums';

/** What the search page asks GET articles/ for. */
export type SearchFilters = Pick<ArticlesQuery, 'ext_cate' | 'category' | 'type'> & { keyword: string };

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
