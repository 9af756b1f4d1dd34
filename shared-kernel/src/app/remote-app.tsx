import { createContext, startTransition, useContext, useEffect, type ComponentType, type ReactNode } from 'react';
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

/** The slot the remote renders into (PageHydrated marks it). */
const SlotContext = createContext<HTMLElement | null>(null);

/**
 * Put inside a server-rendered remote's page boundary (the Suspense around its routes): marks the slot
 * `data-page-ready` once that boundary has hydrated, when the page's buttons act. React drops a click on server HTML
 * it has not hydrated yet (the page's code still on its way), so end-to-end tests wait for this mark before they
 * press anything (`pageCodeStarted`). A page the browser renders itself is ready at its first commit (marked by
 * createRemoteApp). Every remote with a server part renders it, or its pages are never marked.
 */
export function PageHydrated(): null {
  const host = useContext(SlotContext);
  useEffect(() => {
    if (host) host.dataset.pageReady = 'true';
  }, [host]);
  return null;
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
        // the page's HTML came from the remote's server: hydrate it with the data that came with it
        const served = takeHydrationStore(info.remote, host);
        const committed = () => {
          settled = true;
          // rendered here, the first commit is the page; hydrated, its boundary says so (PageHydrated)
          if (!served && host) host.dataset.pageReady = 'true';
          resolve();
        };
        const element = (
          <SlotContext.Provider value={host}>
            <SsrProvider store={served}>
              <Committed onCommit={committed}>
                <App {...info} />
              </Committed>
            </SsrProvider>
          </SlotContext.Provider>
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
        delete host.dataset.pageReady;
      }
    },
  };
}
