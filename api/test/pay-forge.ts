import { randomUUID } from 'node:crypto';
import { fenToYuan } from '../src/infra/payments/alipay/adapter';
import { alipayTime, privateKeyOf, signNotificationFields } from '../src/infra/payments/alipay/sign';
import { beijingTime } from '../src/infra/payments/wxpay/adapter';
import { aeadEncrypt, randomNonce, wechatpaySignatureHeaders } from '../src/infra/payments/wxpay/sign';
import type { PaySimulatorKeys } from '../src/infra/payments/types';

/** One notification as it goes over the wire to /api/{method}/notify/. */
export interface WireNotification {
  headers: Record<string, string>;
  body: string;
}

export interface PaidFacts {
  outTradeNo: string;
  amountFen: number;
  tradeNo: string;
  at: Date;
}

/**
 * A payment notification for an order, in the provider's format: `signed` with the provider's own key (a
 * notification only the provider could send: with a changed amount it is the amount check that must refuse it),
 * `badsig` signed with another key, `tampered` signed then changed after signing.
 */
export function alipayNotification(keys: PaySimulatorKeys['alipay'], p: PaidFacts, how: 'signed' | 'badsig' | 'tampered'): WireNotification {
  const amount = fenToYuan(p.amountFen);
  const fields: Record<string, string> = {
    notify_type: 'trade_status_sync',
    notify_id: randomUUID().replace(/-/g, ''),
    notify_time: alipayTime(p.at),
    app_id: keys.appId,
    auth_app_id: keys.appId,
    charset: 'utf-8',
    version: '1.0',
    sign_type: 'RSA2',
    trade_no: p.tradeNo,
    out_trade_no: p.outTradeNo,
    seller_id: keys.sellerId,
    total_amount: amount,
    receipt_amount: amount,
    buyer_pay_amount: amount,
    trade_status: 'TRADE_SUCCESS',
    gmt_payment: alipayTime(p.at),
    subject: '文档',
  };
  const key = privateKeyOf(how === 'badsig' ? keys.appPrivateKey : keys.alipayPrivateKey);
  const signed = signNotificationFields(fields, key);
  if (how === 'tampered') signed.total_amount = fenToYuan(p.amountFen + 100);
  return { headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, body: new URLSearchParams(signed).toString() };
}

export function wxpayNotification(keys: PaySimulatorKeys['wxpay'], p: PaidFacts, how: 'signed' | 'badsig' | 'tampered'): WireNotification {
  const plain = {
    appid: keys.appId,
    mchid: keys.mchId,
    out_trade_no: p.outTradeNo,
    transaction_id: p.tradeNo,
    trade_type: 'NATIVE',
    trade_state: 'SUCCESS',
    trade_state_desc: '支付成功',
    bank_type: 'OTHERS',
    attach: '',
    success_time: beijingTime(p.at),
    payer: { openid: `o${randomNonce(27)}` },
    amount: { total: p.amountFen, payer_total: p.amountFen, currency: 'CNY', payer_currency: 'CNY' },
  };
  const nonce = randomNonce(12);
  const envelope = {
    id: randomUUID(),
    create_time: beijingTime(p.at),
    resource_type: 'encrypt-resource',
    event_type: 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource: {
      original_type: 'transaction',
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: aeadEncrypt(keys.apiV3Key, JSON.stringify(plain), nonce, 'transaction'),
      associated_data: 'transaction',
      nonce,
    },
  };
  const body = JSON.stringify(envelope);
  const headers = wechatpaySignatureHeaders(how === 'badsig' ? keys.merchantPrivateKey : keys.platformPrivateKey, keys.platformPublicKeyId, body, p.at);
  const sent = how === 'tampered' ? body.replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.SUCCESS" ') : body;
  return { headers: { 'content-type': 'application/json', ...headers }, body: sent };
}

/** A logged WeChat notification body again, with fresh headers: what WeChat Pay's own retry of it looks like. */
export function wxpayResend(keys: PaySimulatorKeys['wxpay'], body: string, at: Date): WireNotification {
  return { headers: { 'content-type': 'application/json', ...wechatpaySignatureHeaders(keys.platformPrivateKey, keys.platformPublicKeyId, body, at) }, body };
}

/** Posts a notification; ok: the API acknowledged it (Alipay: the text `success`; WeChat: 200 or 204). */
export async function deliver(base: string, method: 'alipay' | 'wxpay', n: WireNotification): Promise<{ status: number; ok: boolean }> {
  const res = await fetch(`${base}/api/${method}/notify/`, { method: 'POST', headers: n.headers, body: n.body });
  const text = await res.text();
  return { status: res.status, ok: method === 'alipay' ? text === 'success' : res.status === 200 || res.status === 204 };
}
