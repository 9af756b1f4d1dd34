import type { TrdProvider } from 'contracts';
import type { ThirdPartyIdentity } from '../../infra/oauth/providers';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../core/http/errors';
import { bindTrdAccount, boundUserId, type TrdAccountRow } from './repositories/trd-accounts';
import { unlessTaken } from './services/unique';

export type { TrdAccountRow } from './repositories/trd-accounts';

export type { ThirdPartyIdentity } from '../../infra/oauth/providers';

/**
 * Turns a provider's authorisation code into an identity, or null for a code the provider refuses. One per
 * provider name ('weixin_miniapp' here; the OAuth providers register theirs the same way).
 */
export type IdentityResolver = (code: string) => Promise<ThirdPartyIdentity | null>;

/** Provider names a trd_accounts row may carry (SPEC §4 "Third-party login" plus the mini-program). */
export { TRD_PROVIDERS, type TrdProvider } from 'contracts';

/** The trd_accounts provider an identity of `provider` is stored under: alipayh5 is the same Alipay application. */
export function trdAccountOf(provider: TrdProvider): TrdProvider {
  return provider === 'alipayh5' ? 'alipay' : provider;
}

/** A provider the account routes can bind. */
export interface IdentitySource {
  /** Where its identities are stored (trdAccountOf). */
  account: TrdProvider;
  /**
   * Binding by a code the client got itself (POST /api/trd-account-bind/ {provider, code}); absent for providers
   * whose code exchange checks the redirect_uri the code was made for (QQ, Weibo): those bind through their
   * authorisation page (POST /api/trd-account-bind/{provider}/authorize/).
   */
  resolve?: IdentityResolver;
  /** Has an authorisation page the site can send the browser to (the OAuth providers). */
  authorize: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The providers that can be bound, by name: the mini-program (the accounts module) and the OAuth providers. */
    thirdPartyIdentities: Map<TrdProvider, IdentitySource>;
  }
}

export function installThirdPartyRegistry(app: FastifyInstance): void {
  app.decorate('thirdPartyIdentities', new Map<TrdProvider, IdentitySource>());
}

/**
 * Binds `identity` (of the trd_accounts provider `account`) to the account `userId`. Refuses, in Chinese: 400
 * `already_bound` (this account has it already), 409 `trd_bound_elsewhere` (another account has it), 409
 * `provider_bound` (this account has another identity of the same provider: unbind that first).
 */
export async function bindIdentity(
  app: FastifyInstance,
  userId: number,
  account: TrdProvider,
  identity: ThirdPartyIdentity,
): Promise<TrdAccountRow> {
  const bound = await boundUserId(app.db, account, identity.openid);
  if (bound === userId) throw new ApiError(400, 'already_bound', '您已绑定该账号');
  const boundElsewhere = () => new ApiError(409, 'trd_bound_elsewhere', '该第三方账号已绑定其他用户');
  if (bound !== undefined) throw boundElsewhere();
  const values = { userId, provider: account, openid: identity.openid, unionid: identity.unionid, profile: identity, now: app.now() };
  // the same identity bound elsewhere at the same moment
  const row = await unlessTaken(bindTrdAccount(app.db, values), boundElsewhere);
  if (!row) throw new ApiError(409, 'provider_bound', '您已绑定过该平台的其他账号，请先解绑');
  return row;
}
