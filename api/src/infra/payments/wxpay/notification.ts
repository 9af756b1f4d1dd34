import {
  NotificationRejected,
  type PayoutStatus,
  type RawNotification,
  type VerifiedNotification,
  type VerifiedPayoutNotification,
  type WxpayCredentials,
} from '../types';
import { AEAD_ALGORITHM, aeadDecrypt, wechatpaySignatureProblem, type WechatpayKeys } from './sign';

type Json = Record<string, unknown>;

function object(value: unknown, what: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new NotificationRejected(`${what} is not an object`);
  return value as Json;
}

function text(json: Json, name: string): string {
  const value = json[name];
  if (typeof value !== 'string' || value === '') throw new NotificationRejected(`${name} missing`);
  return value;
}

function fen(json: Json, name: string): number {
  const value = json[name];
  if (!Number.isSafeInteger(value) || (value as number) < 0) throw new NotificationRejected(`amount.${name} is not a fen integer`);
  return value as number;
}

function parseJson(raw: string, what: string): Json {
  try {
    return object(JSON.parse(raw), what);
  } catch (error) {
    if (error instanceof NotificationRejected) throw error;
    throw new NotificationRejected(`${what} is not JSON`);
  }
}

/** The decrypted plaintext of `resource`, after checking the algorithm and the original type. */
function decryptResource(envelope: Json, apiV3Key: string, originalType: string): Json {
  if (envelope.resource_type !== 'encrypt-resource') throw new NotificationRejected('resource_type is not encrypt-resource');
  const resource = object(envelope.resource, 'resource');
  if (resource.algorithm !== AEAD_ALGORITHM) throw new NotificationRejected(`algorithm ${String(resource.algorithm).slice(0, 32)} not supported`);
  if (resource.original_type !== originalType) throw new NotificationRejected(`original_type is not ${originalType}`);
  let plaintext: string;
  try {
    plaintext = aeadDecrypt(apiV3Key, text(resource, 'ciphertext'), text(resource, 'nonce'), String(resource.associated_data ?? ''));
  } catch (error) {
    if (error instanceof NotificationRejected) throw error;
    throw new NotificationRejected('resource does not decrypt (key, nonce, associated_data or tag)');
  }
  return parseJson(plaintext, 'plaintext');
}

function date(value: unknown): Date | undefined {
  return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? new Date(value) : undefined;
}

function payment(notifyId: string, plain: Json, creds: WxpayCredentials): VerifiedNotification {
  if (plain.appid !== creds.appId) throw new NotificationRejected('appid is not ours');
  if (plain.mchid !== creds.mchId) throw new NotificationRejected('mchid is not ours');
  const amount = object(plain.amount, 'amount');
  const tradeState = text(plain, 'trade_state');
  const paidAt = date(plain.success_time);
  if (tradeState === 'SUCCESS' && !paidAt) throw new NotificationRejected('success_time missing');
  return {
    type: 'payment',
    notifyId,
    outTradeNo: text(plain, 'out_trade_no'),
    tradeNo: text(plain, 'transaction_id'),
    state: tradeState === 'SUCCESS' ? 'paid' : tradeState === 'CLOSED' ? 'closed' : 'other',
    amountFen: fen(amount, 'total'),
    currency: text(amount, 'currency'),
    ...(paidAt ? { paidAt } : {}),
  };
}

function refund(notifyId: string, eventType: string, plain: Json, creds: WxpayCredentials): VerifiedNotification {
  if (plain.mchid !== creds.mchId) throw new NotificationRejected('mchid is not ours');
  const status = text(plain, 'refund_status');
  if (`REFUND.${status}` !== eventType) throw new NotificationRejected(`refund_status ${status.slice(0, 32)} does not match ${eventType}`);
  return {
    type: 'refund',
    notifyId,
    outTradeNo: text(plain, 'out_trade_no'),
    refundNo: text(plain, 'out_refund_no'),
    state: status === 'SUCCESS' ? 'success' : status === 'ABNORMAL' || status === 'CLOSED' ? 'failed' : 'other',
    amountFen: fen(object(plain.amount, 'amount'), 'refund'),
  };
}

/**
 * Verifies a WeChat Pay notification: the signature over the raw body (a known serial: our public key id or a
 * platform certificate; a fresh timestamp), then decrypts `resource` and checks it is ours. Throws
 * NotificationRejected with the reason.
 */
export function parseWxpayNotification(
  notification: RawNotification,
  creds: WxpayCredentials,
  keys: WechatpayKeys,
  now: Date,
): VerifiedNotification {
  const problem = wechatpaySignatureProblem(notification.headers, notification.rawBody, keys, now);
  if (problem) throw new NotificationRejected(problem);
  const envelope = parseJson(notification.rawBody, 'body');
  const notifyId = text(envelope, 'id');
  const eventType = text(envelope, 'event_type');
  if (eventType === 'TRANSACTION.SUCCESS') {
    return payment(notifyId, decryptResource(envelope, creds.apiV3Key, 'transaction'), creds);
  }
  if (eventType === 'REFUND.SUCCESS' || eventType === 'REFUND.ABNORMAL' || eventType === 'REFUND.CLOSED') {
    return refund(notifyId, eventType, decryptResource(envelope, creds.apiV3Key, 'refund'), creds);
  }
  throw new NotificationRejected(`event_type ${eventType.slice(0, 40)} not handled`);
}

/** The bill's states as our payout states (fail reasons in Chinese); shared by the adapter's answers and notifications. */
export type BillStatusOf = (bill: Json) => PayoutStatus;

/**
 * Verifies a MCHTRANSFER.BILL.FINISHED notification (signature, decryption of the mch_payment resource, our
 * merchant id) and reads the bill with `statusOf`. Throws NotificationRejected with the reason.
 */
export function parseWxpayPayoutNotification(
  notification: RawNotification,
  creds: WxpayCredentials,
  keys: WechatpayKeys,
  now: Date,
  statusOf: BillStatusOf,
): VerifiedPayoutNotification {
  const problem = wechatpaySignatureProblem(notification.headers, notification.rawBody, keys, now);
  if (problem) throw new NotificationRejected(problem);
  const envelope = parseJson(notification.rawBody, 'body');
  const notifyId = text(envelope, 'id');
  const eventType = text(envelope, 'event_type');
  if (eventType !== 'MCHTRANSFER.BILL.FINISHED') throw new NotificationRejected(`event_type ${eventType.slice(0, 40)} is not a bill's`);
  const bill = decryptResource(envelope, creds.apiV3Key, 'mch_payment');
  if (bill.mch_id !== creds.mchId) throw new NotificationRejected('mch_id is not ours');
  return { notifyId, outBizNo: text(bill, 'out_bill_no'), status: statusOf(bill) };
}
