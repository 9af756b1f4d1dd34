import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, invalid } from '../../../core/http/errors';
import { inactiveError } from '../guards';
import { completeLogin, type LoginResult } from '../login';
import { hashPassword } from '../passwords';
import { readPassword } from '../rsa';
import { LOGIN_TYPES } from '../sessions';
import { moveTrdAccounts, sharesProvider } from '../repositories/trd-accounts';
import { activateWithPassword, activateWithPhone, deleteUserRow, findUserByPhone } from '../repositories/users';
import type { InactiveReason, UserRow } from '../users';
import { userChanged } from '../sessions';
import { phoneOfBody, required } from './login';
import { unlessTaken } from './unique';
import { changedInfo } from './users';

export interface Activation {
  inactive_reason: InactiveReason;
  nickname?: string;
  password?: string;
  mobile?: string;
  username?: string;
  country_code?: string | number;
  code?: string;
  share_app_key?: string;
}

/**
 * POST /api/users-activate/: CODE_LOGIN_NO_PASSWORD sets a nickname and a password; TRD_LOGIN_NO_MOBILE binds a
 * phone proven by a TRD_ACTIVE code (when that phone has an account already, the third-party identities move to
 * it and this browser is logged in as it). POST_SPAM_COMMENTS cannot be lifted here.
 */
export async function activate(request: FastifyRequest, reply: FastifyReply, user: UserRow, body: Activation): Promise<LoginResult> {
  if (user.inactive_reason === null) throw new ApiError(400, 'already_active', '账号已激活，无需重复操作');
  if (user.inactive_reason === 'POST_SPAM_COMMENTS') throw inactiveError('POST_SPAM_COMMENTS');
  if (body.inactive_reason !== user.inactive_reason) {
    throw new ApiError(400, 'inactive_reason_mismatch', '账号状态已变化，请刷新页面后重试');
  }
  if (user.inactive_reason === 'CODE_LOGIN_NO_PASSWORD') return activateByPassword(request, user, body);
  return activateByPhone(request, reply, user, body);
}

async function activateByPassword(request: FastifyRequest, user: UserRow, body: Activation): Promise<LoginResult> {
  const app = request.server;
  const nickname = body.nickname?.trim();
  if (!nickname) throw invalid({ nickname: ['用户名不能为空'] }, '用户名不能为空');
  const password = readPassword(app.passwords, required(body.password, 'password', '请输入密码'), 'password', true);
  const values = { nickname, passwordHash: await hashPassword(password), shareAppKey: body.share_app_key ?? null };
  await activateWithPassword(app.db, user.id, values, app.now());
  return { ...(await changedInfo(app, user.id)), is_new: false };
}

async function activateByPhone(request: FastifyRequest, reply: FastifyReply, user: UserRow, body: Activation): Promise<LoginResult> {
  const app = request.server;
  const code = required(body.code, 'code', '请填写验证码');
  const phone = phoneOfBody(body);
  await app.codes.verifySms(phone, 'TRD_ACTIVE', code);
  const owner = await findUserByPhone(app.db, phone);
  if (!owner) {
    const write = activateWithPhone(app.db, user.id, phone, body.share_app_key ?? null, app.now());
    await unlessTaken(write, () => new ApiError(409, 'conflict', '该手机号刚刚被绑定，请重试'));
    return { ...(await changedInfo(app, user.id)), is_new: false };
  }
  // the phone already has an account: the third-party identities move to it and the placeholder goes
  await app.db.transaction(async (tx) => {
    if (await sharesProvider(tx, user.id, owner.id)) {
      throw new ApiError(409, 'trd_bound_elsewhere', '该手机号的账号已绑定同平台的其他账号，请更换手机号');
    }
    await moveTrdAccounts(tx, user.id, owner.id);
    await deleteUserRow(tx, user.id);
  });
  await userChanged(app, user.id);
  const platform = request.session?.platform ?? '';
  request.session = null; // its row went with the placeholder account
  return completeLogin(request, reply, owner, { loginType: LOGIN_TYPES.thirdParty, platform });
}
