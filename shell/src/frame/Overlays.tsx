import { useAppState, useObservable } from 'shared-kernel';
import { remoteLoads$ } from '../routing/route-state';

/** A thin bar at the top while the kernel's loading count is above zero or a remote is being fetched. */
export function ProgressBar() {
  const requests = useAppState((s) => s.loadingCount > 0);
  const remotes = useObservable(remoteLoads$) > 0;
  const active = requests || remotes;
  return <div className="progress" role="progressbar" aria-label="页面加载中" hidden={!active} data-testid="progress-bar" />;
}

/** Shown while the browser is offline (the kernel's online flag). */
export function OfflineBanner() {
  const online = useAppState((s) => s.online);
  if (online) return null;
  return (
    <div className="offline-banner" role="status" data-testid="offline-banner">
      网络连接已断开，部分内容可能无法加载，请检查网络设置
    </div>
  );
}
