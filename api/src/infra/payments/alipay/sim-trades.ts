import { randomBytes, randomInt, type KeyObject } from 'node:crypto';
import { fenToYuan, yuanToFen } from './adapter';
import { alipayTime, parseAlipayTime, signText, verifyParams } from './sign';
import type { SimNotifier } from './sim-notify';

export type SimTradeStatus = 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';

/** What the simulator knows of a trade (a snapshot is handed to tests). */
export interface AlipaySimTrade {
  outTradeNo: string;
  tradeNo: string;
  token: string;
  method: string;
  amountFen: number;
  subject: string;
  status: SimTradeStatus;
  /** Alipay knows a precreate / page trade only once the payer scanned the code or opened the cashier. */
  scanned: boolean;
  notifyUrl?: string;
  returnUrl?: string;
  expireAt?: Date;
  createdAt: Date;
  paidAt?: Date;
  refundedFen: number;
  refunds: Record<string, number>;
  buyerId: string;
  buyerLogonId: string;
}

export interface SimContext {
  appId: string;
  sellerId: string;
  appPublicKey: KeyObject;
  alipayPrivateKey: KeyObject;
  now: () => Date;
  notifier: SimNotifier;
  /** The simulator's base URL (qr_code links). */
  url: () => string;
}

/** A gateway answer's member: code 10000 with fields, or a refusal with code/msg/sub_code/sub_msg. */
export type Answer = Record<string, string>;

const TIMESTAMP_SKEW_MS = 15 * 60_000;

export const ok = (fields: Record<string, string> = {}): Answer => ({ code: '10000', msg: 'Success', ...fields });
export const invalid = (subCode: string, subMsg: string): Answer =>
  ({ code: '40002', msg: 'Invalid Arguments', sub_code: subCode, sub_msg: subMsg });
export const failed = (subCode: string, subMsg: string): Answer =>
  ({ code: '40004', msg: 'Business Failed', sub_code: subCode, sub_msg: subMsg });

