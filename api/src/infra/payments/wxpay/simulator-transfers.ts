import { randomBytes } from 'node:crypto';
import type { PaySimulatorKeys } from '../types';
import { beijingTime } from './adapter';
import { decryptSensitive } from './sign';
import type { Notifier } from './simulator-notify';
import { error, type ApiAnswer, type TradeBook } from './simulator-trades';

type Json = Record<string, unknown>;

/**
 * What the next bill of a number (or of every number: '*') meets. fail: accepted, then FAIL (ACCOUNT_NOT_EXIST)
 * a moment later with its notification; timeout: the bill is made but the first answer never comes.
 */
export type WxpayPayoutFault = 'none' | 'fail' | 'timeout';
export const WX_PAYOUT_FAULTS: readonly WxpayPayoutFault[] = ['none', 'fail', 'timeout'];

export type BillState = 'ACCEPTED' | 'WAIT_USER_CONFIRM' | 'SUCCESS' | 'FAIL' | 'CANCELLED';

export interface WxpaySimBill {
  outBillNo: string;
  transferBillNo: string;
  openid: string;
  /** The decrypted user_name, when one was sent. */
  userName?: string;
  amountFen: number;
  remark: string;
  notifyUrl: string;
  state: BillState;
  failReason?: string;
  /** What wx.requestMerchantTransfer gets; also the token of the simulator's confirmation page /transfer/<token>. */
  packageInfo: string;
  createTime: Date;
  updateTime: Date;
}

/** Bills left unconfirmed this long close (FAIL, OVERDUE_CLOSE), measured on the simulator's clock (now()). */
export const CONFIRM_WINDOW_MS = 24 * 3600_000;
/** How long a 'fail' bill stays ACCEPTED before it fails, seconds × timeScale. */
const FAIL_AFTER_S = 2;
/** user_name is required from 2000 yuan. */
const NAME_REQUIRED_FEN = 200_000;
const OUT_BILL_NO = /^[0-9A-Za-z]{5,32}$/;

function digits(n: number): string {
  return Array.from(randomBytes(n), (b) => String(b % 10)).join('');
}

/** The bills, the payee's confirmations, the faults tests set, and what has been paid out. */
export class TransferBook {
  readonly bills = new Map<string, WxpaySimBill>();
  readonly byPackage = new Map<string, WxpaySimBill>();
  private readonly faults = new Map<string, WxpayPayoutFault>();
  private readonly hanging = new Set<string>();
  paidOutFen = 0;

  constructor(
    private readonly keys: PaySimulatorKeys['wxpay'],
    private readonly trades: TradeBook,
    private readonly notifier: Notifier,
    private readonly now: () => Date,
  ) {}

  setFault(outBillNo: string, fault: WxpayPayoutFault): void {
    if (fault === 'none') this.faults.delete(outBillNo);
    else this.faults.set(outBillNo, fault);
  }

  private faultOf(outBillNo: string): WxpayPayoutFault {
    return this.faults.get(outBillNo) ?? this.faults.get('*') ?? 'none';
  }

  /** The bill as it is now: one left unconfirmed past the window has closed (and says so once, by notification). */
  bill(outBillNo: string): WxpaySimBill | undefined {
    const bill = this.bills.get(outBillNo);
    if (bill?.state === 'WAIT_USER_CONFIRM' && this.now().getTime() - bill.createTime.getTime() >= CONFIRM_WINDOW_MS) {
      this.finish(bill, 'FAIL', 'OVERDUE_CLOSE');
    }
    return bill;
  }

  /** The first thing wrong with a transfer request, in WeChat's PARAM_ERROR wording, or the decrypted user_name. */
  private problem(body: Json, serial: string | undefined): string | { userName?: string } {
    if (body.appid !== this.keys.appId) return 'appid 与商户号不匹配';
    if (typeof body.out_bill_no !== 'string' || !OUT_BILL_NO.test(body.out_bill_no)) return '商户单号 out_bill_no 须为 5-32 位数字或字母';
    if (body.transfer_scene_id !== '1000') return '转账场景 transfer_scene_id 未开通';
    if (typeof body.openid !== 'string' || body.openid === '') return 'openid 不能为空';
    if (!Number.isSafeInteger(body.transfer_amount) || (body.transfer_amount as number) < 10) return '转账金额 transfer_amount 须为不少于 10 的整数（分）';
    if (typeof body.transfer_remark !== 'string' || !body.transfer_remark || Array.from(body.transfer_remark).length > 32) {
      return '转账备注 transfer_remark 须为 1-32 个字符';
    }
    if (body.notify_url !== undefined && (typeof body.notify_url !== 'string' || !/^https?:\/\/\S+$/.test(body.notify_url))) return 'notify_url 格式错误';
    const infos = Array.isArray(body.transfer_scene_report_infos) ? (body.transfer_scene_report_infos as Json[]) : [];
    const types = new Set(infos.map((i) => i?.info_type));
    if (!types.has('活动名称') || !types.has('奖励说明')) return '现金营销场景须报备 活动名称 与 奖励说明';
    if (body.user_name === undefined) {
      return (body.transfer_amount as number) >= NAME_REQUIRED_FEN ? '转账金额达到 2000 元时 user_name 必填' : {};
    }
    if (serial !== this.keys.platformPublicKeyId) return '加密敏感信息须以 Wechatpay-Serial 指明微信支付公钥';
    try {
      return { userName: decryptSensitive(String(body.user_name), this.keys.platformPrivateKey) };
    } catch {
      return 'user_name 解密失败';
    }
  }

