import { randomInt } from 'node:crypto';
import { fenToYuan, yuanToFen } from './adapter';
import { alipayTime } from './sign';
import { failed, invalid, ok, type Answer } from './sim-trades';

/**
 * What the next transfer of a number (or of every number: '*') meets. fail: the payee's account does not exist;
 * name_mismatch: the name is not the account's; dealing: the transfer stays DEALING until finishPayout;
 * timeout: the transfer is made but the first answer never comes (only a query, or a retry, finds it).
 */
export type AlipayPayoutFault = 'none' | 'fail' | 'name_mismatch' | 'dealing' | 'timeout';
export const PAYOUT_FAULTS: readonly AlipayPayoutFault[] = ['none', 'fail', 'name_mismatch', 'dealing', 'timeout'];

export interface AlipaySimPayout {
  outBizNo: string;
  orderId: string;
  payFundOrderId: string;
  amountFen: number;
  identity: string;
  name: string;
  orderTitle: string;
  status: 'SUCCESS' | 'DEALING' | 'FAIL';
  failCode?: string;
  failReason?: string;
  createdAt: Date;
  payDate?: Date;
}

/** The gateway's answer, or 'hang': send nothing (the client times out; the transfer is made anyway). */
export type PayoutAnswer = Answer | 'hang';

const NAME_MISMATCH = { code: 'PAYEE_USER_INFO_ERROR', reason: '支付宝账号和姓名不匹配，请确认姓名是否正确' };
const NOT_EXIST = { code: 'PAYEE_NOT_EXIST', reason: '收款账号不存在' };
const DEALING_FAILED = { code: 'PAYEE_ACCOUNT_STATUS_ERROR', reason: '收款方账户状态异常，转账失败' };
/** Alipay's least transfer: 0.1 yuan. */
const MIN_FEN = 10;

function digits(n: number): string {
  return Array.from({ length: n }, () => randomInt(10)).join('');
}

function text(biz: Record<string, unknown>, key: string): string {
  const v = biz[key];
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}

/** Transfers by out_biz_no, the payee book, the faults tests set, and what has been paid out. */
export class AlipayPayoutBook {
  readonly payouts = new Map<string, AlipaySimPayout>();
  /** logon id → the account's name (null: no such account). Unlisted logon ids exist under any name. */
  readonly payees = new Map<string, string | null>();
  private readonly faults = new Map<string, AlipayPayoutFault>();
  /** Numbers whose first answer is still to be swallowed (fault 'timeout'). */
  private readonly hanging = new Set<string>();
  paidOutFen = 0;

  constructor(private readonly now: () => Date) {}

  setFault(outBizNo: string, fault: AlipayPayoutFault): void {
    if (fault === 'none') this.faults.delete(outBizNo);
    else this.faults.set(outBizNo, fault);
  }

  private faultOf(outBizNo: string): AlipayPayoutFault {
    return this.faults.get(outBizNo) ?? this.faults.get('*') ?? 'none';
  }

  /** The answer of a payout method, undefined for any other method. */
  answer(method: string, biz: Record<string, unknown>): PayoutAnswer | undefined {
    if (method === 'alipay.fund.trans.uni.transfer') return this.transfer(biz);
    if (method === 'alipay.fund.trans.common.query') return this.query(biz);
    return undefined;
  }

  private refusal(biz: Record<string, unknown>): Answer | undefined {
    const payee = (biz.payee_info ?? {}) as Record<string, unknown>;
    if (!/^[0-9A-Za-z_]{1,64}$/.test(text(biz, 'out_biz_no'))) return invalid('INVALID_PARAMETER', '参数有误out_biz_no');
    if (text(biz, 'product_code') !== 'TRANS_ACCOUNT_NO_PWD') return invalid('INVALID_PARAMETER', '参数有误product_code');
    if (text(biz, 'biz_scene') !== 'DIRECT_TRANSFER') return invalid('INVALID_PARAMETER', '参数有误biz_scene');
    const fen = yuanToFen(text(biz, 'trans_amount'));
    if (fen === undefined || fen > 10_000_000_000) return invalid('INVALID_PARAMETER', '参数有误trans_amount');
    if (fen < MIN_FEN) return failed('EXCEED_LIMIT_SM_MIN_AMOUNT', '单笔最低转账金额0.1元');
    if (!text(biz, 'order_title')) return invalid('INVALID_PARAMETER', '参数有误order_title');
    if (text(payee, 'identity_type') !== 'ALIPAY_LOGON_ID' || !text(payee, 'identity')) {
      return invalid('INVALID_PARAMETER', '参数有误payee_info');
    }
    if (!text(payee, 'name')) return invalid('INVALID_PARAMETER', '收款方姓名不能为空');
    return undefined;
  }

  /** Why the payee cannot be paid (the account book and the faults), or undefined. */
  private payeeProblem(outBizNo: string, identity: string, name: string): { code: string; reason: string } | undefined {
    const fault = this.faultOf(outBizNo);
    if (fault === 'fail' || this.payees.get(identity) === null) return NOT_EXIST;
    const known = this.payees.get(identity);
    if (fault === 'name_mismatch' || (known !== undefined && known !== name)) return NAME_MISMATCH;
    return undefined;
  }

