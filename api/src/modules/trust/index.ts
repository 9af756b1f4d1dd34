import type { FastifyInstance } from 'fastify';
import { every } from '../../core/sweep';
import { defineModule } from '../../core/module';
import { devTrustSweepRoutes } from './routes/dev-sweep';
import { trustStaffRoutes } from './routes/staff';
import { trustUserRoutes } from './routes/user';
import { restoreDue } from './services/complaints';
import { endDue } from './services/penalties';

export { audit, type AuditInput } from './audit';
export { activePenalty, refusePenalized } from './penalties-check';

declare module 'fastify' {
  interface FastifyInstance {
    trust: { sweep: () => Promise<{ restored: number; penaltiesEnded: number }> };
  }
}

/**
 * Trust and safety (issue 20): the staff audit log, the reports' staff queue, rights complaints with the
 * takedown and counter-statement workflow, expert certification and penalties (docs/trust.md).
 */
export const trustModule = defineModule('trust', ['core', 'infra', 'accounts', 'notifications', 'coins', 'content', 'uploads'], async (app: FastifyInstance) => {
  const sweep = async () => ({ restored: await restoreDue(app), penaltiesEnded: await endDue(app) });
  app.decorate('trust', { sweep });
  every(app, 10 * 60_000, 'trust sweep', sweep);
  await app.register(trustUserRoutes);
  await app.register(trustStaffRoutes);
  await app.register(devTrustSweepRoutes);
});
