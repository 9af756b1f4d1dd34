import { startTransition, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerApplication, start, triggerAppChange } from 'single-spa';
import { REMOTE_NAMES, installErrorReporting, type RemoteName } from 'shared-kernel';
import { adSlots } from './ads/ad-slots';
import { baiduTongji } from './analytics/baidu';
import { pageViewReporter, type AnalyticsTracker } from './analytics/tracker';
import { initVisitorId } from './analytics/visitor-id';
import { installAuthRequests } from './auth/auth-requests';
import { authDialogsLoader } from './auth/dialogs';
import { syncUserAcrossTabs } from './auth/session-sync';
import { inApp, installAppBack } from './bridges/app-bridge';
import { checkMiniProgramLogin, isMiniProgram } from './bridges/miniprogram';
import { siteSettingsOf } from './config/site-config';
import type { RemoteRegistry } from './federation/registry';
import { Footer } from './frame/Footer';
import { Navbar } from './frame/Navbar';
import { OfflineBanner, ProgressBar } from './frame/Overlays';
import { ShellPage } from './frame/ShellPage';
import { applyTheme } from './frame/theme';
import { remoteOf } from './routing/decide';
import { resilientApp, type AppLoader } from './routing/resilient-app';
import { trackRemoteLoad } from './routing/route-state';
import { createRouter } from './routing/router';
import { scrollOnNavigation } from './routing/scroll';
import { whenInteractive } from './scheduling/when-interactive';

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

function mount(id: string, element: ReactNode, parent?: HTMLElement): void {
  let host = document.getElementById(id);
  if (!host) {
    host = document.createElement('div');
    host.id = id;
    (parent ?? document.body).appendChild(host);
  }
  const root = createRoot(host);
  // a transition: React renders in slices and yields to the browser, so the frame never blocks the main thread long
  // (the static frame of index.html is on screen meanwhile)
  startTransition(() => root.render(element));
}

/**
 * What the shell needs to reach the remotes: their single-spa lifecycles (AppLoader) and, with federation, the
 * deployment manifest and other exposed modules (the federated shell passes its RemoteRegistry; a bundle without
 * federation, such as the benchmark's baseline, passes a loader only).
 */
export interface ShellRemotes extends AppLoader {
  deployment?: RemoteRegistry['deployment'];
  loadModule?: RemoteRegistry['loadModule'];
}

const NO_DEPLOYMENT = () => Promise.reject(new Error('部署清单不可用'));

/** Analytics: the Baidu Tongji adapter when the deployment names a site id (no script is fetched otherwise). */
function analytics(deployment: RemoteRegistry['deployment']): AnalyticsTracker {
  let tracker: AnalyticsTracker | null = null;
  deployment()
    .then((deployment) => {
      const { baiduSiteId } = siteSettingsOf(deployment);
      if (!baiduSiteId) return;
      const baidu = baiduTongji(baiduSiteId);
      tracker = baidu;
      whenInteractive(() => baidu.load());
    })
    .catch(() => undefined);
  return { pageView: (view) => tracker?.pageView(view) };
}

/**
 * The single-spa root config. The frame (navbar, footer, progress bar, offline banner) renders at once, without
 * waiting for any remote; each remote is a single-spa application active on the routes the router gives it (the
 * kernel's route table and the shell's guards), so only the remote that owns the current route is fetched.
 */
export function startShell(remotes: ShellRemotes): void {
  const deployment = remotes.deployment ?? NO_DEPLOYMENT;
  installErrorReporting();
  initVisitorId();
  applyTheme();
  installAppBack();
  syncUserAcrossTabs();

  mount('navbar', <Navbar />);
  mount('shell-page', <ShellPage deployment={deployment} />, document.getElementById('app-slot')!);
  mount('footer', <Footer />);
  mount('shell-overlays', [<ProgressBar key="progress" />, <OfflineBanner key="offline" />]);

  installAuthRequests({ load: authDialogsLoader(remotes.loadModule) });

  const ads = adSlots({
    loadProvider: () => import(/* webpackChunkName: "ads" */ './ads/own-promotions').then((m) => m.ownPromotions()),
    inApp: () => inApp() || isMiniProgram(),
  });
  const pageViews = pageViewReporter(analytics(deployment));
  const scroll = scrollOnNavigation();
  const router = createRouter({
    isMiniProgram,
    checkMiniProgramLogin,
    reroute: () => void triggerAppChange(),
    beforeNavigation: ads.clear,
    navigated: (state) => {
      pageViews.navigated(state.fullPath, document.title);
      scroll.navigated(location.pathname);
      ads.fill(state.decision, state.fullPath);
    },
  });
  router.start();

  for (const remote of REMOTE_NAMES) {
    registerApplication({
      name: remote,
      app: async () => resilientApp(remote, { load: (r) => trackRemoteLoad(remotes.load(r)), reset: remotes.reset }),
      activeWhen: (location) => remoteOf(router.decide(location.pathname)) === remote,
      customProps: { domElementGetter: () => slotOf(remote) },
    });
  }
  // the first route change (a nextPath cookie left by a payment, the login guard) before any remote is fetched
  router.handleRouteChange();
  start({ urlRerouteOnly: true });
}
