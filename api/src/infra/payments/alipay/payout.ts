import type { HttpTransport } from '../../providers/http-transport';
import type { AlipayCredentials, PayoutProvider, PayoutRequest, PayoutStatus } from '../types';
import { fenToYuan, gatewayClient, str, yuanToFen, type GatewayClient } from './adapter';
import { parseAlipayTime, type GatewayAnswer } from './sign';

export const TRANSFER_METHOD = 'alipay.fund.trans.uni.transfer';
export const TRANSFER_QUERY_METHOD = 'alipay.fund.trans.common.query';
export const PRODUCT_CODE = 'TRANS_ACCOUNT_NO_PWD';
export const BIZ_SCENE = 'DIRECT_TRANSFER';

/**
 * Refusals of uni.transfer that are final: no money moved and none will under this number, so the withdrawal
 * fails with Alipay's Chinese sub_msg. Anything else (SYSTEM_ERROR, PAYMENT_INFO_INCONSISTENCY, an unsigned
 * error…) is thrown as AlipayError: the outcome is unknown and the caller queries with the same number.
 */
export const FINAL_TRANSFER_FAILURES = [
  'PAYEE_NOT_EXIST',
  'PAYEE_USER_INFO_ERROR',
  'PAYEE_ACCOUNT_STATUS_ERROR',
  'PAYEE_ACC_OCUPIED',
  'PAYEE_NOT_RELNAME_CERTIFY',
  'PAYEE_CERT_INFO_ERROR',
  'PERMIT_CHECK_PERM_IDENTITY_THEFT',
  'BALANCE_IS_NOT_ENOUGH',
  'PAYER_BALANCE_NOT_ENOUGH',
  'PAYER_STATUS_ERROR',
  'PAYCARD_UNABLE_PAYMENT',
  'EXCEED_LIMIT_SM_AMOUNT',
  'EXCEED_LIMIT_DM_AMOUNT',
  'EXCEED_LIMIT_SM_MIN_AMOUNT',
  // a request Alipay refused as malformed made no transfer either
  'INVALID_PARAMETER',
];

const title = (text: string) => Array.from(text.trim() || '提现').slice(0, 32).join('');

function transferBiz(r: PayoutRequest): Record<string, unknown> {
  return {
    out_biz_no: r.outBizNo,
    trans_amount: fenToYuan(r.amountFen),
    product_code: PRODUCT_CODE,
    biz_scene: BIZ_SCENE,
    order_title: title(r.remark),
    // ALIPAY_LOGON_ID needs the real name; Alipay checks the pair and refuses a mismatch (PAYEE_USER_INFO_ERROR)
    payee_info: { identity: r.payee, identity_type: 'ALIPAY_LOGON_ID', ...(r.realName ? { name: r.realName } : {}) },
    remark: title(r.remark),
  };
}

/** A signed answer's status (uni.transfer and common.query share SUCCESS / DEALING / FAIL / REFUND). */
function statusOf(answer: GatewayAnswer, dateField: string): PayoutStatus {
  const providerId = str(answer.pay_fund_order_id) || str(answer.order_id) || undefined;
  const amountFen = yuanToFen(str(answer.trans_amount));
  const base: PayoutStatus = { state: 'processing', ...(providerId ? { providerId } : {}), ...(amountFen === undefined ? {} : { amountFen }) };
  switch (str(answer.status)) {
    case 'SUCCESS':
      return { ...base, state: 'success', finishedAt: parseAlipayTime(str(answer[dateField])) };
    case 'FAIL':
      return { ...base, state: 'failed', failReason: str(answer.fail_reason) || str(answer.sub_msg) || '转账失败' };
    case 'REFUND':
      // paid, then returned by the payee's side (退票): for the withdrawal a failure
      return { ...base, state: 'failed', failReason: str(answer.fail_reason) || '转账已退票' };
    case 'CLOSED':
      return { ...base, state: 'failed', failReason: str(answer.fail_reason) || '转账已关闭' };
    default:
      // DEALING, WAIT_PAY, INIT: Alipay is still on it
      return base;
  }
}

async function transfer(client: GatewayClient, r: PayoutRequest): Promise<PayoutStatus> {
  // Alipay refuses a logon id without the name; saying so here keeps it from looking like an unknown outcome
  if (!r.realName?.trim()) return { state: 'failed', failReason: '支付宝提现需要收款人的真实姓名' };
  const answer = await client.success(TRANSFER_METHOD, transferBiz(r), undefined, FINAL_TRANSFER_FAILURES);
  if (str(answer.code) !== '10000') {
    return { state: 'failed', failReason: str(answer.sub_msg) || str(answer.msg) || '转账失败' };
  }
  return statusOf(answer, 'trans_date');
}

async function query(client: GatewayClient, outBizNo: string): Promise<PayoutStatus> {
  const biz = { out_biz_no: outBizNo, product_code: PRODUCT_CODE, biz_scene: BIZ_SCENE };
  const answer = await client.success(TRANSFER_QUERY_METHOD, biz, undefined, ['ORDER_NOT_EXIST']);
  if (str(answer.code) !== '10000') return { state: 'unknown' };
  return statusOf(answer, 'pay_date');
}

/**
 * Alipay payouts: uni.transfer to an Alipay account (logon id + real name), no password, direct transfer.
 * Alipay is idempotent on out_biz_no, so a retry after a timeout with the same number answers the same transfer.
 */
export function alipayPayouts(creds: AlipayCredentials, transport: HttpTransport, now: () => Date): PayoutProvider {
  const client = gatewayClient(creds, transport, now);
  return {
    method: 'alipay',
    transfer: (r) => transfer(client, r),
    query: (outBizNo) => query(client, outBizNo),
    // an Alipay transfer cannot be cancelled
    cancel: async () => ({ state: 'unknown' }),
  };
}
