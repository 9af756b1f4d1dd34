import { lazy, Suspense, useLayoutEffect, type ComponentType } from 'react';
import { BrowserRouter, Link, Route, Routes, useLocation, useNavigationType } from 'react-router-dom';
import { createRemoteApp, getRoute, PageHydrated, PageStatus, routePath } from 'shared-kernel';
import { Head } from './seo/head';
import SearchHomePage from './pages/SearchHomePage';
import { ensureStyles } from './styles/inject';
import { SkeletonItems } from './ui/ListView';

// The search home is what `/` shows: it ships with ./app. Every other page is its own chunk, fetched when opened.
const pages: [route: string, page: ComponentType][] = [
  ['articles.search.index', SearchHomePage],
  ['articles.search.result', lazy(() => import(/* webpackChunkName: "route-articles.search.result" */ './pages/SearchResultPage'))],
  ['articles.cate.list', lazy(() => import(/* webpackChunkName: "route-articles.cate.list" */ './pages/CategoryListPage'))],
  ['articles.cate.detail', lazy(() => import(/* webpackChunkName: "route-articles.cate.detail" */ './pages/CategoryDetailPage'))],
  ['articles.docs.list', lazy(() => import(/* webpackChunkName: "route-articles.docs.list" */ './pages/DocListPage'))],
  ['articles.docs.detail', lazy(() => import(/* webpackChunkName: "route-articles.docs.detail" */ './pages/DocDetailPage'))],
  ['articles.docs.comment', lazy(() => import(/* webpackChunkName: "route-articles.docs.comment" */ './pages/DocCommentsPage'))],
  ['articles.blogs.list', lazy(() => import(/* webpackChunkName: "route-articles.blogs.list" */ './pages/BlogListPage'))],
  ['articles.blogs.detail', lazy(() => import(/* webpackChunkName: "route-articles.blogs.detail" */ './pages/BlogDetailPage'))],
  ['articles.blogs.comment', lazy(() => import(/* webpackChunkName: "route-articles.blogs.comment" */ './pages/BlogCommentsPage'))],
];

/** A new page opened by a link starts at the top; back and forward leave the scroll to the page (lists restore theirs). */
function ScrollToTop() {
  const { pathname } = useLocation();
  const type = useNavigationType();
  useLayoutEffect(() => {
    if (type === 'PUSH') window.scrollTo(0, 0);
  }, [pathname, type]);
  return null;
}

function NotFound() {
  return (
    <>
      <PageStatus status={404} />
      <Head title="页面不存在" noindex />
    <section className="ar-page ar-not-found" data-testid="articles-not-found">
      <h1 className="ar-page-title">页面不存在</h1>
      <p className="ar-page-sub">您访问的页面不存在或已被移除。</p>
      <Link className="ar-button" to={routePath('home')} style={{ display: 'inline-flex', alignItems: 'center', color: '#fff' }}>
        返回首页
      </Link>
    </section>
    </>
  );
}

/** The pages by route: the same tree in the browser and on the server (src/server/render.tsx), so the HTML hydrates. */
export function ArticlesRoutes() {
  return (
    <>
      <ScrollToTop />
      <Suspense fallback={<SkeletonItems />}>
        <Routes>
          <Route path={getRoute('home').path} element={<SearchHomePage />} />
          {pages.map(([name, Page]) => (
            <Route key={name} path={getRoute(name).path} element={<Page />} />
          ))}
          <Route path="*" element={<NotFound />} />
        </Routes>
        <PageHydrated />
      </Suspense>
    </>
  );
}

function ArticlesApp() {
  ensureStyles();
  return (
    <BrowserRouter>
      <ArticlesRoutes />
    </BrowserRouter>
  );
}

// single-spa lifecycles of mf-articles (the `./app` expose).
export const { bootstrap, mount, unmount } = createRemoteApp({ remote: 'mf-articles', version: __APP_VERSION__ }, ArticlesApp);
