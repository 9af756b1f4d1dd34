// The dev-only routes of the API (/api/dev/: the SMS outbox, the captcha answers) answer only requests from this
// machine that carry the site's dev routes token (api/src/infra/security/dev-routes.ts). global-setup picks the
// token of the run and puts it in DEV_ROUTES_TOKEN before it starts the site; scripts/site.mjs gives it to every
// API it starts (the shared site and the private ones), and the test workers inherit it.
import { randomBytes } from 'node:crypto';

/** The run's token: DEV_ROUTES_TOKEN, made here (in global-setup) when unset. */
export function devRoutesToken(): string {
  process.env.DEV_ROUTES_TOKEN ||= randomBytes(24).toString('base64url');
  return process.env.DEV_ROUTES_TOKEN;
}

/** Headers for a request to a dev-only route. */
export function devRoutesHeaders(): Record<string, string> {
  const token = process.env.DEV_ROUTES_TOKEN;
  if (!token) throw new Error('DEV_ROUTES_TOKEN 未设置：端到端测试的站点由 e2e/support/global-setup.ts 启动并设置它');
  return { 'x-dev-token': token };
}
