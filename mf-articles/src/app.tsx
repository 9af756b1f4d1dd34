import { createRemoteApp, PlaceholderRoutes } from 'shared-kernel';

// single-spa lifecycles of mf-articles. Until the domain pages land, each route renders a plain titled page.
export const { bootstrap, mount, unmount } = createRemoteApp(
  { remote: 'mf-articles', version: __APP_VERSION__ },
  PlaceholderRoutes,
);
