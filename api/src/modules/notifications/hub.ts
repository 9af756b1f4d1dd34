import type { FastifyInstance } from 'fastify';
import { NOTIFICATIONS_CHANNEL } from './notify';

const RELISTEN_MS = 1000;

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
  void listenWithRetry(app, deliver, wakeAll);
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

/** LISTEN, again after a lost connection; once back, every stream looks again (it may have missed a message). */
async function listenWithRetry(app: FastifyInstance, deliver: (payload: string) => void, wakeAll: () => void): Promise<void> {
  const listen = app.db.listen?.bind(app.db);
  if (!listen) return;
  let stop: (() => Promise<void>) | undefined;
  let timer: NodeJS.Timeout | undefined;
  let closing = false;
  const connect = async (): Promise<void> => {
    try {
      stop = await listen(NOTIFICATIONS_CHANNEL, deliver, (err) => {
        app.log.warn({ err }, 'notification stream: LISTEN connection lost');
        if (!closing) timer = setTimeout(() => void connect().then(wakeAll), RELISTEN_MS);
      });
    } catch (err) {
      app.log.warn({ err }, 'notification stream: LISTEN failed');
      if (!closing) timer = setTimeout(() => void connect().then(wakeAll), RELISTEN_MS);
    }
  };
  app.addHook('preClose', async () => {
    closing = true;
    clearTimeout(timer);
    await stop?.();
  });
  await connect();
}
