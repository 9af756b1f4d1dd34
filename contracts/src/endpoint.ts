import type { TSchema } from '@sinclair/typebox';

/** The schemas of one endpoint, as its route declares them to Fastify (and so to the OpenAPI document). */
export interface EndpointSchemas {
  body?: TSchema;
  querystring?: TSchema;
  params?: TSchema;
  /** By status code. */
  response: Partial<Record<number, TSchema>>;
}

/** An endpoint as the OpenAPI document names it: 'POST /api/captcha/', 'GET /api/users/{id}/'. */
export type EndpointKey = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /api/${string}`;

/**
 * A module's endpoints and the contract schemas each one uses. Export it from the module's contract file under
 * a name ending in `Endpoints` (`captchaEndpoints`): the API's openapi-contracts test finds every such export
 * and fails when the OpenAPI document says something else for one of these endpoints.
 */
export function defineEndpoints<const T extends Record<EndpointKey, EndpointSchemas>>(endpoints: T): T {
  return endpoints;
}
