import { useState } from 'react';
import type { RemoteName } from 'shared-kernel';

/** Shown in a remote's slot when that remote cannot be loaded or crashes. */
export function SlotFallback({ remote, onRetry }: { remote: RemoteName; onRetry: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  return (
    <section className="page slot-fallback" role="alert" data-fallback={remote}>
      <h1>页面加载失败</h1>
      <p className="page-meta">该功能模块暂时无法加载，可能是网络问题或服务正在更新。网站的其他功能不受影响。</p>
      <button
        type="button"
        className="btn"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void onRetry();
        }}
      >
        {busy ? '正在重试…' : '重试'}
      </button>
    </section>
  );
}
