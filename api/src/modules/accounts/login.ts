import type { FastifyReply, FastifyRequest } from 'fastify';
import { startSession, type StartSessionOptions } from './sessions';
import { selfInfo, type SelfInfo, type UserRow } from './users';

/** What every login route answers (LoginAnswer). */
export type LoginResult = SelfInfo & { is_new: boolean };

/** Starts a session for `user` and answers what every login route answers (LoginAnswer). */
export async function completeLogin(
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  options: StartSessionOptions & { isNew?: boolean },
): Promise<LoginResult> {
  await startSession(request, reply, user.id, options);
  request.user = user;
  return { ...selfInfo(user), is_new: options.isNew ?? false };
}
