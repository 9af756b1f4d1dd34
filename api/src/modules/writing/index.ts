import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../core/module';
import { blogWriteRoutes } from './routes/blogs';
import { blogReviewRoutes } from './routes/staff';

/**
 * Writing (issue 18): blogs written on the site: a versioned draft that saves while its author writes, machine
 * checks and staff review before a post is public. Stands on content (categories, caches, stored files).
 */
export const writingModule = defineModule('writing', ['core', 'infra', 'accounts', 'notifications', 'content'], async (app: FastifyInstance) => {
  await app.register(blogWriteRoutes);
  await app.register(blogReviewRoutes);
});
