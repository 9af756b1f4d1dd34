import { freshTimestamp, parseAuthorization, rsaVerify, signedMessage } from './sign';
import { canonical, error, type ApiAnswer, type Channel, type SimTrade, type TradeBook } from './simulator-trades';

type Json = Record<string, unknown>;

const OUT_TRADE_NO = /^[0-9A-Za-z_\-*|]{6,32}$/;
const OUT_REFUND_NO = /^[0-9A-Za-z_\-*|@]{1,64}$/;
const RFC3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;

/** Checks the merchant's Authorization header like WeChat Pay: answers the 401 to send, or null. */
export function authorizationProblem(
  book: TradeBook,
  method: string,
  pathWithQuery: string,
  body: string,
  header: string | undefined,
  now: Date,
): ApiAnswer | null {
  const auth = parseAuthorization(header);
  if (!auth) return error(401, 'SIGN_ERROR', 'Authorization 头缺失或格式错误');
  if (auth.mchid !== book.keys.mchId) return error(401, 'SIGN_ERROR', '商户号与签名不匹配');
  if (auth.serial_no !== book.keys.certSerial) return error(401, 'SIGN_ERROR', '商户证书序列号有误');
  if (!freshTimestamp(auth.timestamp, now)) return error(401, 'SIGN_ERROR', '签名时间戳已过期');
  const message = signedMessage(method, pathWithQuery, auth.timestamp, auth.nonce_str, body);
  if (!rsaVerify(message, auth.signature, book.keys.merchantPublicKey)) return error(401, 'SIGN_ERROR', '签名错误，验签失败');
  return null;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function positiveFen(value: unknown): boolean {
  return Number.isSafeInteger(value) && (value as number) >= 1;
}

/** The first thing wrong with an order request, in WeChat's PARAM_ERROR wording, or null. */
function orderProblem(book: TradeBook, channel: Channel, body: Json): string | null {
  if (body.appid !== book.keys.appId) return 'appid 与 mchid 不匹配';
  if (body.mchid !== book.keys.mchId) return 'mchid 有误';
  if (typeof body.description !== 'string' || body.description === '' || Array.from(body.description).length > 127) {
    return '商品描述 description 须为 1-127 个字符';
  }
  if (typeof body.out_trade_no !== 'string' || !OUT_TRADE_NO.test(body.out_trade_no)) return '商户订单号 out_trade_no 格式错误';
  if (body.time_expire !== undefined && (typeof body.time_expire !== 'string' || !RFC3339.test(body.time_expire))) {
    return 'time_expire 须为 RFC 3339 格式';
  }
  if (typeof body.notify_url !== 'string' || !/^https?:\/\/[^\s]+$/.test(body.notify_url)) return 'notify_url 格式错误';
  const amount = body.amount;
  if (!isObject(amount) || !positiveFen(amount.total)) return '订单金额 amount.total 须为正整数（分）';
  if (amount.currency !== undefined && amount.currency !== 'CNY') return '币种 amount.currency 只支持 CNY';
  if (channel === 'h5') {
    const scene = body.scene_info;
    if (!isObject(scene) || typeof scene.payer_client_ip !== 'string' || !isObject(scene.h5_info) || typeof scene.h5_info.type !== 'string') {
      return 'H5 支付须有 scene_info.payer_client_ip 与 scene_info.h5_info.type';
    }
  }
  if (channel === 'jsapi' && (!isObject(body.payer) || typeof body.payer.openid !== 'string' || body.payer.openid === '')) {
    return 'JSAPI 支付须有 payer.openid';
  }
  return null;
}

function startAnswer(trade: SimTrade, baseUrl: string): ApiAnswer {
  if (trade.channel === 'native') return { status: 200, json: { code_url: `${baseUrl}/pay/${trade.token}` } };
  if (trade.channel === 'h5') return { status: 200, json: { h5_url: `${baseUrl}/h5/${trade.token}?prepay_id=${trade.prepayId}` } };
  return { status: 200, json: { prepay_id: trade.prepayId } };
}

/** POST /v3/pay/transactions/{native,h5,jsapi,app}: the same out_trade_no with the same parameters is the same prepay. */
export function createOrder(book: TradeBook, channel: Channel, body: Json, baseUrl: string): ApiAnswer {
  const problem = orderProblem(book, channel, body);
  if (problem) return error(400, 'PARAM_ERROR', problem);
  const existing = book.trades.get(body.out_trade_no as string);
  if (existing) {
    const state = book.state(existing);
    if (state === 'SUCCESS' || state === 'REFUND') return error(403, 'ORDERPAID', '该订单已支付');
    if (state === 'CLOSED') return error(400, 'ORDER_CLOSED', '订单已关闭');
    if (existing.channel !== channel || existing.request !== canonical(body)) {
      return error(400, 'INVALID_REQUEST', '201 商户订单号重复');
    }
    return startAnswer(existing, baseUrl);
  }
  const payer = body.payer;
  return startAnswer(book.add(channel, body, isObject(payer) ? (payer.openid as string) : undefined), baseUrl);
}

/** GET /v3/pay/transactions/out-trade-no/{no}?mchid= */
export function queryOrder(book: TradeBook, outTradeNo: string, mchid: string | null): ApiAnswer {
  if (mchid !== book.keys.mchId) return error(400, 'PARAM_ERROR', 'mchid 有误');
  const trade = book.trades.get(outTradeNo);
  if (!trade) return error(404, 'ORDER_NOT_EXIST', '订单不存在');
  return { status: 200, json: book.transaction(trade) };
}

/** POST /v3/pay/transactions/out-trade-no/{no}/close: 204; a paid trade cannot be closed. */
export function closeOrder(book: TradeBook, outTradeNo: string, body: Json): ApiAnswer {
  if (body.mchid !== book.keys.mchId) return error(400, 'PARAM_ERROR', 'mchid 有误');
  const trade = book.trades.get(outTradeNo);
  if (!trade) return error(404, 'ORDER_NOT_EXIST', '订单不存在');
  const state = book.state(trade);
  if (state === 'SUCCESS' || state === 'REFUND') return error(403, 'ORDERPAID', '订单已支付，不能关闭');
  trade.state = 'CLOSED';
  return { status: 204 };
}

function refundProblem(body: Json): string | null {
  if (typeof body.out_trade_no !== 'string' || !OUT_TRADE_NO.test(body.out_trade_no)) return 'out_trade_no 格式错误';
  if (typeof body.out_refund_no !== 'string' || !OUT_REFUND_NO.test(body.out_refund_no)) return 'out_refund_no 格式错误';
  if (body.reason !== undefined && (typeof body.reason !== 'string' || Array.from(body.reason).length > 80)) return 'reason 最长 80 个字符';
  if (body.notify_url !== undefined && (typeof body.notify_url !== 'string' || !/^https?:\/\/\S+$/.test(body.notify_url))) {
    return 'notify_url 格式错误';
  }
  const amount = body.amount;
  if (!isObject(amount) || !positiveFen(amount.refund) || !positiveFen(amount.total)) return 'amount.refund 与 amount.total 须为正整数（分）';
  if (amount.currency !== 'CNY') return '币种 amount.currency 只支持 CNY';
  return null;
}

/** POST /v3/refund/domestic/refunds: PROCESSING, then SUCCESS with a REFUND.SUCCESS notification. */
export function refundOrder(book: TradeBook, body: Json): ApiAnswer {
  const problem = refundProblem(body);
  if (problem) return error(400, 'PARAM_ERROR', problem);
  const trade = book.trades.get(body.out_trade_no as string);
  if (!trade) return error(404, 'RESOURCE_NOT_EXISTS', '订单不存在');
  const state = book.state(trade);
  if (state !== 'SUCCESS' && state !== 'REFUND') return error(400, 'INVALID_REQUEST', '订单未支付，不能退款');
  const amount = body.amount as Json;
  if (amount.total !== trade.totalFen) return error(400, 'PARAM_ERROR', '订单金额 amount.total 与原订单不一致');
  const existing = trade.refunds.get(body.out_refund_no as string);
  if (existing) {
    if (existing.request !== canonical(body)) return error(400, 'INVALID_REQUEST', '退款单号重复，参数与原请求不一致');
    return { status: 200, json: book.refundJson(trade, existing) };
  }
  const reserved = [...trade.refunds.values()].reduce((sum, r) => sum + r.amountFen, 0);
  if ((amount.refund as number) > trade.totalFen - reserved) return error(400, 'INVALID_REQUEST', '申请退款金额超过订单可退金额');
  return { status: 200, json: book.refundJson(trade, book.startRefund(trade, body)) };
}
