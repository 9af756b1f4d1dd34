import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../core/module';
import { everyMinute } from '../../core/sweep';
import { createHub, type NotificationHub } from './hub';
import { notificationRoutes } from './routes/notifications';
import { streamRoutes } from './routes/stream';
import { sendCopies } from './services/copies';

export { notify } from './notify';
export type { NotificationEvent } from './events';

export interface NotificationsService {
  hub: NotificationHub;
  /** Ends every open stream (the server closes only once its connections have). */
  closers: Set<() => void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    notifications: NotificationsService;
  }
}

/**
 * Notifications (issue 17): every module calls notify() inside its own transaction; people read them in a list,
 * see the unread count live (Server-Sent Events woken by LISTEN/NOTIFY across API processes) and choose which
 * kinds also go by SMS or mail. Staff announcements are stored once and fanned out lazily.
 */
export const notificationsModule = defineModule('notifications', ['core', 'infra', 'accounts'], async (app: FastifyInstance) => {
  const service: NotificationsService = { hub: createHub(app), closers: new Set() };
  app.decorate('notifications', service);
  app.addHook('preClose', async () => {
    for (const close of service.closers) close();
  });
  everyMinute(app, () => sendCopies(app), 'notification copies');
  await app.register(notificationRoutes);
  await app.register(streamRoutes);
});
