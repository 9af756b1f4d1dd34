import { createRemoteApp, PlaceholderRoutes } from 'shared-kernel';

// single-spa lifecycles of mf-pay. Until the domain pages land, each route renders a plain titled page.
export const { bootstrap, mount, unmount } = createRemoteApp(
  { remote: 'mf-pay', version: __APP_VERSION__ },
  PlaceholderRoutes,
);
