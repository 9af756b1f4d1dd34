import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DOC_CATEGORIES, useInfiniteList } from 'shared-kernel';
import { categoryTree } from '../api/catalog';
import { EXT_CATES, searchArticles, type ArticleItem, type ExtCate, type SearchFilters } from '../api/search';
import { ArticleListItem } from '../ui/ArticleListItem';
import { Chips, type ChipOption } from '../ui/Chips';
import { EmptyState, ListView, useRestoreKey } from '../ui/ListView';
import { SearchBox } from '../ui/SearchBox';
import { useFetch } from '../ui/use-fetch';
import { HotKeywords } from './SearchHomePage';
import { describe, Head } from '../seo/head';

/** The description of a result page: what was searched and the first titles found. */
function resultDescription(keyword: string, items: ArticleItem[]): string {
  const titles = items.slice(0, 5).map((i) => i.title);
  return describe(titles.length ? `与“${keyword}”相关的文档与博客：${titles.join('、')}` : `搜索“${keyword}”的文档与博客`);
}

const EXT_OPTIONS: ChipOption<'' | ExtCate>[] = [{ value: '', label: '全部' }, ...EXT_CATES.map((c) => ({ value: c, label: DOC_CATEGORIES[c].label }))];

function extCateOf(raw: string | null): ExtCate | undefined {
  return (EXT_CATES as readonly string[]).includes(raw ?? '') ? (raw as ExtCate) : undefined;
}

function categoryOf(raw: string | null): number | undefined {
  const n = Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** articles/search/result?keyword=…&ext_cate=…&category=…: matches highlighted, filters kept in the address. */
export default function SearchResultPage() {
  const [params, setParams] = useSearchParams();
  const keyword = (params.get('keyword') ?? '').trim();
  const filters: SearchFilters = { keyword, ext_cate: extCateOf(params.get('ext_cate')), category: categoryOf(params.get('category')) };
  const key = JSON.stringify(filters);
  const restoreKey = useRestoreKey();
  const fetchPage = useCallback((page: number, signal: AbortSignal) => searchArticles(JSON.parse(key) as SearchFilters, page, signal), [key]);
  const list = useInfiniteList<ArticleItem>({ fetchPage: keyword ? fetchPage : noSearch, key, restoreKey, route: 'articles.search.result', ssrKey: keyword ? `search:${key}` : undefined });
  const tree = useFetch(categoryTree, [], 'category-tree');

  const setFilter = (name: 'ext_cate' | 'category', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };

  return (
    <section className="ar-page ar-result">
      <Head
        title={keyword ? `“${keyword}”的搜索结果` : '搜索'}
        description={keyword ? resultDescription(keyword, list.items) : undefined}
        keep={['keyword', 'ext_cate', 'category']}
      />
      <div className="ar-result-head">
        <h1 className="ar-page-title">搜索结果</h1>
        <SearchBox initial={keyword} />
      </div>
      {!keyword ? (
        <div className="ar-panel">
          <EmptyState>请输入要搜索的关键词</EmptyState>
          <HotKeywords />
        </div>
      ) : (
        <div className="ar-panel">
          <div className="ar-filters">
            <Chips label="类型" options={EXT_OPTIONS} value={filters.ext_cate ?? ''} onChange={(v) => setFilter('ext_cate', v)} />
            <label className="ar-select">
              <span>分类</span>
              <select value={filters.category ?? ''} onChange={(e) => setFilter('category', e.target.value)}>
                <option value="">全部分类</option>
                {(tree.data ?? []).map((root) => (
                  <optgroup key={root.id} label={root.name}>
                    <option value={root.id}>{`全部${root.name}`}</option>
                    {(root.children ?? []).map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.name}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
            </label>
          </div>
          {/* the result titles are h3: a heading of their own keeps the outline in order for screen readers */}
          <h2 className="ar-sr-only">“{keyword}”的搜索结果</h2>
          {list.count !== null && list.items.length > 0 && (
            <p className="ar-result-count" role="status">
              找到约 <strong>{list.count}</strong> 条与“{keyword}”相关的结果
            </p>
          )}
          <ListView
            list={list}
            label="搜索结果"
            empty={`没有找到与“${keyword}”相关的内容，换个关键词试试`}
            renderItem={(item) => <ArticleListItem key={`${item.type}-${item.id}`} item={item} />}
          />
        </div>
      )}
    </section>
  );
}

const noSearch = async () => ({ results: [], count: 0, next: null });
