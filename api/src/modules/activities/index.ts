import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../core/module';
import { every } from '../../core/sweep';
import { activityRoutes } from './routes/activities';
import { inviteRoutes } from './routes/invites';
import { redPacketRoutes } from './routes/red-packets';
import { staffRoutes } from './routes/staff';
import { inviterFor, recordInvitation, settleInvitations } from './services/invites';
import { returnExpired } from './services/red-packets';

export interface ActivitiesService {
  /** A registration's invite code, checked before the account is made: the inviter's id, or 400 '邀请码不正确' / self-invitation. */
  inviterFor(code: string, device: string | null): Promise<number>;
  /** After the account is made: who brought it. */
  recordInvitation(inviteeId: number, inviterId: number, code: string): Promise<void>;
  /** Rewards due invitations and returns expired red packets' leftovers; answers how many it handled. */
  sweep(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    activities: ActivitiesService;
  }
}

/**
 * Activities (issue 19): upload themes, the new-user gift, the invitation drive with 5-digit invite codes, and
 * red packets. Every reward and share is a coin ledger entry written with its claim. docs/activities.md.
 */
export const activitiesModule = defineModule('activities', ['core', 'infra', 'accounts', 'pay', 'coins'], async (app: FastifyInstance) => {
  const service: ActivitiesService = {
    inviterFor: (code, device) => inviterFor(app, code, device),
    recordInvitation: (inviteeId, inviterId, code) => recordInvitation(app, inviteeId, inviterId, code),
    sweep: async () => (await settleInvitations(app, null)) + (await returnExpired(app)),
  };
  app.decorate('activities', service);
  every(app, app.pay.config.sweepIntervalMs, 'activities sweep', () => service.sweep());
  await app.register(activityRoutes);
  await app.register(inviteRoutes);
  await app.register(redPacketRoutes);
  await app.register(staffRoutes);
});
