import { startTransition, useEffect, type ComponentType, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import type { RemoteName } from '../routing/route-table';
import { SsrProvider, takeHydrationStore } from '../ssr/server-data';
import { KERNEL_INSTANCE_ID } from './instance';

/** The custom props the shell passes to every remote when single-spa mounts it. */
export interface RemoteMountProps {
  name: string;
  /** The element the remote renders into; owned by the shell. */
  domElementGetter: () => HTMLElement;
  /** Told when rendering throws after mount() has settled, so the shell can show its fallback. */
  onCrash?: (error: unknown) => void;
}

export interface RemoteLifecycles {
  bootstrap: (props: RemoteMountProps) => Promise<void>;
  mount: (props: RemoteMountProps) => Promise<void>;
  unmount: (props: RemoteMountProps) => Promise<void>;
}

export interface RemoteAppInfo {
  remote: RemoteName;
  version: string;
}

function Committed({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useEffect(onCommit, [onCommit]);
  return children;
}

/**
 * Makes the single-spa lifecycles a remote exposes as `./app`. mount() settles only once the first render has
 * committed, and rejects when rendering throws; a later crash goes to props.onCrash. Either way the shell can
 * show its fallback in the remote's slot.
 * The slot carries the remote's name and build version, and the id of the kernel instance the remote runs with
 * (the same as the shell's when the singleton is shared), which diagnostics and the end-to-end tests read.
 */
export function createRemoteApp(info: RemoteAppInfo, App: ComponentType<RemoteAppInfo>): RemoteLifecycles {
  let root: Root | null = null;
  let host: HTMLElement | null = null;
  return {
    bootstrap: async () => {},
    mount: (props) =>
      new Promise<void>((resolve, reject) => {
        host = props.domElementGetter();
        host.dataset.remote = info.remote;
        host.dataset.remoteVersion = info.version;
        host.dataset.kernelInstance = KERNEL_INSTANCE_ID;
        let settled = false;
        const options = {
          onUncaughtError: (error: unknown) => {
            if (!settled) return reject(error);
            console.error(`[${info.remote}] 渲染出错`, error);
            props.onCrash?.(error);
          },
        };
        const committed = () => {
          settled = true;
          resolve();
        };
        // the page's HTML came from the remote's server: hydrate it with the data that came with it
        const served = takeHydrationStore(info.remote, host);
        const element = (
          <SsrProvider store={served}>
            <Committed onCommit={committed}>
              <App {...info} />
            </Committed>
          </SsrProvider>
        );
        // in a transition, hydration yields to the browser every few milliseconds instead of holding the main
        // thread for the whole page: the page, readable already, answers a tap or a scroll meanwhile (as Next.js
        // and Remix hydrate)
        if (served) startTransition(() => void (root = hydrateRoot(host!, element, options)));
        else {
          host.replaceChildren(); // server HTML of another page (the address changed before the remote came)
          root = createRoot(host, options);
          root.render(element);
        }
      }),
    unmount: async () => {
      root?.unmount();
      root = null;
      if (host) {
        delete host.dataset.remote;
        delete host.dataset.remoteVersion;
        delete host.dataset.kernelInstance;
      }
    },
  };
}
