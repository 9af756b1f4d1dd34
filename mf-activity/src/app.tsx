import { lazy, Suspense, type ComponentType } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { createRemoteApp, PlaceholderPage, routesOf, type RemoteAppInfo } from 'shared-kernel';
import { ensureStyles } from './styles/inject';
import { Loading } from './ui/Status';

// Every route of the remote, each its own chunk fetched when its route opens.
const pages: Record<string, ComponentType> = {
  'activity.detail': lazy(() => import(/* webpackChunkName: "route-activity.detail" */ './pages/ActivityDetailPage')),
  'activity.rules': lazy(() => import(/* webpackChunkName: "route-activity.rules" */ './pages/RulesPage')),
  'activity.redPackets': lazy(() => import(/* webpackChunkName: "route-activity.redPackets" */ './pages/RedPacketsPage')),
  'user.activity.list': lazy(() => import(/* webpackChunkName: "route-user.activity.list" */ './pages/ClaimListPage')),
  'user.activity.detail': lazy(() => import(/* webpackChunkName: "route-user.activity.detail" */ './pages/ClaimDetailPage')),
};

function ActivityApp(info: RemoteAppInfo) {
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

// single-spa lifecycles of mf-activity (the `./app` expose).
export const { bootstrap, mount, unmount } = createRemoteApp({ remote: 'mf-activity', version: __APP_VERSION__ }, ActivityApp);
