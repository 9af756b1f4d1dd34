import type { FastifyReply, FastifyRequest } from 'fastify';
import { settleDeletionOnLogin } from './services/account-deletion';
import { startSession, type StartSessionOptions } from './sessions';
import { selfInfo, type SelfInfo, type UserRow } from './users';

/** What every login route answers (LoginAnswer). */
export type LoginResult = SelfInfo & { is_new: boolean };

/** Starts a session for `user` (a login cancels a deletion in its cooling-off period) and answers what every login route answers (LoginAnswer). */
export async function completeLogin(
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  options: StartSessionOptions & { isNew?: boolean },
): Promise<LoginResult> {
  const settled = await settleDeletionOnLogin(request, user, options.loginType);
  await startSession(request, reply, settled.id, options);
  request.user = settled;
  return { ...selfInfo(settled), is_new: options.isNew ?? false };
}
