import { useCallback } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { getRoute, routePath, useInfiniteList } from 'shared-kernel';
import type { DocItem } from '../api/documents';
import { hotKeywords, recommendedDocs } from '../api/search';
import { DocListItem } from '../ui/DocListItem';
import { ListView, useRestoreKey } from '../ui/ListView';
import { SearchBox } from '../ui/SearchBox';
import { useFetch } from '../ui/use-fetch';
import { Head, siteSearchJsonLd, useOrigin } from '../seo/head';

/**
 * Hot keywords as links to their results. The row keeps its height while they load (and when there are none),
 * so nothing below it moves when they arrive.
 */
export function HotKeywords() {
  const hot = useFetch(hotKeywords, [], 'hot-keywords');
  const keywords = hot.data ?? [];
  return (
    <div className="ar-hot" aria-busy={hot.loading || undefined}>
      {keywords.length > 0 && (
        <>
          <span className="ar-hot-label">热门搜索</span>
          <ul className="ar-hot-list">
            {keywords.map((k, i) => (
              <li key={k.keyword}>
                <Link className={i < 3 ? 'ar-hot-item ar-hot-top' : 'ar-hot-item'} to={routePath('articles.search.result', {}, { keyword: k.keyword })}>
                  {k.keyword}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** `/` and articles/search/index: the search box, hot keywords and recommended documents. */
export default function SearchHomePage() {
  const restoreKey = useRestoreKey();
  const fetchPage = useCallback((page: number, signal: AbortSignal) => recommendedDocs(page, signal), []);
  const list = useInfiniteList<DocItem>({ fetchPage, key: 'recommend', restoreKey, route: 'home', ssrKey: 'recommend' });
  const origin = useOrigin();
  // articles/search/index is the same page under its route's title; the home page is its canonical URL
  const home = useLocation().pathname === routePath('home');
  return (
    <section className="ar-page ar-home">
      <Head
        {...(home ? {} : { title: getRoute('articles.search.index').title, canonical: routePath('home') })}
        description="知库文档：海量诗词典籍与学习资料，免费预览，一键下载。按分类浏览文档与博客，搜索全文。" jsonLd={[siteSearchJsonLd(origin)]} />
      <div className="ar-hero">
        <h1 className="ar-hero-title">文档搜索</h1>
        <p className="ar-hero-sub">海量诗词典籍与学习资料，免费预览，一键下载</p>
        <SearchBox large />
        <HotKeywords />
        <p className="ar-hero-links">
          <Link to={routePath('articles.cate.list')}>按分类浏览 ›</Link>
        </p>
      </div>
      <div className="ar-panel">
        <h2 className="ar-panel-title">推荐文档</h2>
        <ListView list={list} label="推荐文档" empty="暂无推荐文档" renderItem={(doc) => <DocListItem key={doc.id} doc={doc} />} />
      </div>
    </section>
  );
}
