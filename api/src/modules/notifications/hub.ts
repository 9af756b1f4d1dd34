import type { FastifyInstance } from 'fastify';
import { keepListening } from '../../core/db/listen';
import { NOTIFICATIONS_CHANNEL } from './notify';

/** This process's open streams by user, woken by NOTIFY on NOTIFICATIONS_CHANNEL from any process (or this one). */
export interface NotificationHub {
  /** `wake` is called when the user's messages changed (or, after a lost connection, may have). */
  subscribe(userId: number, wake: () => void): () => void;
  /** Open streams of a user, and of this process. */
  count(userId?: number): number;
}

export function createHub(app: FastifyInstance): NotificationHub {
  const byUser = new Map<number, Set<() => void>>();
  let total = 0;
  const wakeAll = () => byUser.forEach((set) => set.forEach((wake) => wake()));
  const deliver = (payload: string) => {
    if (payload === '*') return wakeAll();
    byUser.get(Number(payload))?.forEach((wake) => wake());
  };
  // once back after a lost connection, every stream looks again (it may have missed a message)
  void keepListening(app, NOTIFICATIONS_CHANNEL, 'notification stream', {
    message: deliver,
    up: (first) => {
      if (!first) wakeAll();
    },
  });
  return {
    subscribe(userId, wake) {
      let set = byUser.get(userId);
      if (!set) byUser.set(userId, (set = new Set()));
      set.add(wake);
      total++;
      return () => {
        if (!set.delete(wake)) return;
        total--;
        if (set.size === 0) byUser.delete(userId);
      };
    },
    count: (userId) => (userId === undefined ? total : (byUser.get(userId)?.size ?? 0)),
  };
}
