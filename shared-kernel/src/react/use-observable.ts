import { useCallback, useSyncExternalStore } from 'react';
import type { BehaviorSubject } from 'rxjs';

/**
 * Reads the current value of a kernel state subject and re-renders only when it changes.
 * useSyncExternalStore keeps concurrent rendering consistent and avoids effect-driven re-render storms.
 */
export function useObservable<T>(subject: BehaviorSubject<T>): T {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const sub = subject.subscribe(onChange);
      return () => sub.unsubscribe();
    },
    [subject],
  );
  return useSyncExternalStore(subscribe, () => subject.value, () => subject.value);
}
