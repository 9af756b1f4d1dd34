import { createPrivateKey } from 'node:crypto';
import { ProviderError, type HttpTransport } from '../../providers/http-transport';
import type {
  CreatePayment,
  NotificationAnswer,
  PaymentProvider,
  PaymentStart,
  RefundRequest,
  RefundResult,
  TradeStatus,
  WxpayCredentials,
} from '../types';
import { parseWxpayNotification } from './notification';
import {
  appPayParams,
  authorizationHeader,
  jsapiPayParams,
  wechatpayKeys,
  wechatpaySignatureProblem,
  type WechatpayKeys,
} from './sign';

/** A refusal WeChat Pay answered with its `{code, message}` body (code e.g. ORDERPAID, PARAM_ERROR, SIGN_ERROR). */
export class WxpayApiError extends ProviderError {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly wxMessage: string,
  ) {
    super('wxpay', `HTTP ${status} ${code}: ${wxMessage}`);
    this.name = 'WxpayApiError';
  }
}

const OUT_TRADE_NO = /^[0-9A-Za-z_-]{6,32}$/;
const DESCRIPTION_MAX = 127;

/** RFC 3339 in Beijing time, the form WeChat's examples use: 2018-06-08T10:34:56+08:00. */
export function beijingTime(date: Date): string {
  return `${new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}

type Json = Record<string, unknown>;

export interface Client {
  /** `headers`: extra request headers (Wechatpay-Serial when a field is encrypted with the WeChat Pay key). */
  call(method: 'GET' | 'POST', pathWithQuery: string, body?: Json, headers?: Record<string, string>): Promise<{ status: number; json: Json }>;
}

/** Signs each request, checks each answer's signature before reading it, turns `{code, message}` into WxpayApiError. */
export function v3Client(creds: WxpayCredentials, transport: HttpTransport, keys: WechatpayKeys, now: () => Date): Client {
  const signer = { mchId: creds.mchId, certSerial: creds.certSerial, privateKey: createPrivateKey(creds.privateKey) };
  const base = creds.baseUrl.replace(/\/+$/, '');
  return {
    async call(method, pathWithQuery, body, extra = {}) {
      const text = body === undefined ? '' : JSON.stringify(body);
      const response = await transport({
        method,
        url: `${base}${pathWithQuery}`,
        headers: {
          Authorization: authorizationHeader(signer, method, pathWithQuery, text, now()),
          Accept: 'application/json',
          'User-Agent': 'docshare-wxpay/1',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...extra,
        },
        body: body === undefined ? undefined : text,
      });
      const problem = wechatpaySignatureProblem(response.headers ?? {}, response.text, keys, now());
      if (problem) throw new ProviderError('wxpay', `HTTP ${response.status} answer refused: ${problem}`);
      let json: Json = {};
      if (response.text !== '') {
        try {
          json = JSON.parse(response.text) as Json;
        } catch {
          throw new ProviderError('wxpay', `HTTP ${response.status}, not JSON`);
        }
      }
      if (response.status >= 300) {
        throw new WxpayApiError(response.status, String(json.code ?? 'UNKNOWN'), String(json.message ?? ''));
      }
      return { status: response.status, json };
    },
  };
}

function stringField(json: Json, name: string): string {
  const value = json[name];
  if (typeof value !== 'string' || value === '') throw new ProviderError('wxpay', `answer without ${name}`);
  return value;
}

function checkPayment(payment: CreatePayment): void {
  if (!OUT_TRADE_NO.test(payment.outTradeNo)) throw new ProviderError('wxpay', '商户订单号须为 6-32 位字母、数字、_ 或 -');
  if (!Number.isSafeInteger(payment.amountFen) || payment.amountFen < 1) throw new ProviderError('wxpay', '支付金额须为正整数（分）');
  if (payment.channel === 'jsapi' && !payment.openid) throw new ProviderError('wxpay', '微信内支付需要用户的 openid，请在微信中重新打开页面');
}

function orderBody(creds: WxpayCredentials, payment: CreatePayment): Json {
  const description = Array.from(payment.subject.trim() || payment.outTradeNo).slice(0, DESCRIPTION_MAX).join('');
  const body: Json = {
    appid: creds.appId,
    mchid: creds.mchId,
    description,
    out_trade_no: payment.outTradeNo,
    time_expire: beijingTime(payment.expireAt),
    notify_url: payment.notifyUrl,
    amount: { total: payment.amountFen, currency: 'CNY' },
  };
  if (payment.channel === 'h5') body.scene_info = { payer_client_ip: payment.clientIp, h5_info: { type: 'Wap' } };
  if (payment.channel === 'jsapi') body.payer = { openid: payment.openid };
  return body;
}

async function create(creds: WxpayCredentials, client: Client, now: () => Date, payment: CreatePayment): Promise<PaymentStart> {
  if (!['native', 'h5', 'jsapi', 'app'].includes(payment.channel)) {
    throw new ProviderError('wxpay', `微信支付不支持该支付方式：${payment.channel}`);
  }
  checkPayment(payment);
  const { json } = await client.call('POST', `/v3/pay/transactions/${payment.channel}`, orderBody(creds, payment));
  if (payment.channel === 'native') return { kind: 'qr', codeUrl: stringField(json, 'code_url') };
  if (payment.channel === 'h5') {
    return { kind: 'redirect', url: `${stringField(json, 'h5_url')}&redirect_url=${encodeURIComponent(payment.returnUrl)}` };
  }
  const prepayId = stringField(json, 'prepay_id');
  if (payment.channel === 'jsapi') return { kind: 'jsapi', params: jsapiPayParams(creds.appId, prepayId, creds.privateKey, now()) };
  return { kind: 'jsapi', params: appPayParams(creds.appId, creds.mchId, prepayId, creds.privateKey, now()) };
}

const TRADE_STATES: Record<string, TradeStatus['state']> = {
  NOTPAY: 'paying',
  USERPAYING: 'paying',
  SUCCESS: 'paid',
  CLOSED: 'closed',
  REVOKED: 'closed',
  PAYERROR: 'closed',
  REFUND: 'refunded',
};

function tradeStatus(json: Json): TradeStatus {
  const state = TRADE_STATES[String(json.trade_state)];
  if (!state) throw new ProviderError('wxpay', `unknown trade_state ${String(json.trade_state).slice(0, 32)}`);
  const amount = (json.amount ?? {}) as Json;
  const status: TradeStatus = { state };
  if (typeof json.transaction_id === 'string' && json.transaction_id) status.tradeNo = json.transaction_id;
  // an unpaid trade has paid nothing: its amount is what was asked, not what was paid
  if (state !== 'paying' && Number.isSafeInteger(amount.total)) {
    status.amountFen = amount.total as number;
    if (typeof amount.currency === 'string') status.currency = amount.currency;
  }
  if (typeof json.success_time === 'string' && !Number.isNaN(Date.parse(json.success_time))) status.paidAt = new Date(json.success_time);
  return status;
}

async function query(creds: WxpayCredentials, client: Client, outTradeNo: string): Promise<TradeStatus> {
  try {
    const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${encodeURIComponent(creds.mchId)}`;
    const { json } = await client.call('GET', path);
    return tradeStatus(json);
  } catch (error) {
    if (error instanceof WxpayApiError && error.code === 'ORDER_NOT_EXIST') return { state: 'unknown' };
    throw error;
  }
}

