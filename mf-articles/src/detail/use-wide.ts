import { useSyncExternalStore } from 'react';
import { isPc, useSsrStore } from 'shared-kernel';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/**
 * Whether the page counts as PC (SPEC §1: 1200 px or wider, outside the chat app); follows resizes. A page that
 * came as HTML starts with the server's guess from the user agent, so it hydrates the layout it was sent with.
 */
export function useWide(): boolean {
  const store = useSsrStore();
  return useSyncExternalStore(subscribe, () => isPc(), () => store?.hints.wide ?? true);
}
