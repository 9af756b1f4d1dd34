import { randomBytes, randomUUID } from 'node:crypto';
import type { PaySimulatorKeys } from '../types';
import { beijingTime } from './adapter';
import { aeadEncrypt, randomNonce, wechatpaySignatureHeaders } from './sign';
import type { Notifier } from './simulator-notify';

type Keys = PaySimulatorKeys['wxpay'];
type Json = Record<string, unknown>;
export type Channel = 'native' | 'h5' | 'jsapi' | 'app';

/** What one API call answers: the status and the JSON body (none for 204). */
export interface ApiAnswer {
  status: number;
  json?: Json;
}

export const TRADE_TYPES: Record<Channel, string> = { native: 'NATIVE', h5: 'MWEB', jsapi: 'JSAPI', app: 'APP' };
/** How long a refund stays PROCESSING before it succeeds, seconds × timeScale. */
const REFUND_SECONDS = 10;

export interface SimRefund {
  outRefundNo: string;
  refundId: string;
  request: string;
  amountFen: number;
  notifyUrl: string;
  status: 'PROCESSING' | 'SUCCESS';
  createTime: Date;
  successTime?: Date;
}

export interface SimTrade {
  outTradeNo: string;
  channel: Channel;
  request: string;
  description: string;
  totalFen: number;
  notifyUrl: string;
  expireAt: Date;
  prepayId: string;
  token: string;
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND';
  openid: string;
  transactionId?: string;
  successTime?: Date;
  refunds: Map<string, SimRefund>;
}

export function error(status: number, code: string, message: string): ApiAnswer {
  return { status, json: { code, message } };
}

/** JSON with sorted keys: two requests with the same parameters compare equal. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const o = value as Json;
    return `{${Object.keys(o).sort().map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function digits(n: number): string {
  return Array.from(randomBytes(n), (b) => String(b % 10)).join('');
}

/** The trades, their payments and refunds, and the notifications they cause. */
export class TradeBook {
  readonly trades = new Map<string, SimTrade>();
  readonly byToken = new Map<string, SimTrade>();
  readonly byPrepay = new Map<string, SimTrade>();
  receivedFen = 0;
  refundedFen = 0;
  paidTrades = 0;

  constructor(
    readonly keys: Keys,
    private readonly notifier: Notifier,
    readonly now: () => Date,
    private readonly log: (line: string) => void,
  ) {}

  /** The trade's state now: an unpaid trade past its time_expire is closed. */
  state(trade: SimTrade): SimTrade['state'] {
    if (trade.state === 'NOTPAY' && this.now().getTime() > trade.expireAt.getTime()) trade.state = 'CLOSED';
    return trade.state;
  }

  add(channel: Channel, body: Json, openid: string | undefined): SimTrade {
    const amount = body.amount as Json;
    const trade: SimTrade = {
      outTradeNo: body.out_trade_no as string,
      channel,
      request: canonical(body),
      description: body.description as string,
      totalFen: amount.total as number,
      notifyUrl: body.notify_url as string,
      expireAt: typeof body.time_expire === 'string' ? new Date(body.time_expire) : new Date(this.now().getTime() + 2 * 3600_000),
      prepayId: `wx${beijingTime(this.now()).replace(/\D/g, '').slice(0, 14)}${randomBytes(10).toString('hex')}`,
      token: randomBytes(16).toString('base64url'),
      state: 'NOTPAY',
      openid: openid ?? `o${randomNonce(27)}`,
      refunds: new Map(),
    };
    this.trades.set(trade.outTradeNo, trade);
    this.byToken.set(trade.token, trade);
    this.byPrepay.set(trade.prepayId, trade);
    return trade;
  }

  /** The cashier's confirm: pays an open trade (again: nothing), refuses a closed or expired one. */
  pay(outTradeNo: string): void {
    const trade = this.trades.get(outTradeNo);
    if (!trade) throw new Error('没有这笔订单');
    const state = this.state(trade);
    if (state === 'SUCCESS' || state === 'REFUND') return;
    if (state === 'CLOSED') throw new Error('订单已关闭或已过期，不能支付');
    trade.state = 'SUCCESS';
    trade.transactionId = `4200${digits(24)}`;
    trade.successTime = this.now();
    this.receivedFen += trade.totalFen;
    this.paidTrades += 1;
    this.log(`wxpay-sim: ${outTradeNo} paid ${trade.totalFen} fen`);
    this.notify(trade.outTradeNo, trade.notifyUrl, 'TRANSACTION.SUCCESS', '支付成功', 'transaction', this.transaction(trade));
  }

