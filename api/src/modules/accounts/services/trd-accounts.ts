import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../../core/http/errors';
import { paginate } from '../../../core/http/pagination';
import { countTrdAccounts, deleteTrdAccount, listTrdAccounts, userTrdProviders, type TrdAccountRow } from '../repositories/trd-accounts';
import { lockUserMobile } from '../repositories/users';
import { bindIdentity, trdAccountOf, type TrdProvider } from '../third-party';
import type { UserRow } from '../users';
import type { LoggedIn } from '../guards';
import { recordAccountEvent, requireRecentProof } from './account-events';
import { askProvider } from './provider-call';

/** GET /api/trd-account-bind/: a page of the account's linked platforms. */
export function trdAccountPage(request: FastifyRequest, user: UserRow) {
  const db = request.server.db;
  return paginate(request, {
    count: () => countTrdAccounts(db, user.id),
    fetch: (limit, offset) => listTrdAccounts(db, user.id, limit, offset),
  });
}

/** POST /api/trd-account-bind/: links the identity of an authorisation code the client got itself. */
export async function bindByCode(request: FastifyRequest, loggedIn: LoggedIn, provider: TrdProvider, code: string): Promise<TrdAccountRow> {
  const { user } = loggedIn;
  requireRecentProof(request, loggedIn);
  const source = request.server.thirdPartyIdentities.get(provider);
  if (!source) throw new ApiError(400, 'provider_unsupported', '暂不支持绑定该平台账号');
  const resolve = source.resolve;
  if (!resolve) {
    throw new ApiError(400, 'trd_authorize_required', '请通过该平台的授权页面完成绑定', undefined, {
      authorize: `/api/trd-account-bind/${provider}/authorize/`,
    });
  }
  const identity = await askProvider(request, () => resolve(code), {
    log: 'third-party identity lookup failed',
    status: 503,
    message: '第三方平台暂时不可用，请稍后重试',
  });
  if (!identity) throw new ApiError(400, 'trd_code_invalid', '授权已失效，请重新授权');
  const row = await bindIdentity(request.server, user.id, source.account, identity);
  await recordAccountEvent(request, user, 'bind_trd', 'code');
  return row;
}

/** DELETE /api/trd-account-bind/{provider}/: unlinks one platform, never the account's only way in. */
export async function unbind(request: FastifyRequest, loggedIn: LoggedIn, provider: TrdProvider): Promise<void> {
  const { user } = loggedIn;
  requireRecentProof(request, loggedIn);
  const account = trdAccountOf(provider);
  await request.server.db.transaction(async (tx) => {
    // the user row locked: two unbinds at once cannot remove the last two ways in
    const mobile = await lockUserMobile(tx, user.id);
    const rows = await userTrdProviders(tx, user.id);
    const target = rows.find((r) => r.provider === account);
    if (!target) throw new ApiError(404, 'trd_not_bound', '您未绑定该平台账号');
    // a phone logs in by SMS code (and by password); without one, another platform must remain
    if (!mobile && rows.length === 1) throw new ApiError(400, 'last_login_method', '这是您唯一的登录方式，请先绑定手机号再解绑');
    await deleteTrdAccount(tx, target.id);
  });
  await recordAccountEvent(request, user, 'unbind_trd', 'code');
}
