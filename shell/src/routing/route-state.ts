import { BehaviorSubject } from 'rxjs';
import type { Decision } from './decide';

/** Where the shell's router stands: the decision for the current path, set on every route change. */
export interface RouteState {
  decision: Decision;
  fullPath: string;
}

export const route$ = new BehaviorSubject<RouteState | null>(null);

/** How many remotes are being fetched right now (the progress bar shows while any is). */
export const remoteLoads$ = new BehaviorSubject(0);

/** Counts a remote load in remoteLoads$ while it is under way. */
export async function trackRemoteLoad<T>(loading: Promise<T>): Promise<T> {
  remoteLoads$.next(remoteLoads$.value + 1);
  try {
    return await loading;
  } finally {
    remoteLoads$.next(Math.max(0, remoteLoads$.value - 1));
  }
}