async function close(creds: WxpayCredentials, client: Client, outTradeNo: string): Promise<void> {
  try {
    await client.call('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`, { mchid: creds.mchId });
  } catch (error) {
    if (error instanceof WxpayApiError && error.code === 'ORDER_NOT_EXIST') return;
    throw error;
  }
}

const REFUND_STATES: Record<string, RefundResult['state']> = {
  SUCCESS: 'success',
  PROCESSING: 'processing',
  ABNORMAL: 'failed',
  CLOSED: 'failed',
};

async function refund(client: Client, request: RefundRequest): Promise<RefundResult> {
  const { json } = await client.call('POST', '/v3/refund/domestic/refunds', {
    out_trade_no: request.outTradeNo,
    out_refund_no: request.refundNo,
    reason: Array.from(request.reason).slice(0, 80).join(''),
    notify_url: request.notifyUrl,
    amount: { refund: request.amountFen, total: request.totalFen, currency: 'CNY' },
  });
  const state = REFUND_STATES[String(json.status)];
  if (!state) throw new ProviderError('wxpay', `unknown refund status ${String(json.status).slice(0, 32)}`);
  return typeof json.refund_id === 'string' ? { state, refundId: json.refund_id } : { state };
}

/** What WeChat Pay expects: 204 acknowledges; a 5xx with {code:'FAIL'} makes it retry on its schedule. */
export function wxpayNotificationAnswer(ok: boolean): NotificationAnswer {
  if (ok) return { status: 204, contentType: 'application/json', body: '' };
  return { status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: '失败' }) };
}

/** The WeChat Pay API v3 adapter: native, H5, JSAPI and app payments, query, close, refund, notifications. */
export function wxpayProvider(creds: WxpayCredentials, transport: HttpTransport, now: () => Date): PaymentProvider {
  const keys = wechatpayKeys({
    publicKey: creds.platformPublicKey,
    publicKeyId: creds.platformPublicKeyId,
    certificates: creds.platformCertificates,
  });
  const client = v3Client(creds, transport, keys, now);
  return {
    method: 'wxpay',
    channels: ['native', 'h5', 'jsapi', 'app'],
    create: (payment) => create(creds, client, now, payment),
    query: (outTradeNo) => query(creds, client, outTradeNo),
    close: (outTradeNo) => close(creds, client, outTradeNo),
    refund: (request) => refund(client, request),
    verifyNotification: (notification) => parseWxpayNotification(notification, creds, keys, now()),
    notificationAnswer: wxpayNotificationAnswer,
  };
}
