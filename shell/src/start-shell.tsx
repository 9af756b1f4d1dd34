import { createRoot } from 'react-dom/client';
import { registerApplication, start } from 'single-spa';
import { BRAND, matchRoute, REMOTE_NAMES, theme$, ownerOf, type RemoteName } from 'shared-kernel';
import { Navbar } from './frame/Navbar';
import { NotFound } from './frame/NotFound';
import { resilientApp, type AppLoader } from './routing/resilient-app';

/** The element a remote renders into: one per remote, inside the shell's main slot. */
function slotOf(remote: RemoteName): HTMLElement {
  const id = `slot-${remote}`;
  let el = document.getElementById(id);
  if (!el) {
    el = document.createElement('div');
    el.id = id;
    document.getElementById('app-slot')!.appendChild(el);
  }
  return el;
}

function applyTheme(): void {
  theme$.subscribe((theme) => (document.documentElement.dataset.theme = theme));
}

/** Title and the 404 page follow the route table on every navigation. */
function followRoutes(): void {
  const notFoundHost = document.createElement('div');
  document.getElementById('app-slot')!.appendChild(notFoundHost);
  const notFoundRoot = createRoot(notFoundHost);
  const update = () => {
    const match = matchRoute(window.location.pathname);
    document.title = match ? `${match.route.title} - ${BRAND}` : `页面不存在 - ${BRAND}`;
    notFoundRoot.render(match ? null : <NotFound />);
  };
  window.addEventListener('single-spa:before-routing-event', update);
  update();
}

/**
 * The single-spa root config. The navbar renders at once, without waiting for any remote; each remote is a
 * single-spa application active on the routes it owns (from the kernel's route table), so only the remote
 * that owns the current route is fetched.
 */
export function startShell(loader: AppLoader): void {
  applyTheme();
  createRoot(document.getElementById('navbar')!).render(<Navbar />);
  followRoutes();
  for (const remote of REMOTE_NAMES) {
    registerApplication<{ domElementGetter: () => HTMLElement }>({
      name: remote,
      app: async () => resilientApp(remote, loader),
      activeWhen: (location) => ownerOf(location.pathname) === remote,
      customProps: { domElementGetter: () => slotOf(remote) },
    });
  }
  start({ urlRerouteOnly: true });
}
