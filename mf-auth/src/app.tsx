import { createRemoteApp, PlaceholderRoutes } from 'shared-kernel';

// single-spa lifecycles of mf-auth. Until the domain pages land, each route renders a plain titled page.
export const { bootstrap, mount, unmount } = createRemoteApp(
  { remote: 'mf-auth', version: __APP_VERSION__ },
  PlaceholderRoutes,
);
