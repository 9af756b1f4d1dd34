import type { FastifyInstance } from 'fastify';

/**
 * In this plugin scope, JSON and form bodies arrive as the exact text received, unparsed: the payment providers
 * sign those bytes (Alipay's form, WeChat Pay's JSON), and re-serialising would break their signatures.
 */
export function keepRawBodies(app: FastifyInstance, bodyLimit: number): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(['application/json', 'application/x-www-form-urlencoded'], { parseAs: 'string', bodyLimit }, (_request, body, done) =>
    done(null, body),
  );
}

/** The request's headers with lower-case names and single values (what a signature check reads). */
export function flatHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v.join(',') : v]));
}
