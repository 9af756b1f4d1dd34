import type { Notification } from 'contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ApiError } from '../../../core/http/errors';
import { requireLogin } from '../../accounts/guards';
import { listNewerThan } from '../repositories/notifications';
import { serialize, unreadCount } from '../services/notifications';

/** A comment line this often keeps proxies (and the shell's) from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;
/** Open streams one user may hold in this process (tabs and devices); more answer 429. */
export const STREAMS_PER_USER = 20;
/** Changes that come close together are sent as one look (a read-all, a burst of comments). */
const COALESCE_MS = 50;

function send(reply: FastifyReply, data: unknown): void {
  reply.raw.write(`data: ${JSON.stringify(data)}\n\n`);
}

/**
 * GET /api/notifications/stream/: Server-Sent Events of my unread count and new messages, as they happen in any
 * API process (hub.ts). The first event is the count; each change sends the new messages, then the count.
 */
export async function streamRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/notifications/stream/', { config: { rateLimit: 'read' }, schema: { hide: true } }, async (request, reply) => {
    const userId = requireLogin(request).user.id;
    if (app.notifications.hub.count(userId) >= STREAMS_PER_USER) throw new ApiError(429, 'too_many_streams', '打开的页面过多，请关闭一些后重试');
    let lastId = (await listNewerThan(app.db, userId, 0, 1))[0]?.id ?? 0;
    const first = await unreadCount(app.db, userId);
    reply.hijack();
    reply.raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      'x-accel-buffering': 'no',
    });
    reply.raw.write('retry: 3000\n\n');
    send(reply, { type: 'count', unread: first });
    let timer: NodeJS.Timeout | undefined;
    let busy = Promise.resolve();
    const look = async () => {
      const fresh = await listNewerThan(app.db, userId, lastId, 20);
      const unread = await unreadCount(app.db, userId);
      if (reply.raw.destroyed) return;
      for (const row of fresh.reverse()) send(reply, { type: 'notification', notification: serialize(row) as unknown as Notification, unread });
      lastId = Math.max(lastId, ...fresh.map((r) => r.id));
      send(reply, { type: 'count', unread });
    };
    const wake = () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        busy = busy.then(look).catch((err: unknown) => request.log.warn({ err }, 'notification stream look failed'));
      }, COALESCE_MS);
    };
    const unsubscribe = app.notifications.hub.subscribe(userId, wake);
    const heartbeat = setInterval(() => reply.raw.write(': ping\n\n'), HEARTBEAT_MS);
    const socket = request.raw.socket;
    const closer = () => socket.destroy();
    socket.once('close', () => app.notifications.closers.delete(closer));
    const end = () => {
      unsubscribe();
      clearInterval(heartbeat);
      clearTimeout(timer);
      // the connection carried an unfinished answer: it cannot serve another request
      socket.destroy();
    };
    reply.raw.on('close', end);
    app.notifications.closers.add(closer);
  });
}
