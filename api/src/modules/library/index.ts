import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../core/module';
import { shareFileRoutes, shareRoutes } from './routes/shares';
import { transferRoutes } from './routes/transfers';

/**
 * My library beyond content's favourites and history (docs/library.md): share links with their open counts and
 * the short address that resolves them, and document transfers between accounts.
 */
export const libraryModule = defineModule('library', ['core', 'infra', 'accounts', 'content'], async (app: FastifyInstance) => {
  await app.register(shareRoutes);
  await app.register(shareFileRoutes);
  await app.register(transferRoutes);
});
