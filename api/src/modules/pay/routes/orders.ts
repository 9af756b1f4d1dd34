import { OnceOrderCreateBody, Order, OrderCreateBody, OrderListQuery, OrderPage, PayQueryAnswer, PayQueryParams } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { orderBy } from '../../../core/http/ordering';
import { paginate } from '../../../core/http/pagination';
import type { PayMethod } from '../../../infra/payments/types';
import { requireActiveUser, requireLogin } from '../../accounts/guards';
import { ORDER_ORDERING } from '../repositories/orders';
import { orderList } from '../services/lists';
import { createOrder } from '../services/orders';
import { queryOrder } from '../services/status';

const TAGS = ['支付'];

/**
 * POST /api/order-info/ (logged in: a package or a document), POST /api/once-order-info/ (a visitor: one
 * document, bound to this device), GET /api/order-info/ (my orders), and the status queries the paying page polls.
 */
export async function orderRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: OrderCreateBody }>(
    '/api/order-info/',
    {
      bodyLimit: 8 * 1024,
      config: { rateLimit: 'order', userLimit: 'user-order' },
      schema: { tags: TAGS, summary: '下单（套餐或付费文档）', body: OrderCreateBody, response: { 201: Order } },
    },
    async (request, reply) => {
      requireActiveUser(request);
      return reply.code(201).send(await createOrder(app, request, reply, request.body, false));
    },
  );
  app.post<{ Body: OnceOrderCreateBody }>(
    '/api/once-order-info/',
    {
      bodyLimit: 8 * 1024,
      config: { rateLimit: 'order' },
      schema: { tags: TAGS, summary: '游客下单（单篇付费文档）', body: OnceOrderCreateBody, response: { 201: Order } },
    },
    async (request, reply) => reply.code(201).send(await createOrder(app, request, reply, request.body, true)),
  );
  app.get<{ Querystring: OrderListQuery }>(
    '/api/order-info/',
    { config: { rateLimit: 'read' }, schema: { tags: TAGS, summary: '我的订单', querystring: OrderListQuery, response: { 200: OrderPage } } },
    async (request) =>
      paginate(request, orderList(app, requireLogin(request).user.id, request.query.state, orderBy(request.query.ordering, ORDER_ORDERING))),
  );
  for (const method of ['wxpay', 'alipay'] as const satisfies readonly PayMethod[]) {
    app.get<{ Params: PayQueryParams }>(
      `/api/${method}/query/:kind/:order_no/`,
      { config: { rateLimit: 'read' }, schema: { tags: TAGS, summary: '查询支付结果', params: PayQueryParams, response: { 200: PayQueryAnswer } } },
      async (request) => queryOrder(app, request, method, request.params.kind, request.params.order_no),
    );
  }
}
