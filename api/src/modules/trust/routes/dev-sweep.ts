import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { devRoutesEnabled } from '../../../core/config';
import { restoreDue } from '../services/complaints';
import { endDue } from '../services/penalties';

const Body = Type.Object({ days: Type.Integer({ minimum: 0, maximum: 366 }) }, { additionalProperties: false });
const Answer = Type.Object({ restored: Type.Integer(), penalties_ended: Type.Integer() });

/**
 * POST /api/dev/trust-sweep/ {days}: runs the trust sweep as if `days` had passed, so a browser journey sees the
 * 15-day restore without waiting (the API tests move their clock instead). Development and test mode only, behind
 * the dev routes' guard; production has no such route.
 */
export async function devTrustSweepRoutes(app: FastifyInstance): Promise<void> {
  if (!devRoutesEnabled(app.accountsConfig)) return;
  app.post<{ Body: { days: number } }>(
    '/api/dev/trust-sweep/',
    { config: { rateLimit: false }, schema: { tags: ['开发'], body: Body, response: { 200: Answer } } },
    async (request) => {
      const at = new Date(app.now().getTime() + request.body.days * 24 * 3600_000);
      return { restored: await restoreDue(app, at), penalties_ended: await endDue(app, at) };
    },
  );
}
