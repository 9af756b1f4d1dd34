import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { on, type KernelEventName, type KernelEvents } from '../events/bus';
import { appState$, type AppState } from '../state/app-state';
import { isLoggedIn, user$, type UserInfo } from '../state/user';

/**
 * Reads a slice of the app state: `useAppState((s) => s.loading)`. The component re-renders only when the
 * selected value changes (Object.is), however often other fields change. Select a primitive or a field, not a
 * newly built object.
 */
export function useAppState<T>(selector: (state: AppState) => T): T {
  const selectorRef = useRef(selector);
  selectorRef.current = selector;
  const subscribe = useCallback((onChange: () => void) => {
    const sub = appState$.subscribe(onChange);
    return () => sub.unsubscribe();
  }, []);
  const read = () => selectorRef.current(appState$.value);
  return useSyncExternalStore(subscribe, read, read);
}

const subscribeUser = (onChange: () => void) => {
  const sub = user$.subscribe(onChange);
  return () => sub.unsubscribe();
};
const readUser = () => user$.value;

const noUser = () => null;

/**
 * The current user info, or null. A page rendered on the server is the visitor's page: while it hydrates, the
 * user is null here too (the HTML must match), and the signed-in person's view follows right after.
 */
export function useUser(): UserInfo | null {
  return useSyncExternalStore(subscribeUser, readUser, noUser);
}

/** Whether the user is logged in (uid non-zero and is_active 1); re-renders only when that flips. */
export function useIsLoggedIn(): boolean {
  const read = () => isLoggedIn(user$.value);
  return useSyncExternalStore(subscribeUser, read, () => false);
}

/**
 * Runs `handler` for each kernel event of one type while the component is mounted. The latest handler is
 * always called, without re-subscribing when it changes identity on each render.
 */
export function useKernelEvent<K extends KernelEventName>(type: K, handler: (payload: KernelEvents[K]) => void): void {
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  useEffect(() => on(type, (payload) => handlerRef.current(payload)), [type]);
}
