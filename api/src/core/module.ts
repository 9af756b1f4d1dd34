import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The layers and domain modules of the API, in the order buildServer registers them. A module names the ones it
 * stands on; Fastify refuses to start when one of those was not registered before it, so the start-up order is
 * written down here and checked, not implied by the order of calls.
 */
export type ModuleName =
  | 'core'
  | 'infra'
  | 'accounts'
  | 'notifications'
  | 'captcha'
  | 'oauth'
  | 'site'
  | 'pay'
  | 'coins'
  | 'activities'
  | 'content'
  | 'uploads'
  | 'trust'
  | 'writing'
  | 'library'
  | 'seo'
  | 'ops';

/**
 * A module: a Fastify plugin with a name and its dependencies. Its decorations (services other modules use) are
 * visible to the whole server (fastify-plugin); its routes register in a scope of their own inside it.
 */
export function defineModule<Options extends Record<string, unknown> = Record<never, never>>(
  name: ModuleName,
  dependencies: ModuleName[],
  plugin: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
  return fp(plugin, { name, dependencies, fastify: '5.x' });
}
