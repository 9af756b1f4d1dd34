import { randomInt } from 'node:crypto';
import { PUBLIC_DOC_STATUSES, type OnceOrderCreateBody, type Order, type OrderCreateBody, type PayStart } from 'contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../../core/http/errors';
import { ProviderError } from '../../../infra/providers/http-transport';
import type { PaymentStart } from '../../../infra/payments/types';
import { insertOrder, markClosed, markPaying, type NewOrder, type OrderRow } from '../repositories/orders';
import { activePolicy, paySettings, sellableDoc } from '../repositories/policies';
import { hasValidPurchase } from '../repositories/purchases';
import { openidOf } from '../../accounts/repositories/trd-accounts';
import { deviceKey } from './guest';
import { offers } from './providers';
import { orderItem } from './serialize';

const SHANGHAI_MS = 8 * 3600 * 1000;

/** yyyyMMddHHmmss (Asia/Shanghai) and 8 random digits: 22 characters, sortable by time, unguessable enough to not enumerate. */
export function newOrderNo(now: Date): string {
  const stamp = new Date(now.getTime() + SHANGHAI_MS).toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `${stamp}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

/** A provider's refusal as the person reads it; '涉嫌交易纠纷' stays as it is (the client's kernel words it for people). */
export function providerFailure(error: unknown): ApiError {
  const detail = error instanceof ProviderError ? error.detail : String(error);
  const message = /涉嫌交易纠纷/.test(detail) ? '涉嫌交易纠纷' : '支付服务暂时不可用，请稍后重试或换个支付方式';
  return new ApiError(503, 'pay_unavailable', message);
}

type Item = Pick<NewOrder, 'type' | 'price_policy_id' | 'docs_id' | 'title' | 'amount'>;

async function docItem(app: FastifyInstance, docsId: number, buyerId: number | null): Promise<Item> {
  const doc = await sellableDoc(app.db, docsId);
  if (!doc || !PUBLIC_DOC_STATUSES.includes(doc.status)) throw new ApiError(400, 'invalid', '文档不存在或已下架', { docs: ['文档不存在或已下架'] });
  if (doc.price <= 0) throw new ApiError(400, 'invalid', '该文档免费，无需购买', { docs: ['该文档免费，无需购买'] });
  if (buyerId !== null && doc.uploader_id === buyerId) throw new ApiError(400, 'invalid', '不能购买自己上传的文档', { docs: ['不能购买自己上传的文档'] });
  if (buyerId !== null && (await hasValidPurchase(app.db, buyerId, docsId, app.now()))) {
    throw new ApiError(409, 'already_purchased', '你已购买过该文档，可直接下载');
  }
  return { type: 'docs', price_policy_id: null, docs_id: doc.id, title: doc.title.slice(0, 200), amount: doc.price };
}

async function itemOf(app: FastifyInstance, body: OrderCreateBody, buyerId: number): Promise<Item> {
  if (body.type === 'package') {
    const policy = body.price_policy === undefined ? undefined : await activePolicy(app.db, body.price_policy);
    if (!policy) throw new ApiError(400, 'invalid', '套餐不存在或已下架', { price_policy: ['套餐不存在或已下架'] });
    return { type: 'package', price_policy_id: policy.id, docs_id: null, title: policy.name, amount: policy.price };
  }
  if (body.docs === undefined) throw new ApiError(400, 'invalid', '请选择要购买的文档', { docs: ['请选择要购买的文档'] });
  return docItem(app, body.docs, buyerId);
}

function wire(start: PaymentStart): PayStart {
  if (start.kind === 'qr') return { kind: 'qr', code_url: start.codeUrl };
  if (start.kind === 'redirect') return { kind: 'redirect', url: start.url };
  return { kind: 'jsapi', params: start.params };
}

/**
 * JSAPI needs the payer's openid: the one the client sends, else the logged-in user's from their WeChat login
 * (the official account's, then the mini-program's).
 */
async function payerOpenid(app: FastifyInstance, request: FastifyRequest, given: string | undefined): Promise<string> {
  if (given) return given;
  const userId = request.user?.id;
  const found = userId ? ((await openidOf(app.db, userId, 'weixingzh')) ?? (await openidOf(app.db, userId, 'weixin_miniapp'))) : null;
  if (!found) throw new ApiError(400, 'invalid', '微信内支付需要先授权微信登录', { openid: ['缺少 openid'] });
  return found;
}

interface Buyer {
  userId: number | null;
  guestKey: string | null;
}

/** Where the provider sends the browser back: the page the client named (default the payment page), with the order's number and method. */
export function returnUrlOf(siteOrigin: string, order: OrderRow): string {
  const page = order.return_path ?? `/app/${order.guest_key ? 'guest' : 'user'}/pay/order${order.docs_id ? `?docs=${order.docs_id}` : ''}`;
  const url = new URL(page, `${siteOrigin}/`);
  url.searchParams.set('order_no', order.order_no);
  url.searchParams.set('method', order.pay_method);
  return `${siteOrigin}${url.pathname}${url.search}`;
}

/** Opens the order at the provider; a refusal closes it here and answers the provider's reason. */
async function open(app: FastifyInstance, request: FastifyRequest, order: OrderRow, openid: string | undefined): Promise<OrderRow> {
  const provider = app.pay.providers[order.pay_method];
  if (!provider) throw new Error('provider vanished');
  const returnUrl = returnUrlOf(app.pay.config.siteOrigin, order);
  try {
    const start = await provider.create({
      outTradeNo: order.order_no,
      amountFen: order.amount,
      subject: order.title,
      channel: order.channel,
      expireAt: order.expire_time,
      notifyUrl: `${app.pay.config.notifyOrigin}/api/${order.pay_method}/notify/`,
      returnUrl,
      clientIp: request.ip ?? '',
      openid,
    });
    const payStart = wire(start);
    await markPaying(app.db, order.id, payStart);
    return { ...order, state: 'paying', pay_start: payStart };
  } catch (error) {
    request.log.warn({ err: error, order: order.order_no }, 'payment provider refused an order');
    await markClosed(app.db, order.id, app.now());
    throw providerFailure(error);
  }
}

/** POST /api/order-info/ and /api/once-order-info/: checks what is bought and how, writes the order, opens it at the provider. */
export async function createOrder(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  body: OrderCreateBody | (OnceOrderCreateBody & { type?: undefined }),
  guest: boolean,
): Promise<Order> {
  if (!offers(app.pay.providers, body.pay_method, body.channel)) {
    throw new ApiError(400, 'invalid', '暂不支持该支付方式，请换一种', { channel: ['暂不支持该支付方式'] });
  }
  const openid = body.channel === 'jsapi' ? await payerOpenid(app, request, body.openid) : body.openid;
  const buyer: Buyer = guest ? { userId: null, guestKey: deviceKey(request, reply, true) } : { userId: request.user?.id ?? null, guestKey: null };
  const item = guest ? await docItem(app, body.docs as number, null) : await itemOf(app, body as OrderCreateBody, buyer.userId as number);
  const now = app.now();
  const settings = await paySettings(app.db);
  const order = await insertOrder(app.db, {
    ...item,
    order_no: newOrderNo(now),
    user_id: buyer.userId,
    guest_key: buyer.guestKey,
    pay_method: body.pay_method,
    channel: body.channel,
    return_path: body.return_path ?? null,
    from_path: body.from_path ?? null,
    create_time: now,
    expire_time: new Date(now.getTime() + settings.order_ttl_minutes * 60_000),
  });
  return orderItem(await open(app, request, order, openid), true);
}