  /** The transaction object: query answers and the payment notification's plaintext. */
  transaction(trade: SimTrade): Json {
    const state = this.state(trade);
    const paid = state === 'SUCCESS' || state === 'REFUND';
    const descriptions = { NOTPAY: '订单未支付', SUCCESS: '支付成功', CLOSED: '订单已关闭', REFUND: '订单发生过退款' };
    return {
      appid: this.keys.appId,
      mchid: this.keys.mchId,
      out_trade_no: trade.outTradeNo,
      ...(paid ? { transaction_id: trade.transactionId, bank_type: 'OTHERS', success_time: beijingTime(trade.successTime as Date) } : {}),
      trade_type: TRADE_TYPES[trade.channel],
      trade_state: state,
      trade_state_desc: descriptions[state],
      attach: '',
      ...(paid ? { payer: { openid: trade.openid } } : {}),
      amount: paid
        ? { total: trade.totalFen, payer_total: trade.totalFen, currency: 'CNY', payer_currency: 'CNY' }
        : { total: trade.totalFen, currency: 'CNY', payer_currency: 'CNY' },
    };
  }

  /** Encrypts `plain` into a v3 notification and hands it to the notifier (fresh signature on each attempt). */
  notify(outTradeNo: string, url: string, eventType: string, summary: string, originalType: string, plain: Json): void {
    const nonce = randomNonce(12);
    const body = JSON.stringify({
      id: randomUUID(),
      create_time: beijingTime(this.now()),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary,
      resource: {
        original_type: originalType,
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: aeadEncrypt(this.keys.apiV3Key, JSON.stringify(plain), nonce, originalType),
        associated_data: originalType,
        nonce,
      },
    });
    const headers = () => wechatpaySignatureHeaders(this.keys.platformPrivateKey, this.keys.platformPublicKeyId, body, this.now());
    this.notifier.send({ outTradeNo, url, body, headers });
  }

  refundJson(trade: SimTrade, refund: SimRefund): Json {
    return {
      refund_id: refund.refundId,
      out_refund_no: refund.outRefundNo,
      transaction_id: trade.transactionId,
      out_trade_no: trade.outTradeNo,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      ...(refund.successTime ? { success_time: beijingTime(refund.successTime) } : {}),
      create_time: beijingTime(refund.createTime),
      status: refund.status,
      funds_account: 'AVAILABLE',
      amount: {
        total: trade.totalFen,
        refund: refund.amountFen,
        payer_total: trade.totalFen,
        payer_refund: refund.amountFen,
        settlement_refund: refund.amountFen,
        settlement_total: trade.totalFen,
        discount_refund: 0,
        currency: 'CNY',
        refund_fee: 0,
      },
    };
  }

  /** Records a new refund (PROCESSING) and finishes it later with its notification. */
  startRefund(trade: SimTrade, body: Json): SimRefund {
    const amount = body.amount as Json;
    const refund: SimRefund = {
      outRefundNo: body.out_refund_no as string,
      refundId: `50${digits(30)}`,
      request: canonical(body),
      amountFen: amount.refund as number,
      notifyUrl: typeof body.notify_url === 'string' ? body.notify_url : '',
      status: 'PROCESSING',
      createTime: this.now(),
    };
    trade.refunds.set(refund.outRefundNo, refund);
    this.notifier.later(REFUND_SECONDS, () => this.finishRefund(trade, refund));
    return refund;
  }

  private finishRefund(trade: SimTrade, refund: SimRefund): void {
    refund.status = 'SUCCESS';
    refund.successTime = this.now();
    trade.state = 'REFUND';
    this.refundedFen += refund.amountFen;
    if (!refund.notifyUrl) return;
    const plain = {
      mchid: this.keys.mchId,
      out_trade_no: trade.outTradeNo,
      transaction_id: trade.transactionId,
      out_refund_no: refund.outRefundNo,
      refund_id: refund.refundId,
      refund_status: 'SUCCESS',
      success_time: beijingTime(refund.successTime),
      user_received_account: '支付用户零钱',
      amount: { total: trade.totalFen, refund: refund.amountFen, payer_total: trade.totalFen, payer_refund: refund.amountFen },
    };
    this.notify(trade.outTradeNo, refund.notifyUrl, 'REFUND.SUCCESS', '退款成功', 'refund', plain);
  }
}
