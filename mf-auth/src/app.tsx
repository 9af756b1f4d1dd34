import { useEffect } from 'react';
import { createRemoteApp } from 'shared-kernel';
import { mountDialogs } from './dialogs/mount';
import { AuthRoutes } from './pages/AuthRoutes';
import { ensureStyles } from './styles/inject';

/**
 * mf-auth's pages. The dialog layer is mounted with them (once per page, outside the route's slot), so the
 * captcha of a form's request and the activation after a login work even where the shell has not loaded
 * `./dialogs`; it stays when the route is left, like any dialog layer.
 */
function AuthApp() {
  ensureStyles();
  useEffect(() => {
    mountDialogs();
  }, []);
  return <AuthRoutes />;
}

// single-spa lifecycles of mf-auth (the `./app` expose).
export const { bootstrap, mount, unmount } = createRemoteApp({ remote: 'mf-auth', version: __APP_VERSION__ }, AuthApp);
