import { ProviderError, type HttpTransport } from '../../providers/http-transport';
import type { PayoutProvider, PayoutRequest, PayoutStatus, WxpayCredentials } from '../types';
import { v3Client, WxpayApiError, type Client } from './adapter';
import { parseWxpayPayoutNotification } from './notification';
import { encryptSensitive, wechatpayKeys } from './sign';

type Json = Record<string, unknown>;

export const TRANSFER_PATH = '/v3/fund-app/mch-transfer/transfer-bills';
/** 现金营销: the scene our withdrawals are reported under, with the two report lines it requires. */
export const TRANSFER_SCENE_ID = '1000';
export const SCENE_REPORT_INFOS = [
  { info_type: '活动名称', info_content: '文档收益提现' },
  { info_type: '奖励说明', info_content: '文档收益' },
];

/** WeChat's fail_reason codes in the words its merchant platform uses; unlisted ones fall back to a general text. */
export const FAIL_REASONS: Record<string, string> = {
  ACCOUNT_FROZEN: '该用户账户被冻结',
  REAL_NAME_CHECK_FAIL: '收款人未实名认证',
  NAME_NOT_CORRECT: '收款人姓名校验不通过，请核实信息',
  OPENID_INVALID: 'openid 校验失败',
  TRANSFER_QUOTA_EXCEED: '超过用户单笔收款额度',
  DAY_RECEIVED_QUOTA_EXCEED: '超过用户单日收款额度',
  MONTH_RECEIVED_QUOTA_EXCEED: '超过用户单月收款额度',
  DAY_RECEIVED_COUNT_EXCEED: '超过用户单日收款次数',
  ID_CARD_NOT_CORRECT: '收款人身份证校验不通过',
  ACCOUNT_NOT_EXIST: '该用户账户不存在',
  TRANSFER_RISK: '该笔转账可能存在风险，已被微信拦截',
  PAYEE_ACCOUNT_ABNORMAL: '用户账户收款异常',
  PAYER_ACCOUNT_ABNORMAL: '商户账户付款受限',
  RECEIVE_ACCOUNT_NOT_PERMMIT: '用户未开通收款权限',
  OVERDUE_CLOSE: '用户超过 24 小时未确认收款，转账已关闭',
  MERCHANT_REJECT: '商户员工转账验密拒绝',
  MERCHANT_NOT_CONFIRM: '商户员工未在规定时间内确认',
  BLOCK_B2C_USERLIMITAMOUNT_MONTH: '用户账户存在风险收款受限，本月不支持继续向该用户付款',
};

/** Refusals of the transfer call that are final (no bill, none will be made under this number). */
const FINAL_REFUSALS = new Set(['PARAM_ERROR', 'NO_AUTH', 'NOT_ENOUGH']);

function date(value: unknown): Date | undefined {
  return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? new Date(value) : undefined;
}

/** A bill (the transfer's answer, a query's, a notification's plaintext) as a PayoutStatus. */
export function billStatus(bill: Json): PayoutStatus {
  const base: PayoutStatus = { state: 'processing' };
  if (typeof bill.transfer_bill_no === 'string' && bill.transfer_bill_no) base.providerId = bill.transfer_bill_no;
  if (Number.isSafeInteger(bill.transfer_amount)) base.amountFen = bill.transfer_amount as number;
  const state = String(bill.state);
  switch (state) {
    case 'ACCEPTED':
    case 'PROCESSING':
    case 'TRANSFERING':
      return base;
    case 'WAIT_USER_CONFIRM':
      return { ...base, state: 'wait_user_confirm', ...(typeof bill.package_info === 'string' ? { packageInfo: bill.package_info } : {}) };
    case 'SUCCESS':
      return { ...base, state: 'success', finishedAt: date(bill.update_time) ?? date(bill.create_time) };
    case 'FAIL': {
      const code = String(bill.fail_reason ?? '');
      return { ...base, state: 'failed', failReason: FAIL_REASONS[code] ?? `转账失败（${code || '未知原因'}）`, finishedAt: date(bill.update_time) };
    }
    case 'CANCELING':
    case 'CANCELLED':
      return { ...base, state: 'failed', failReason: '已撤销', finishedAt: date(bill.update_time) };
    default:
      throw new ProviderError('wxpay', `unknown transfer bill state ${state.slice(0, 32)}`);
  }
}

