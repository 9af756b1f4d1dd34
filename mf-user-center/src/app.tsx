import { lazy, Suspense, type ComponentType } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { createRemoteApp, PlaceholderPage, routesOf, type RemoteAppInfo } from 'shared-kernel';
import { ensureStyles } from './styles/inject';
import { Loading } from './ui/Status';

// The pages that have landed, each its own chunk fetched when its route opens; every other route of the remote
// stays the kernel's titled placeholder until its page lands.
const pages: Record<string, ComponentType> = {
  'user.coin.list': lazy(() => import(/* webpackChunkName: "route-user.coin.list" */ './pages/CoinListPage')),
  'user.coin.detail': lazy(() => import(/* webpackChunkName: "route-user.coin.detail" */ './pages/CoinDetailPage')),
  'user.docs.upload': lazy(() => import(/* webpackChunkName: "route-user.docs.upload" */ './pages/docs/UploadPage')),
  'user.docs.list': lazy(() => import(/* webpackChunkName: "route-user.docs.list" */ './pages/docs/DocsListPage')),
  'user.docs.edit': lazy(() => import(/* webpackChunkName: "route-user.docs.edit" */ './pages/docs/DocEditPage')),
  'user.docs.denylist': lazy(() => import(/* webpackChunkName: "route-user.docs.denylist" */ './pages/docs/DenylistPage')),
  'user.docs.convertfail': lazy(() => import(/* webpackChunkName: "route-user.docs.convertfail" */ './pages/docs/ConvertFailPage')),
  'user.docs.search': lazy(() => import(/* webpackChunkName: "route-user.docs.search" */ './pages/docs/DocsSearchPage')),
  'user.blogs.write': lazy(() => import(/* webpackChunkName: "route-user.blogs.write" */ './pages/blogs/WritePage')),
  'user.blogs.edit': lazy(() => import(/* webpackChunkName: "route-user.blogs.write" */ './pages/blogs/WritePage')),
  'user.blogs.list': lazy(() => import(/* webpackChunkName: "route-user.blogs.list" */ './pages/blogs/BlogsListPage')),
  'user.blogs.denylist': lazy(() => import(/* webpackChunkName: "route-user.blogs.denylist" */ './pages/blogs/BlogsDenylistPage')),
};

function UserCenterApp(info: RemoteAppInfo) {
  ensureStyles();
  return (
    <BrowserRouter>
      <Suspense fallback={<Loading />}>
        <Routes>
          {routesOf(info.remote).map((route) => {
            const Page = pages[route.name];
            return <Route key={route.name} path={route.path} element={Page ? <Page /> : <PlaceholderPage route={route} info={info} />} />;
          })}
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}

// single-spa lifecycles of mf-user-center (the `./app` expose).
export const { bootstrap, mount, unmount } = createRemoteApp({ remote: 'mf-user-center', version: __APP_VERSION__ }, UserCenterApp);
