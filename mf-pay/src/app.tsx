import { lazy, Suspense, type ComponentType } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { createRemoteApp, getRoute } from 'shared-kernel';
import { ensureStyles } from './styles/inject';
import { TEXTS } from './texts';
import { Loading, PageFrame } from './ui/Status';

/** The withdrawal pages belong to another issue: a titled placeholder until they land. */
function Placeholder({ route }: { route: string }) {
  return (
    <PageFrame route={route}>
      <p className="mp-card mp-muted">{TEXTS.soon}</p>
    </PageFrame>
  );
}

// Every page is its own chunk, fetched when its route opens; ./app carries only this table and the styles.
const pages: [route: string, page: ComponentType][] = [
  ['user.pay.order', lazy(() => import(/* webpackChunkName: "route-user.pay.order" */ './pages/OrderPage'))],
  ['user.pay.orderHistory', lazy(() => import(/* webpackChunkName: "route-user.pay.orderHistory" */ './pages/OrderHistoryPage'))],
  ['guest.pay.order', lazy(() => import(/* webpackChunkName: "route-guest.pay.order" */ './pages/GuestOrderPage'))],
  ['user.pay.withdraw', () => <Placeholder route="user.pay.withdraw" />],
  ['user.pay.withdrawHistory', () => <Placeholder route="user.pay.withdrawHistory" />],
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
