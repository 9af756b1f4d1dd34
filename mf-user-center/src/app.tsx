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
  'user.notifications.list': lazy(() => import(/* webpackChunkName: "route-user.notifications.list" */ './pages/notifications/NotificationListPage')),
  'user.notifications.detail': lazy(() => import(/* webpackChunkName: "route-user.notifications.detail" */ './pages/notifications/NotificationDetailPage')),
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
