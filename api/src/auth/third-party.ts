import type { FastifyInstance } from 'fastify';

/** Who a third-party login code belongs to, as the provider reports it. */
export interface ThirdPartyIdentity {
  openid: string;
  unionid: string | null;
  nickname?: string;
  avatar?: string;
}

/**
 * Turns a provider's authorisation code into an identity, or null for a code the provider refuses. One per
 * provider name ('weixin_miniapp' here; the OAuth providers register theirs the same way).
 */
export type IdentityResolver = (code: string) => Promise<ThirdPartyIdentity | null>;

/** Provider names a trd_accounts row may carry (SPEC §4 "Third-party login" plus the mini-program). */
export const TRD_PROVIDERS = ['weixin_miniapp', 'alipay', 'alipayh5', 'weixin', 'weixingzh', 'qq', 'weibo'] as const;
export type TrdProvider = (typeof TRD_PROVIDERS)[number];

declare module 'fastify' {
  interface FastifyInstance {
    /** Code-to-identity resolvers by provider, used by POST /api/trd-account-bind/ and the login routes. */
    thirdPartyIdentities: Map<TrdProvider, IdentityResolver>;
  }
}

export function installThirdPartyRegistry(app: FastifyInstance): void {
  app.decorate('thirdPartyIdentities', new Map<TrdProvider, IdentityResolver>());
}
