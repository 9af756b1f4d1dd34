import { lazy, Suspense, type ComponentType } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { createRemoteApp, getRoute } from 'shared-kernel';
import { ensureStyles } from './styles/inject';
import { Loading } from './ui/Status';

// Every page is its own chunk, fetched when its route opens; ./app carries only this table and the styles.
const pages: [route: string, page: ComponentType][] = [
  ['user.pay.order', lazy(() => import(/* webpackChunkName: "route-user.pay.order" */ './pages/OrderPage'))],
  ['user.pay.orderHistory', lazy(() => import(/* webpackChunkName: "route-user.pay.orderHistory" */ './pages/OrderHistoryPage'))],
  ['guest.pay.order', lazy(() => import(/* webpackChunkName: "route-guest.pay.order" */ './pages/GuestOrderPage'))],
  ['user.pay.withdraw', lazy(() => import(/* webpackChunkName: "route-user.pay.withdraw" */ './pages/WithdrawPage'))],
  ['user.pay.withdrawHistory', lazy(() => import(/* webpackChunkName: "route-user.pay.withdrawHistory" */ './pages/WithdrawHistoryPage'))],
];

function PayApp() {
  ensureStyles();
  return (
    <BrowserRouter>
      <Suspense fallback={<Loading />}>
        <Routes>
          {pages.map(([name, Page]) => (
            <Route key={name} path={getRoute(name).path} element={<Page />} />
          ))}
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}

// single-spa lifecycles of mf-pay (the `./app` expose).
export const { bootstrap, mount, unmount } = createRemoteApp({ remote: 'mf-pay', version: __APP_VERSION__ }, PayApp);
