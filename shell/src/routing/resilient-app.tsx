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
 * whose code throws while loading or mounting, is replaced in its own slot by a Chinese fallback with a retry
 * button; the navbar and the other remotes are not affected. Retry loads the remote again and mounts it.
 */
export function resilientApp(remote: RemoteName, loader: AppLoader) {
  let real: RemoteLifecycles | null = null;
  let realMounted = false;
  let fallbackRoot: Root | null = null;
  let fallbackHost: HTMLElement | null = null;
  let active = false;

  async function mountReal(props: RemoteMountProps): Promise<void> {
    try {
      if (!real) {
        const lifecycles = await loader.load(remote);
        await lifecycles.bootstrap(props);
        real = lifecycles;
      }
      await real.mount(props);
      realMounted = true;
    } catch (error) {
      console.error(`[shell] 模块 ${remote} 加载失败`, error);
      if (real) await real.unmount(props).catch(() => undefined);
      real = null;
      if (active) showFallback(props);
    }
  }

  function showFallback(props: RemoteMountProps): void {
    fallbackHost = document.createElement('div');
    props.domElementGetter().after(fallbackHost);
    fallbackRoot = createRoot(fallbackHost);
    fallbackRoot.render(
      <SlotFallback
        remote={remote}
        onRetry={async () => {
          clearFallback();
          loader.reset?.(remote);
          await mountReal(props);
        }}
      />,
    );
  }

  function clearFallback(): void {
    fallbackRoot?.unmount();
    fallbackHost?.remove();
    fallbackRoot = null;
    fallbackHost = null;
  }

  return {
    bootstrap: async () => {},
    mount: async (props: RemoteMountProps) => {
      active = true;
      await mountReal(props);
    },
    unmount: async (props: RemoteMountProps) => {
      active = false;
      clearFallback();
      if (real && realMounted) await real.unmount(props);
      realMounted = false;
    },
  };
}
