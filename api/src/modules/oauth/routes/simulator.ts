import type { FastifyInstance, FastifyReply } from 'fastify';
import { DevWxgzhScanBody } from 'contracts';
import { devRoutesEnabled } from '../../../core/config';
import {
  OAuthSimulator,
  simulatedOpenid,
  simulatedUnionid,
  SIMULATOR_PAGE_CSP,
  SIMULATOR_PREFIX,
  type Family,
  type Query,
  type SimulatorAnswer,
} from '../../../infra/oauth/simulator';
import { confirmWxgzhScan } from '../../accounts/services/qr-login';
import { loginByIdentity } from '../../accounts/services/identity-login';

const visible = { config: { rateLimit: 'read' as const }, schema: { hide: true } };
const hidden = { config: { rateLimit: false as const }, schema: { hide: true } };

const send = (reply: FastifyReply, answer: SimulatorAnswer) => reply.code(answer.status ?? 200).send(answer.body);

/** The authorisation pages, each at its provider's path, and the approve / deny buttons behind them. */
function pageRoutes(app: FastifyInstance, sim: OAuthSimulator): void {
  const authorize = (path: string, family: Family, appParam: string) =>
    app.get(`${SIMULATOR_PREFIX}/${path}`, visible, async (request, reply) =>
      reply
        .code(200)
        .header('Content-Security-Policy', SIMULATOR_PAGE_CSP)
        .type('text/html; charset=utf-8')
        .send(sim.authorizePage(family, appParam, request.query as Query)),
    );
  authorize('weixin/connect/qrconnect', 'weixin', 'appid');
  authorize('weixin/connect/oauth2/authorize', 'weixin', 'appid');
  authorize('qq/oauth2.0/authorize', 'qq', 'client_id');
  authorize('weibo/oauth2/authorize', 'weibo', 'client_id');
  authorize('alipay/oauth2/publicAppAuthorize.htm', 'alipay', 'app_id');
  app.get(`${SIMULATOR_PREFIX}/approve`, visible, async (request, reply) => reply.redirect(sim.approve(request.query as Query), 302));
  app.get(`${SIMULATOR_PREFIX}/deny`, visible, async (request, reply) => reply.redirect(sim.deny(request.query as Query), 302));
}

/** The providers' server-to-server endpoints, each in its own wire format. */
function apiRoutes(app: FastifyInstance, sim: OAuthSimulator): void {
  const get = (path: string, answer: (q: Query) => unknown) =>
    app.get(`${SIMULATOR_PREFIX}/${path}`, hidden, async (request) => answer(request.query as Query));
  get('weixin/sns/oauth2/access_token', (q) => sim.weixinToken(q));
  get('weixin/sns/userinfo', (q) => sim.weixinUserinfo(q));
  get('qq/oauth2.0/token', (q) => sim.qqToken(q));
  get('qq/oauth2.0/me', (q) => sim.qqMe(q));
  get('qq/user/get_user_info', (q) => sim.qqUserInfo(q));
  app.post(`${SIMULATOR_PREFIX}/weibo/oauth2/access_token`, hidden, async (request, reply) =>
    send(reply, sim.weiboToken({ ...(request.query as Query), ...((request.body ?? {}) as Query) })),
  );
  app.get(`${SIMULATOR_PREFIX}/weibo/2/users/show.json`, hidden, async (request, reply) => send(reply, sim.weiboShow(request.query as Query)));
  app.post(`${SIMULATOR_PREFIX}/alipay/gateway.do`, hidden, async (request, reply) =>
    reply.type('application/json; charset=utf-8').send(sim.alipayGateway((request.body ?? {}) as Record<string, string>)),
  );
}

/**
 * Stands in for the official account's event push (development and test only: in production, a staging site
 * with the simulator, anyone could log in as anyone): scanning its parametric QR code (scene = token) with
 * WeChat logs that WeChat user in through the weixingzh identity and confirms the code.
 */
function wxgzhScanRoute(app: FastifyInstance, sim: OAuthSimulator): void {
  app.post<{ Body: DevWxgzhScanBody }>(
    '/api/dev/wxgzh/scan/',
    { config: { rateLimit: false }, schema: { hide: true, body: DevWxgzhScanBody } },
    async (request) => {
      const { token, person } = request.body;
      const appId = sim.apps.weixingzh.appId;
      const found = await loginByIdentity(app, 'weixingzh', simulatedOpenid(appId, person), simulatedUnionid(person), 'weixingzh');
      await confirmWxgzhScan(app, token, found.user.id);
      return { status: 'confirmed', detail: '已确认登录', uid: found.user.id, is_new: found.isNew };
    },
  );
}

/**
 * The OAuth simulator's routes under /api/dev/oauth/ (registered only when OAUTH_PROVIDER is the simulator), and
 * the official account's simulated scan. Register in a scope of its own: it adds a form body parser.
 */
export async function oauthSimulatorRoutes(app: FastifyInstance, { simulator }: { simulator: OAuthSimulator }): Promise<void> {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  pageRoutes(app, simulator);
  apiRoutes(app, simulator);
  if (devRoutesEnabled(app.accountsConfig)) wxgzhScanRoute(app, simulator);
}