const billPath = (outBizNo: string) => `${TRANSFER_PATH}/out-bill-no/${encodeURIComponent(outBizNo)}`;

function transferBody(creds: WxpayCredentials, r: PayoutRequest): Json {
  return {
    appid: creds.appId,
    out_bill_no: r.outBizNo,
    transfer_scene_id: TRANSFER_SCENE_ID,
    openid: r.payee,
    // the real name travels encrypted with WeChat Pay's public key (needed from 2000 yuan, checked when given)
    ...(r.realName ? { user_name: encryptSensitive(r.realName, creds.platformPublicKey) } : {}),
    transfer_amount: r.amountFen,
    transfer_remark: Array.from(r.remark.trim() || '提现').slice(0, 32).join(''),
    notify_url: r.notifyUrl,
    transfer_scene_report_infos: SCENE_REPORT_INFOS,
  };
}

async function transfer(creds: WxpayCredentials, client: Client, r: PayoutRequest): Promise<PayoutStatus> {
  const headers: Record<string, string> = r.realName ? { 'Wechatpay-Serial': creds.platformPublicKeyId } : {};
  try {
    const { json } = await client.call('POST', TRANSFER_PATH, transferBody(creds, r), headers);
    return billStatus(json);
  } catch (error) {
    if (error instanceof WxpayApiError && FINAL_REFUSALS.has(error.code)) {
      return { state: 'failed', failReason: error.wxMessage || '转账请求被拒绝' };
    }
    // a timeout, a 5xx, SYSTEM_ERROR, FREQUENCY_LIMITED: unknown outcome, the caller queries with the same number
    throw error;
  }
}

async function query(client: Client, outBizNo: string): Promise<PayoutStatus> {
  try {
    const { json } = await client.call('GET', billPath(outBizNo));
    return billStatus(json);
  } catch (error) {
    if (error instanceof WxpayApiError && error.code === 'NOT_FOUND') return { state: 'unknown' };
    throw error;
  }
}

/** Cancels a bill the payee has not confirmed; a bill past that point answers with what it is now. */
async function cancel(client: Client, outBizNo: string): Promise<PayoutStatus> {
  try {
    const { json } = await client.call('POST', `${billPath(outBizNo)}/cancel`);
    return billStatus(json);
  } catch (error) {
    if (error instanceof WxpayApiError && error.code === 'NOT_FOUND') return { state: 'unknown' };
    if (error instanceof WxpayApiError && error.code === 'INVALID_REQUEST') return query(client, outBizNo);
    throw error;
  }
}

/**
 * WeChat Pay merchant transfers (商家转账, the bill API of 2025): a bill waits for the payee to confirm in WeChat
 * (package_info for wx.requestMerchantTransfer), then pays; MCHTRANSFER.BILL.FINISHED tells the end. WeChat is
 * idempotent on out_bill_no: a retry with the same number answers the same bill.
 */
export function wxpayPayouts(creds: WxpayCredentials, transport: HttpTransport, now: () => Date): PayoutProvider {
  const keys = wechatpayKeys({
    publicKey: creds.platformPublicKey,
    publicKeyId: creds.platformPublicKeyId,
    certificates: creds.platformCertificates,
  });
  const client = v3Client(creds, transport, keys, now);
  return {
    method: 'wxpay',
    transfer: (r) => transfer(creds, client, r),
    query: (outBizNo) => query(client, outBizNo),
    cancel: (outBizNo) => cancel(client, outBizNo),
    verifyPayoutNotification: (n) => parseWxpayPayoutNotification(n, creds, keys, now(), billStatus),
  };
}
