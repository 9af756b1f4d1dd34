import { useSyncExternalStore } from 'react';
import { isPc } from 'shared-kernel';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** Whether the page counts as PC (SPEC §1: 1200 px or wider, outside the chat app); follows resizes. */
export function useWide(): boolean {
  return useSyncExternalStore(subscribe, () => isPc(), () => true);
}