  /** POST /v3/fund-app/mch-transfer/transfer-bills; 'hang': the 'timeout' fault swallows this answer. */
  create(body: Json, serial: string | undefined): ApiAnswer | 'hang' {
    const checked = this.problem(body, serial);
    if (typeof checked === 'string') return error(400, 'PARAM_ERROR', checked);
    const outBillNo = body.out_bill_no as string;
    const existing = this.bill(outBillNo);
    if (existing) {
      const same = existing.openid === body.openid && existing.amountFen === body.transfer_amount && existing.userName === checked.userName;
      return same ? this.answer(existing) : error(400, 'INVALID_REQUEST', '商户单号重复，且请求参数与原单不一致');
    }
    const fault = this.faultOf(outBillNo);
    const bill = this.open(body, checked.userName, fault === 'fail' ? 'ACCEPTED' : 'WAIT_USER_CONFIRM');
    if (fault === 'fail') {
      this.notifier.later(FAIL_AFTER_S, () => {
        if (bill.state === 'ACCEPTED') this.finish(bill, 'FAIL', 'ACCOUNT_NOT_EXIST');
      });
    }
    if (fault === 'timeout') this.hanging.add(outBillNo);
    return this.answer(bill);
  }

  private open(body: Json, userName: string | undefined, state: BillState): WxpaySimBill {
    const now = this.now();
    const bill: WxpaySimBill = {
      outBillNo: body.out_bill_no as string,
      transferBillNo: `1330${digits(28)}`,
      openid: body.openid as string,
      ...(userName === undefined ? {} : { userName }),
      amountFen: body.transfer_amount as number,
      remark: body.transfer_remark as string,
      notifyUrl: typeof body.notify_url === 'string' ? body.notify_url : '',
      state,
      packageInfo: randomBytes(36).toString('base64url'),
      createTime: now,
      updateTime: now,
    };
    this.bills.set(bill.outBillNo, bill);
    this.byPackage.set(bill.packageInfo, bill);
    return bill;
  }

  private answer(bill: WxpaySimBill): ApiAnswer | 'hang' {
    if (this.hanging.delete(bill.outBillNo)) return 'hang';
    return {
      status: 200,
      json: {
        out_bill_no: bill.outBillNo,
        transfer_bill_no: bill.transferBillNo,
        create_time: beijingTime(bill.createTime),
        state: bill.state,
        ...(bill.state === 'WAIT_USER_CONFIRM' ? { package_info: bill.packageInfo } : {}),
        ...(bill.failReason ? { fail_reason: bill.failReason } : {}),
      },
    };
  }

  /** The bill as a query answers it and the notification carries it. */
  billJson(bill: WxpaySimBill): Json {
    return {
      mch_id: this.keys.mchId,
      out_bill_no: bill.outBillNo,
      transfer_bill_no: bill.transferBillNo,
      appid: this.keys.appId,
      state: bill.state,
      transfer_amount: bill.amountFen,
      transfer_remark: bill.remark,
      ...(bill.failReason ? { fail_reason: bill.failReason } : {}),
      openid: bill.openid,
      create_time: beijingTime(bill.createTime),
      update_time: beijingTime(bill.updateTime),
    };
  }

  query(outBillNo: string): ApiAnswer {
    const bill = this.bill(outBillNo);
    return bill ? { status: 200, json: this.billJson(bill) } : error(404, 'NOT_FOUND', '记录不存在');
  }

  /** POST …/cancel: only before the payee confirmed (again on a cancelled bill: the same answer). */
  cancel(outBillNo: string): ApiAnswer {
    const bill = this.bill(outBillNo);
    if (!bill) return error(404, 'NOT_FOUND', '记录不存在');
    if (bill.state === 'ACCEPTED' || bill.state === 'WAIT_USER_CONFIRM') this.finish(bill, 'CANCELLED');
    if (bill.state !== 'CANCELLED') return error(400, 'INVALID_REQUEST', '转账单当前状态不允许撤销');
    const json = { out_bill_no: bill.outBillNo, transfer_bill_no: bill.transferBillNo, state: bill.state, update_time: beijingTime(bill.updateTime) };
    return { status: 200, json };
  }

  /** The payee's 确认收款: pays a waiting bill; a Chinese message when the bill cannot be confirmed. */
  confirm(outBillNo: string): string | undefined {
    const bill = this.bill(outBillNo);
    if (!bill) return '没有这笔转账';
    if (bill.state === 'SUCCESS') return '已收款，请勿重复确认';
    if (bill.state !== 'WAIT_USER_CONFIRM') return '该笔转账已关闭或已撤销';
    this.paidOutFen += bill.amountFen;
    this.finish(bill, 'SUCCESS');
    return undefined;
  }

  /** A final state, with its MCHTRANSFER.BILL.FINISHED notification (sent on WeChat's schedule by the notifier). */
  private finish(bill: WxpaySimBill, state: 'SUCCESS' | 'FAIL' | 'CANCELLED', failReason?: string): void {
    Object.assign(bill, { state, updateTime: this.now(), ...(failReason ? { failReason } : {}) });
    if (!bill.notifyUrl) return;
    this.trades.notify(bill.outBillNo, bill.notifyUrl, 'MCHTRANSFER.BILL.FINISHED', '商家转账单据终态通知', 'mch_payment', this.billJson(bill));
  }

  snapshot(): { items: WxpaySimBill[]; paidOutFen: number } {
    const items = [...this.bills.keys()].map((no) => structuredClone(this.bill(no) as WxpaySimBill));
    return { items, paidOutFen: this.paidOutFen };
  }
}
