import type { FastifyInstance } from 'fastify';

/** How long to wait before listening again after the LISTEN connection broke or could not be made. */
export const RELISTEN_MS = 1000;

export interface Listener {
  /** Each NOTIFY payload on the channel (from any process of the database, this one too). */
  message(payload: string): void;
  /** The LISTEN is in place (`first`: for the first time); messages sent while it was not may have been missed. */
  up?(first: boolean): void;
  /** The LISTEN broke or could not be made: until the next `up`, messages may be missed. */
  down?(): void;
}

/**
 * LISTEN on `channel` (Db.listen: PostgreSQL's NOTIFY from every API process, PGlite's in this one) for as long as
 * the app runs, again RELISTEN_MS after a lost connection; `what` names it in the warnings. Resolves once the first
 * attempt is over. A database without LISTEN calls `down` once and nothing else.
 */
export async function keepListening(app: FastifyInstance, channel: string, what: string, listener: Listener): Promise<void> {
  const listen = app.db.listen?.bind(app.db);
  if (!listen) {
    listener.down?.();
    return;
  }
  let stop: (() => Promise<void>) | undefined;
  let timer: NodeJS.Timeout | undefined;
  let closing = false;
  let first = true;
  const retry = (err: unknown, message: string) => {
    app.log.warn({ err }, `${what}: ${message}`);
    listener.down?.();
    if (!closing) timer = setTimeout(() => void connect(), RELISTEN_MS);
  };
  const connect = async (): Promise<void> => {
    try {
      stop = await listen(channel, (payload) => listener.message(payload), (err) => retry(err, 'LISTEN connection lost'));
      listener.up?.(first);
      first = false;
    } catch (err) {
      retry(err, 'LISTEN failed');
    }
  };
  app.addHook('preClose', async () => {
    closing = true;
    clearTimeout(timer);
    await stop?.();
  });
  await connect();
}
