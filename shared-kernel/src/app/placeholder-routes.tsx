import { BrowserRouter, Route, Routes, useParams } from 'react-router-dom';
import { routesOf } from '../routing/match';
import type { RouteDef } from '../routing/route-table';
import { theme$, toggleTheme } from '../state/theme';
import { useObservable } from '../react/use-observable';
import { KERNEL_INSTANCE_ID } from './instance';
import type { RemoteAppInfo } from './remote-app';

/**
 * A plain page with the route's title: what a remote renders for each of its routes until its domain pages land.
 * It also shows which module and version answered, and the shared theme, so cross-app state is visible. A remote
 * whose pages land one by one renders it for the routes still to come.
 */
export function PlaceholderPage({ route, info }: { route: RouteDef; info: RemoteAppInfo }) {
  const params = useParams();
  const theme = useObservable(theme$);
  return (
    <section className="page" data-route={route.name} data-kernel-instance={KERNEL_INSTANCE_ID}>
      <h1>{route.title}</h1>
      {params.id !== undefined && <p className="page-meta">编号：{params.id}</p>}
      <p className="page-meta">
        该页面由模块 <code>{info.remote}</code>（版本 <span data-testid="remote-version">{info.version}</span>）提供，正在建设中。
      </p>
      <p className="page-meta">
        当前主题：<span data-testid="remote-theme">{theme === 'dark' ? '深色' : '浅色'}</span>{' '}
        <button type="button" className="btn" onClick={toggleTheme}>
          切换主题
        </button>
      </p>
    </section>
  );
}

export function PlaceholderRoutes(info: RemoteAppInfo) {
  return (
    <BrowserRouter>
      <Routes>
        {routesOf(info.remote).map((route) => (
          <Route key={route.name} path={route.path} element={<PlaceholderPage route={route} info={info} />} />
        ))}
      </Routes>
    </BrowserRouter>
  );
}