/** `{"<member>":{...},"sign":"..."}` signed over the member's exact text; '/' escaped as Alipay's gateway does. */
export function signedAnswerText(member: string, answer: Answer, key: KeyObject): string {
  const raw = JSON.stringify(answer).replace(/\//g, '\\/');
  return `{"${member}":${raw},"sign":"${signText(raw, key)}"}`;
}

/** The public-parameter checks of every gateway request, as Alipay makes them; undefined when they pass. */
export function checkRequest(p: Record<string, string>, ctx: SimContext): Answer | undefined {
  if (p.app_id !== ctx.appId) return invalid('isv.invalid-app-id', '无效的AppID参数');
  if (p.sign_type !== 'RSA2') return invalid('isv.invalid-signature-type', '无效的签名类型');
  if (!verifyParams(p, ctx.appPublicKey)) {
    return invalid('isv.invalid-signature', '验签出错，建议检查签名字符串或签名私钥与应用公钥是否匹配');
  }
  const stamp = parseAlipayTime(p.timestamp);
  if (!stamp || Math.abs(stamp.getTime() - ctx.now().getTime()) > TIMESTAMP_SKEW_MS) {
    return invalid('isv.invalid-timestamp', '非法的时间戳参数');
  }
  if (p.charset && p.charset.toLowerCase() !== 'utf-8') return invalid('isv.invalid-charset', '字符集错误');
  return undefined;
}

function chinaDigits(date: Date): string {
  return alipayTime(date).slice(0, 10).replace(/-/g, '');
}

function digits(n: number): string {
  return Array.from({ length: n }, () => randomInt(10)).join('');
}

/** 2026112422001412345678901234: the day, '22001', then digits, 28 in all, like Alipay's trade numbers. */
export function newTradeNo(now: Date): string {
  return `${chinaDigits(now)}22001${digits(15)}`;
}

export function newNotifyId(now: Date): string {
  return `${chinaDigits(now)}00222${digits(21)}`;
}

/** A trade's state now: an unpaid trade past its time_expire is closed, as Alipay closes it. */
export function refresh(trade: AlipaySimTrade, now: Date): AlipaySimTrade {
  if (trade.status === 'WAIT_BUYER_PAY' && trade.expireAt && now.getTime() >= trade.expireAt.getTime()) {
    trade.status = 'TRADE_CLOSED';
  }
  return trade;
}

export function isTrade(x: AlipaySimTrade | Answer): x is AlipaySimTrade {
  return typeof (x as AlipaySimTrade).amountFen === 'number';
}

export interface TradeInput {
  method: string;
  biz: Record<string, unknown>;
  notifyUrl?: string;
  returnUrl?: string;
}

function bizString(biz: Record<string, unknown>, key: string): string {
  const v = biz[key];
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}

/**
 * The trade of a precreate / page.pay / wap.pay request: a new one, or the same one again when out_trade_no and
 * amount match (Alipay is idempotent on those); a refusal otherwise.
 */
export function openTrade(trades: Map<string, AlipaySimTrade>, input: TradeInput, ctx: SimContext): AlipaySimTrade | Answer {
  const outTradeNo = bizString(input.biz, 'out_trade_no');
  const amountFen = yuanToFen(bizString(input.biz, 'total_amount'));
  const subject = bizString(input.biz, 'subject');
  const timeExpire = bizString(input.biz, 'time_expire');
  const expireAt = timeExpire ? parseAlipayTime(timeExpire) : undefined;
  if (!/^[0-9A-Za-z_-]{1,64}$/.test(outTradeNo)) return invalid('isv.invalid-parameter', '参数有误out_trade_no');
  if (amountFen === undefined || amountFen < 1 || amountFen > 10_000_000_000) {
    return invalid('isv.invalid-parameter', '参数有误total_amount');
  }
  if (!subject || subject.length > 256) return invalid('isv.invalid-parameter', '参数有误subject');
  if (timeExpire && !expireAt) return invalid('isv.invalid-parameter', '参数有误time_expire');
  const existing = trades.get(outTradeNo);
  if (existing) {
    refresh(existing, ctx.now());
    if (existing.amountFen !== amountFen) return failed('ACQ.CONTEXT_INCONSISTENT', '交易信息被篡改');
    if (existing.status === 'TRADE_SUCCESS') return failed('ACQ.TRADE_HAS_SUCCESS', '交易已被支付');
    if (existing.status === 'TRADE_CLOSED') return failed('ACQ.TRADE_HAS_CLOSE', '交易已经关闭');
    Object.assign(existing, { notifyUrl: input.notifyUrl ?? existing.notifyUrl, returnUrl: input.returnUrl ?? existing.returnUrl });
    return existing;
  }
  const now = ctx.now();
  const trade: AlipaySimTrade = {
    outTradeNo,
    tradeNo: newTradeNo(now),
    token: randomBytes(12).toString('hex'),
    method: input.method,
    amountFen,
    subject,
    status: 'WAIT_BUYER_PAY',
    scanned: false,
    notifyUrl: input.notifyUrl,
    returnUrl: input.returnUrl,
    expireAt,
    createdAt: now,
    refundedFen: 0,
    refunds: {},
    buyerId: `2088${digits(12)}`,
    buyerLogonId: `${digits(3)}****${digits(4)}`,
  };
  trades.set(outTradeNo, trade);
  return trade;
}

/** The fields every trade_status_sync notification of the trade carries (unsigned; notify_time set at send). */
export function notificationFields(trade: AlipaySimTrade, ctx: SimContext): Record<string, string> {
  const amount = fenToYuan(trade.amountFen);
  const now = ctx.now();
  return {
    notify_type: 'trade_status_sync',
    notify_id: newNotifyId(now),
    app_id: ctx.appId,
    auth_app_id: ctx.appId,
    charset: 'utf-8',
    version: '1.0',
    sign_type: 'RSA2',
    trade_no: trade.tradeNo,
    out_trade_no: trade.outTradeNo,
    seller_id: ctx.sellerId,
    seller_email: 'merchant***@example.com',
    buyer_id: trade.buyerId,
    buyer_logon_id: trade.buyerLogonId,
    total_amount: amount,
    receipt_amount: amount,
    invoice_amount: amount,
    buyer_pay_amount: amount,
    point_amount: '0.00',
    trade_status: trade.status,
    gmt_create: alipayTime(trade.createdAt),
    ...(trade.paidAt ? { gmt_payment: alipayTime(trade.paidAt) } : {}),
    subject: trade.subject,
    fund_bill_list: JSON.stringify([{ amount, fundChannel: 'ALIPAYACCOUNT' }]),
  };
}
