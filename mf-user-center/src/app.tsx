import { createRemoteApp, PlaceholderRoutes } from 'shared-kernel';

// single-spa lifecycles of mf-user-center. Until the domain pages land, each route renders a plain titled page.
export const { bootstrap, mount, unmount } = createRemoteApp(
  { remote: 'mf-user-center', version: __APP_VERSION__ },
  PlaceholderRoutes,
);
