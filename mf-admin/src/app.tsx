import { lazy, Suspense, type ComponentType } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { createRemoteApp, getRoute } from 'shared-kernel';
import { ensureStyles } from './styles/inject';
import { ConsoleLayout } from './ui/Layout';
import { Loading } from './ui/Status';

// Every page is its own chunk, fetched when its route opens; ./app carries only this table, the frame and the
// styles.
const pages: [route: string, page: ComponentType][] = [
  ['admin.home', lazy(() => import(/* webpackChunkName: "route-admin.home" */ './pages/HomePage'))],
  ['admin.docs', lazy(() => import(/* webpackChunkName: "route-admin.docs" */ './pages/DocsPage'))],
  ['admin.blogs', lazy(() => import(/* webpackChunkName: "route-admin.blogs" */ './pages/BlogsPage'))],
  ['admin.comments', lazy(() => import(/* webpackChunkName: "route-admin.comments" */ './pages/CommentsPage'))],
  ['admin.complaints', lazy(() => import(/* webpackChunkName: "route-admin.complaints" */ './pages/ComplaintsPage'))],
  ['admin.reports', lazy(() => import(/* webpackChunkName: "route-admin.reports" */ './pages/ReportsPage'))],
  ['admin.experts', lazy(() => import(/* webpackChunkName: "route-admin.experts" */ './pages/ExpertsPage'))],
  ['admin.users', lazy(() => import(/* webpackChunkName: "route-admin.users" */ './pages/UsersPage'))],
  ['admin.audit', lazy(() => import(/* webpackChunkName: "route-admin.audit" */ './pages/AuditPage'))],
  ['admin.withdrawals', lazy(() => import(/* webpackChunkName: "route-admin.withdrawals" */ './pages/WithdrawalsPage'))],
  ['admin.prices', lazy(() => import(/* webpackChunkName: "route-admin.prices" */ './pages/PricesPage'))],
  ['admin.settings.coins', lazy(() => import(/* webpackChunkName: "route-admin.settings.coins" */ './pages/CoinSettingsPage'))],
  ['admin.settings.pay', lazy(() => import(/* webpackChunkName: "route-admin.settings.pay" */ './pages/PaySettingsPage'))],
  ['admin.settings.uploads', lazy(() => import(/* webpackChunkName: "route-admin.settings.uploads" */ './pages/UploadSettingsPage'))],
  ['admin.activities', lazy(() => import(/* webpackChunkName: "route-admin.activities" */ './pages/ActivitiesPage'))],
];

function AdminApp() {
  ensureStyles();
  return (
    <BrowserRouter>
      <ConsoleLayout>
        <Suspense fallback={<Loading />}>
          <Routes>
            {pages.map(([name, Page]) => (
              <Route key={name} path={getRoute(name).path} element={<Page />} />
            ))}
          </Routes>
        </Suspense>
      </ConsoleLayout>
    </BrowserRouter>
  );
}

// single-spa lifecycles of mf-admin (the `./app` expose); the shell mounts it for staff only.
export const { bootstrap, mount, unmount } = createRemoteApp({ remote: 'mf-admin', version: __APP_VERSION__ }, AdminApp);
