import type { FastifyInstance } from 'fastify';
import { isUniqueViolation } from '../../../core/db/errors';
import { ApiError } from '../../../core/http/errors';
import { boundUserId, insertTrdAccount, unionUserId } from '../repositories/trd-accounts';
import { createUser, findUserById, readUser } from '../repositories/users';
import { defaultNickname, type UserRow } from '../users';

async function boundUser(app: FastifyInstance, provider: string, openid: string): Promise<UserRow | undefined> {
  const userId = await boundUserId(app.db, provider, openid);
  return userId === undefined ? undefined : findUserById(app.db, userId);
}

/**
 * The account of a third-party identity: the one it is bound to; else the one bound to the same unionid on
 * another provider (WeChat links its apps by unionid), which gets this provider too; else a new inactive account
 * (TRD_LOGIN_NO_MOBILE) bound to it.
 */
export async function loginByIdentity(
  app: FastifyInstance,
  provider: string,
  openid: string,
  unionid: string | null,
  platform: string,
): Promise<{ user: UserRow; isNew: boolean }> {
  const existing = await boundUser(app, provider, openid);
  if (existing) return { user: existing, isNew: false };
  const now = app.now();
  try {
    return await app.db.transaction(async (tx) => {
      let userId = unionid ? await unionUserId(tx, unionid) : undefined;
      let isNew = false;
      if (userId === undefined) {
        const created = await createUser(tx, { nickname: defaultNickname(), inactiveReason: 'TRD_LOGIN_NO_MOBILE', platform, now });
        if (!created) throw new Error('user insert returned nothing');
        userId = created.id;
        isNew = true;
      }
      await insertTrdAccount(tx, { userId, provider, openid, unionid, now });
      return { user: await readUser(tx, userId), isNew };
    });
  } catch (err) {
    // a parallel login of the same identity won the insert: use its account
    if (!isUniqueViolation(err)) throw err;
    const user = await boundUser(app, provider, openid);
    if (!user) throw new ApiError(409, 'conflict', '该账号已绑定同平台的其他账号');
    return { user, isNew: false };
  }
}
