import { ProviderError, type HttpTransport } from '../../providers/http-transport';
import {
  NotificationRejected,
  type AlipayCredentials,
  type CreatePayment,
  type PaymentProvider,
  type PaymentStart,
  type RefundRequest,
  type RefundResult,
  type TradeStatus,
  type VerifiedNotification,
} from '../types';
import {
  alipayTime,
  parseAlipayTime,
  privateKeyOf,
  publicKeyOf,
  signParams,
  verifyGatewayAnswer,
  verifyNotificationFields,
  type GatewayAnswer,
} from './sign';
import type { KeyObject } from 'node:crypto';

/** A gateway refusal (code other than 10000): sub_code/sub_msg kept for the caller's Chinese message. */
export class AlipayError extends ProviderError {
  constructor(
    readonly method: string,
    readonly code: string,
    readonly subCode: string,
    readonly subMsg: string,
  ) {
    super('alipay', `${method}: ${code} ${subCode} ${subMsg}`);
    this.name = 'AlipayError';
  }
}

/** Integer fen to Alipay's yuan text with two decimals, without floating point: 990 → "9.90". */
export function fenToYuan(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new RangeError(`not an amount in fen: ${fen}`);
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** Alipay's yuan text ("9.9", "9.90", "10") to integer fen exactly; undefined when malformed. */
export function yuanToFen(text: string | undefined): number | undefined {
  const m = /^(0|[1-9][0-9]{0,11})(?:\.([0-9]{1,2}))?$/.exec(text ?? '');
  if (!m) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

const PRODUCT_CODES = { page: 'FAST_INSTANT_TRADE_PAY', wap: 'QUICK_WAP_WAY', app: 'QUICK_MSECURITY_PAY' } as const;

const TRADE_STATES: Record<string, 'paid' | 'closed' | 'paying'> = {
  WAIT_BUYER_PAY: 'paying',
  TRADE_SUCCESS: 'paid',
  TRADE_FINISHED: 'paid',
  TRADE_CLOSED: 'closed',
};

export function str(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

export interface GatewayClient {
  gateway: string;
  alipayKey: KeyObject;
  /** The signed parameters of a request (public ones and biz_content). */
  signed(method: string, extra: Record<string, string>, biz: Record<string, unknown>): Record<string, string>;
  /** A signed answer with code 10000, else an AlipayError (unless its sub_code is one the caller accepts). */
  success(method: string, biz: Record<string, unknown>, extra?: Record<string, string>, accept?: string[]): Promise<GatewayAnswer>;
}

export function gatewayClient(creds: AlipayCredentials, transport: HttpTransport, now: () => Date): GatewayClient {
  const privateKey = privateKeyOf(creds.privateKey);
  const alipayKey = publicKeyOf(creds.alipayPublicKey);
  const signed = (method: string, extra: Record<string, string>, biz: Record<string, unknown>) =>
    signParams(
      {
        app_id: creds.appId,
        method,
        format: 'JSON',
        charset: 'utf-8',
        sign_type: 'RSA2',
        timestamp: alipayTime(now()),
        version: '1.0',
        ...extra,
        biz_content: JSON.stringify(biz),
      },
      privateKey,
    );
  return {
    gateway: creds.gateway,
    alipayKey,
    signed,
    async success(method, biz, extra = {}, accept = []) {
      // public parameters in the query string, biz_content as the form body (as Alipay's SDKs send them)
      const { biz_content: bizContent, ...query } = signed(method, extra, biz);
      const response = await transport({
        method: 'POST',
        url: `${creds.gateway}?${new URLSearchParams(query)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
        body: new URLSearchParams({ biz_content: bizContent }).toString(),
      });
      const { answer, signed: trusted } = verifyGatewayAnswer(response.text, method, alipayKey);
      const code = str(answer.code);
      if (trusted && (code === '10000' || accept.includes(str(answer.sub_code)))) return answer;
      throw new AlipayError(method, code, str(answer.sub_code), str(answer.sub_msg) || str(answer.msg));
    },
  };
}

function tradeBiz(p: CreatePayment, productCode?: string): Record<string, string> {
  return {
    out_trade_no: p.outTradeNo,
    total_amount: fenToYuan(p.amountFen),
    subject: [...p.subject].slice(0, 127).join(''),
    ...(productCode ? { product_code: productCode } : {}),
    time_expire: alipayTime(p.expireAt),
  };
}

async function createTrade(client: GatewayClient, p: CreatePayment): Promise<PaymentStart> {
  if (p.channel === 'precreate') {
    const answer = await client.success('alipay.trade.precreate', tradeBiz(p), { notify_url: p.notifyUrl });
    const codeUrl = str(answer.qr_code);
    if (!codeUrl) throw new ProviderError('alipay', 'alipay.trade.precreate: answer without qr_code');
    return { kind: 'qr', codeUrl };
  }
  if (p.channel === 'page' || p.channel === 'wap') {
    // a GET redirect to the gateway: no call is made, the browser carries the signed request
    const method = p.channel === 'page' ? 'alipay.trade.page.pay' : 'alipay.trade.wap.pay';
    const biz = { ...tradeBiz(p, PRODUCT_CODES[p.channel]), ...(p.channel === 'wap' ? { quit_url: p.returnUrl } : {}) };
    const params = client.signed(method, { notify_url: p.notifyUrl, return_url: p.returnUrl }, biz);
    return { kind: 'redirect', url: `${client.gateway}?${new URLSearchParams(params)}` };
  }
  if (p.channel === 'app') {
    const params = client.signed('alipay.trade.app.pay', { notify_url: p.notifyUrl }, tradeBiz(p, PRODUCT_CODES.app));
    return { kind: 'jsapi', params: { orderString: new URLSearchParams(params).toString() } };
  }
  throw new ProviderError('alipay', `channel ${p.channel} is not Alipay's`);
}

async function queryTrade(client: GatewayClient, outTradeNo: string): Promise<TradeStatus> {
  const answer = await client.success('alipay.trade.query', { out_trade_no: outTradeNo }, undefined, ['ACQ.TRADE_NOT_EXIST']);
  if (str(answer.code) !== '10000') return { state: 'unknown' };
  let state: TradeStatus['state'] = TRADE_STATES[str(answer.trade_status)] ?? 'unknown';
  const paidAt = parseAlipayTime(str(answer.send_pay_date));
  // trade.query has no refund total: a closed trade that had been paid (send_pay_date) was closed by its full refund
  if (state === 'closed' && paidAt) state = 'refunded';
  return { state, tradeNo: str(answer.trade_no) || undefined, amountFen: yuanToFen(str(answer.total_amount)), currency: 'CNY', paidAt };
}

async function refundTrade(client: GatewayClient, r: RefundRequest): Promise<RefundResult> {
  const answer = await client.success('alipay.trade.refund', {
    out_trade_no: r.outTradeNo,
    refund_amount: fenToYuan(r.amountFen),
    out_request_no: r.refundNo,
    refund_reason: r.reason.slice(0, 256),
  });
  if (str(answer.fund_change) === 'Y') return { state: 'success' };
  // N: this call moved no money, e.g. a retry of a refund done already; the refund query says which
  const done = await client.success('alipay.trade.fastpay.refund.query', { out_trade_no: r.outTradeNo, out_request_no: r.refundNo });
  return { state: str(done.refund_status) === 'REFUND_SUCCESS' ? 'success' : 'processing' };
}

/** The Alipay OpenAPI (RSA2) payment provider: every gateway answer's signature is verified before it is used. */
export function alipayProvider(creds: AlipayCredentials, transport: HttpTransport, now: () => Date): PaymentProvider {
  const client = gatewayClient(creds, transport, now);
  return {
    method: 'alipay',
    channels: ['precreate', 'page', 'wap', 'app'],
    create: (p) => createTrade(client, p),
    query: (outTradeNo) => queryTrade(client, outTradeNo),
    async close(outTradeNo) {
      await client.success('alipay.trade.close', { out_trade_no: outTradeNo }, undefined, ['ACQ.TRADE_NOT_EXIST']);
    },
    refund: (r) => refundTrade(client, r),
    verifyNotification: ({ rawBody }) => verifyAlipayNotification(rawBody, creds.appId, creds.sellerId, client.alipayKey),
    notificationAnswer: (ok) => ({ status: 200, contentType: 'text/plain', body: ok ? 'success' : 'fail' }),
  };
}

function reject(reason: string): never {
  throw new NotificationRejected(reason);
}

/**
 * A verified trade_status_sync notification. Refunds: Alipay tells them with the same notification, carrying
 * refund_fee (the trade's refunded total so far) and out_biz_no (our out_request_no). A full refund (TRADE_CLOSED,
 * refund_fee = total_amount) becomes {type:'refund', state:'success'}; a partial one {type:'refund', state:'other'}
 * (its own amount is not in the notification; the refund call's answer is authoritative).
 */
export function verifyAlipayNotification(
  rawBody: string,
  appId: string,
  sellerId: string | undefined,
  alipayKey: KeyObject,
): VerifiedNotification {
  const fields = verifyNotificationFields(rawBody, alipayKey);
  if (!fields) reject('bad signature');
  if (fields.sign_type !== 'RSA2') reject(`sign_type ${fields.sign_type ?? '(none)'} is not RSA2`);
  if (fields.app_id !== appId) reject(`app_id ${fields.app_id ?? '(none)'} is not ours`);
  if (sellerId && fields.seller_id !== sellerId) reject(`seller_id ${fields.seller_id ?? '(none)'} is not ours`);
  const amountFen = yuanToFen(fields.total_amount);
  if (amountFen === undefined) reject(`malformed total_amount ${fields.total_amount ?? '(none)'}`);
  const { notify_id: notifyId, out_trade_no: outTradeNo, trade_no: tradeNo } = fields;
  if (!notifyId || !outTradeNo || !tradeNo) reject('notify_id, out_trade_no or trade_no missing');
  const status = fields.trade_status ?? '';
  if (fields.refund_fee !== undefined && fields.refund_fee !== '') {
    const refundFen = yuanToFen(fields.refund_fee);
    if (refundFen === undefined) reject(`malformed refund_fee ${fields.refund_fee}`);
    if (!fields.out_biz_no) reject('refund notification without out_biz_no');
    const full = status === 'TRADE_CLOSED' && refundFen === amountFen;
    return { type: 'refund', notifyId, outTradeNo, refundNo: fields.out_biz_no, state: full ? 'success' : 'other', amountFen: refundFen };
  }
  const state = TRADE_STATES[status];
  return {
    type: 'payment',
    notifyId,
    outTradeNo,
    tradeNo,
    state: state === 'paid' || state === 'closed' ? state : 'other',
    amountFen,
    currency: 'CNY',
    paidAt: parseAlipayTime(fields.gmt_payment),
  };
}