  private transfer(biz: Record<string, unknown>): PayoutAnswer {
    const refused = this.refusal(biz);
    if (refused) return refused;
    const outBizNo = text(biz, 'out_biz_no');
    const payee = biz.payee_info as Record<string, unknown>;
    const amountFen = yuanToFen(text(biz, 'trans_amount')) as number;
    const existing = this.payouts.get(outBizNo);
    if (existing) {
      // the same number again: the same transfer (Alipay is idempotent on out_biz_no), unless it asks for another one
      if (existing.amountFen !== amountFen || existing.identity !== text(payee, 'identity')) {
        return failed('PAYMENT_INFO_INCONSISTENCY', '两次请求商户单号一样，但是参数不一致');
      }
      return this.transferAnswer(existing);
    }
    const payout = this.open(outBizNo, amountFen, text(payee, 'identity'), text(payee, 'name'), text(biz, 'order_title'));
    if (this.faultOf(outBizNo) === 'timeout') this.hanging.add(outBizNo);
    return this.transferAnswer(payout);
  }

  private open(outBizNo: string, amountFen: number, identity: string, name: string, orderTitle: string): AlipaySimPayout {
    const now = this.now();
    const day = alipayTime(now).slice(0, 10).replace(/-/g, '');
    const problem = this.payeeProblem(outBizNo, identity, name);
    const dealing = !problem && this.faultOf(outBizNo) === 'dealing';
    const payout: AlipaySimPayout = {
      outBizNo,
      orderId: `${day}110070000${digits(15)}`,
      payFundOrderId: `${day}110070001${digits(15)}`,
      amountFen,
      identity,
      name,
      orderTitle,
      status: problem ? 'FAIL' : dealing ? 'DEALING' : 'SUCCESS',
      ...(problem ? { failCode: problem.code, failReason: problem.reason } : {}),
      createdAt: now,
    };
    this.payouts.set(outBizNo, payout);
    if (payout.status === 'SUCCESS') this.pay(payout);
    return payout;
  }

  private pay(payout: AlipaySimPayout): void {
    payout.status = 'SUCCESS';
    payout.payDate = this.now();
    this.paidOutFen += payout.amountFen;
  }

  private transferAnswer(p: AlipaySimPayout): PayoutAnswer {
    if (this.hanging.delete(p.outBizNo)) return 'hang';
    // a refused transfer answers its refusal again, as Alipay does for the same out_biz_no
    if (p.status === 'FAIL') return failed(p.failCode ?? NOT_EXIST.code, p.failReason ?? NOT_EXIST.reason);
    return ok({
      out_biz_no: p.outBizNo,
      order_id: p.orderId,
      pay_fund_order_id: p.payFundOrderId,
      status: p.status,
      trans_date: alipayTime(p.payDate ?? p.createdAt),
    });
  }

  private query(biz: Record<string, unknown>): Answer {
    const p = this.payouts.get(text(biz, 'out_biz_no'));
    if (!p) return failed('ORDER_NOT_EXIST', '转账订单不存在');
    return ok({
      order_id: p.orderId,
      pay_fund_order_id: p.payFundOrderId,
      out_biz_no: p.outBizNo,
      trans_amount: fenToYuan(p.amountFen),
      status: p.status,
      ...(p.payDate ? { pay_date: alipayTime(p.payDate) } : {}),
      arrival_time_end: alipayTime(p.payDate ?? p.createdAt),
      order_fee: '0.00',
      ...(p.failReason ? { fail_reason: p.failReason, error_code: p.failCode ?? '' } : {}),
    });
  }

  /** Ends a DEALING transfer; a Chinese message when there is none to end. */
  finish(outBizNo: string, result: 'success' | 'fail'): string | undefined {
    const p = this.payouts.get(outBizNo);
    if (!p) return '转账订单不存在';
    if (p.status !== 'DEALING') return `转账已结束（${p.status}）`;
    if (result === 'success') this.pay(p);
    else Object.assign(p, { status: 'FAIL', failCode: DEALING_FAILED.code, failReason: DEALING_FAILED.reason });
    return undefined;
  }

  snapshot(): { items: AlipaySimPayout[]; paidOutFen: number } {
    return { items: [...this.payouts.values()].map((p) => structuredClone(p)), paidOutFen: this.paidOutFen };
  }
}

/** The /_sim/ payout controls (JSON bodies); undefined when the path is not one of them. */
export function payoutControl(book: AlipayPayoutBook, method: string, path: string, body: string): { status: number; json: unknown } | undefined {
  if (method === 'GET' && path === '/_sim/payouts') return { status: 200, json: book.snapshot() };
  const finish = /^\/_sim\/payout-finish\/([0-9A-Za-z_]{1,64})$/.exec(path);
  if (method !== 'POST' || (!finish && path !== '/_sim/payout-fault')) return undefined;
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(body || '{}') as Record<string, unknown>;
  } catch {
    return { status: 400, json: { error: '请求体不是 JSON' } };
  }
  if (finish) {
    if (json.result !== 'success' && json.result !== 'fail') return { status: 400, json: { error: '需要 result（success/fail）' } };
    const error = book.finish(finish[1], json.result);
    return error ? { status: 409, json: { error } } : { status: 200, json: { ok: true } };
  }
  const fault = json.fault as AlipayPayoutFault;
  if (typeof json.out_biz_no !== 'string' || !PAYOUT_FAULTS.includes(fault)) {
    return { status: 400, json: { error: '需要 out_biz_no（或 *）和 fault（none/fail/name_mismatch/dealing/timeout）' } };
  }
  book.setFault(json.out_biz_no, fault);
  return { status: 200, json: { ok: true } };
}
