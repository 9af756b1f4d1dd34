import { createRoot, type Root } from 'react-dom/client';
import type { RemoteLifecycles, RemoteMountProps, RemoteName } from 'shared-kernel';
import { SlotFallback } from '../frame/SlotFallback';

export interface AppLoader {
  load: (remote: RemoteName) => Promise<RemoteLifecycles>;
  /** Called before a retry, so the loader can drop whatever it cached about the failed remote. */
  reset?: (remote: RemoteName) => void;
}

/**
 * single-spa lifecycles around a remote that may be missing or broken. A remote whose entry cannot be fetched, or
 * whose code throws while loading, mounting or later rendering, is replaced by a Chinese fallback with a retry
 * button beside its slot; the navbar and the other remotes are not affected. Retry loads the remote again.
 */
export function resilientApp(remote: RemoteName, loader: AppLoader) {
  let real: RemoteLifecycles | null = null;
  let realMounted = false;
  let active = false;
  let fallback: { root: Root; host: HTMLElement } | null = null;
  // The mount in flight (the first one or a retry): unmount waits for it, so a late mount cannot linger.
  let pending: Promise<void> = Promise.resolve();

  async function unmountReal(props: RemoteMountProps): Promise<void> {
    const lifecycles = real;
    realMounted = false;
    if (lifecycles) await lifecycles.unmount(props).catch(() => undefined);
  }

  async function fail(props: RemoteMountProps, error: unknown): Promise<void> {
    console.error(`[shell] 模块 ${remote} 加载失败`, error);
    await unmountReal(props);
    real = null;
    if (active) showFallback(props);
  }

  async function mountReal(props: RemoteMountProps): Promise<void> {
    try {
      if (!real) {
        const lifecycles = await loader.load(remote);
        await lifecycles.bootstrap(props);
        real = lifecycles;
      }
      if (!active) return;
      await real.mount({ ...props, onCrash: (error) => void fail(props, error) });
      realMounted = true;
    } catch (error) {
      await fail(props, error);
    }
  }

  function showFallback(props: RemoteMountProps): void {
    clearFallback();
    const host = document.createElement('div');
    props.domElementGetter().after(host);
    const root = createRoot(host);
    fallback = { root, host };
    root.render(
      <SlotFallback
        remote={remote}
        onRetry={async () => {
          clearFallback();
          loader.reset?.(remote);
          pending = mountReal(props);
          await pending;
        }}
      />,
    );
  }

  function clearFallback(): void {
    fallback?.root.unmount();
    fallback?.host.remove();
    fallback = null;
  }

  return {
    bootstrap: async () => {},
    mount: async (props: RemoteMountProps) => {
      active = true;
      pending = mountReal(props);
      await pending;
    },
    unmount: async (props: RemoteMountProps) => {
      active = false;
      clearFallback();
      await pending;
      if (realMounted) await unmountReal(props);
    },
  };
}
