/**
 * What the pay module asks of a payment provider (Alipay OpenAPI, WeChat Pay API v3). An adapter speaks the
 * provider's documented wire format over an HttpTransport; in development the transport reaches the provider's
 * local simulator (a server of its own, api/src/infra/payments/<provider>/simulator.ts) that speaks the same wire,
 * so signing, parameters and answer parsing are the same code everywhere.
 *
 * Amounts are integer fen everywhere; the adapters convert to the provider's unit (Alipay: yuan text with two
 * decimals, WeChat: fen integers).
 */

export type PayMethod = 'alipay' | 'wxpay';

/** Where withdrawals are paid out (the same two providers). */
export type WithdrawChannelName = PayMethod;

/**
 * How the person pays: Alipay precreate (QR on PC), page (PC redirect), wap (phone browser redirect);
 * WeChat native (QR on PC), h5 (phone browser redirect), jsapi (inside WeChat and the mini-program: the
 * client calls the bridge with the answered parameters). `app` is whichever the app bridge offers (jsapi-like
 * parameters handed to the app).
 */
export type PayChannel = 'precreate' | 'page' | 'wap' | 'native' | 'h5' | 'jsapi' | 'app';

export interface CreatePayment {
  /** Our order number (out_trade_no): 6-32 characters of [0-9A-Za-z_-]. */
  outTradeNo: string;
  amountFen: number;
  /** What is bought, shown at the cashier (subject / description), at most 127 characters. */
  subject: string;
  channel: PayChannel;
  /** When the provider must stop accepting payment (time_expire). */
  expireAt: Date;
  /** Where the provider posts the asynchronous notification. */
  notifyUrl: string;
  /** Where the person's browser returns after paying (Alipay page/wap return_url; WeChat h5 redirect_url). */
  returnUrl: string;
  /** The payer's address (WeChat H5 scene_info.payer_client_ip). */
  clientIp: string;
  /** WeChat JSAPI: the payer's openid under our appid. */
  openid?: string;
}

/** What the client needs to start paying. */
export type PaymentStart =
  /** Show a QR of `codeUrl` (WeChat native code_url; Alipay precreate qr_code). */
  | { kind: 'qr'; codeUrl: string }
  /** Send the browser to `url` (Alipay page/wap: the signed gateway URL; WeChat h5: h5_url). */
  | { kind: 'redirect'; url: string }
  /** Hand these to the bridge (WeixinJSBridge getBrandWCPayRequest / wx.requestPayment / the app). */
  | { kind: 'jsapi'; params: Record<string, string> };

/** A trade as the provider's query reports it. */
export interface TradeStatus {
  /** paying: created, not paid yet; paid: money received; closed: closed or expired unpaid; refunded: fully refunded; unknown: the provider has no such trade. */
  state: 'paying' | 'paid' | 'closed' | 'refunded' | 'unknown';
  /** The provider's trade number (trade_no / transaction_id) once paid. */
  tradeNo?: string;
  /** What was paid, fen. */
  amountFen?: number;
  currency?: string;
  paidAt?: Date;
}

export interface RefundRequest {
  outTradeNo: string;
  /** Our refund number (out_request_no / out_refund_no). */
  refundNo: string;
  amountFen: number;
  totalFen: number;
  reason: string;
  /** WeChat refund notify_url. */
  notifyUrl: string;
}

export interface RefundResult {
  /** success: money returned; processing: the provider will finish it (WeChat; query or notification); failed. */
  state: 'success' | 'processing' | 'failed';
  /** The provider's refund id, when it gives one. */
  refundId?: string;
}

/** A notification after its signature (and WeChat's decryption) and our app id and merchant id were checked. */
export type VerifiedNotification =
  | {
      type: 'payment';
      /** Alipay notify_id; WeChat notification id. Duplicates carry the same one. */
      notifyId: string;
      outTradeNo: string;
      tradeNo: string;
      /** paid: TRADE_SUCCESS / TRADE_FINISHED / SUCCESS; closed: TRADE_CLOSED / CLOSED; anything else is 'other'. */
      state: 'paid' | 'closed' | 'other';
      amountFen: number;
      currency: string;
      paidAt?: Date;
    }
  | {
      type: 'refund';
      notifyId: string;
      outTradeNo: string;
      refundNo: string;
      state: 'success' | 'failed' | 'other';
      amountFen: number;
    };

/** A notification that did not verify: logged with the reason, nothing changes. */
export class NotificationRejected extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'NotificationRejected';
  }
}

export interface RawNotification {
  /** Lower-case header names. */
  headers: Record<string, string | undefined>;
  /** The body exactly as received (signatures are over the raw text). */
  rawBody: string;
}

/** The HTTP answer a provider expects to a notification. */
export interface NotificationAnswer {
  status: number;
  contentType: string;
  body: string;
}

export interface PaymentProvider {
  readonly method: PayMethod;
  /** The channels this provider offers. */
  readonly channels: readonly PayChannel[];
  create(payment: CreatePayment): Promise<PaymentStart>;
  query(outTradeNo: string): Promise<TradeStatus>;
  /** Close an unpaid trade (a trade the provider does not know is closed already: no error). */
  close(outTradeNo: string): Promise<void>;
  refund(request: RefundRequest): Promise<RefundResult>;
  /** Verifies (and for WeChat decrypts) a notification; throws NotificationRejected. */
  verifyNotification(notification: RawNotification): VerifiedNotification;
  /** What to answer: ok acknowledges; otherwise the provider retries on its schedule. */
  notificationAnswer(ok: boolean): NotificationAnswer;
}

/** Keys and ids of one Alipay application: ours to sign requests, Alipay's to verify answers and notifications. */
export interface AlipayCredentials {
  appId: string;
  /** PEM (PKCS#8 or PKCS#1) RSA-2048 private key of the application. */
  privateKey: string;
  /** PEM public key of Alipay (the "支付宝公钥"). */
  alipayPublicKey: string;
  /** https://openapi.alipay.com/gateway.do, or the simulator's. */
  gateway: string;
  /** The seller id (pid) notifications carry as seller_id; checked when set. */
  sellerId?: string;
}

/** Keys and ids of one WeChat Pay merchant. */
export interface WxpayCredentials {
  mchId: string;
  appId: string;
  /** The APIv3 key: 32 bytes of text, the AEAD_AES_256_GCM key of notifications. */
  apiV3Key: string;
  /** PEM RSA-2048 private key of the merchant API certificate, and the certificate's serial number. */
  privateKey: string;
  certSerial: string;
  /** The WeChat Pay public key (PEM) and its id (PUB_KEY_ID_…), which Wechatpay-Serial names. */
  platformPublicKey: string;
  platformPublicKeyId: string;
  /** Optional, the older mode: WeChat Pay platform certificates (PEM), accepted by their serial numbers too. */
  platformCertificates?: readonly string[];
  /** https://api.mch.weixin.qq.com, or the simulator's. */
  baseUrl: string;
}

/**
 * Everything both sides of the simulated providers need: our keys (the API signs with them, the simulator
 * verifies) and the providers' keys (the simulator signs with them, the API verifies). `npm start` makes one
 * set in its data folder; tests make their own.
 */
export interface PaySimulatorKeys {
  alipay: {
    appId: string;
    sellerId: string;
    appPrivateKey: string;
    appPublicKey: string;
    alipayPrivateKey: string;
    alipayPublicKey: string;
  };
  wxpay: {
    mchId: string;
    appId: string;
    apiV3Key: string;
    merchantPrivateKey: string;
    merchantPublicKey: string;
    certSerial: string;
    platformPrivateKey: string;
    platformPublicKey: string;
    platformPublicKeyId: string;
  };
}

/**
 * What a test (or the e2e suite through the simulator's /_sim/ routes) can tell a simulator to do with the
 * next notifications of a trade: drop them, send each twice, delay them, or hold them and send in reverse order.
 */
export type NotificationFault = 'none' | 'drop' | 'duplicate' | 'delay' | 'reorder';

/**
 * Payouts (withdrawals of coins, issue 14): Alipay `alipay.fund.trans.uni.transfer` (TRANS_ACCOUNT_NO_PWD,
 * DIRECT_TRANSFER, payee ALIPAY_LOGON_ID with name) and its query `alipay.fund.trans.common.query`; WeChat Pay v3
 * merchant transfer bills (`POST /v3/fund-app/mch-transfer/transfer-bills`, query by out_bill_no, cancel, the
 * MCHTRANSFER.BILL.FINISHED notification). One business number per withdrawal, kept across retries: a timeout is
 * followed by a query with the same number, never by a new one.
 */
export interface PayoutRequest {
  /** Our business number (Alipay out_biz_no, WeChat out_bill_no): 6-32 characters of [0-9A-Za-z_]. */
  outBizNo: string;
  amountFen: number;
  /** Alipay: the payee's logon id (phone or e-mail); WeChat: the payee's openid under our appid. */
  payee: string;
  /** Alipay: the payee's real name, which Alipay checks; WeChat: user_name (needed at 2000 yuan and above). */
  realName?: string;
  /** Shown to the payee (order_title / transfer_remark), at most 32 characters. */
  remark: string;
  /** WeChat: where the bill's notification goes. */
  notifyUrl: string;
}

/**
 * A payout as the provider reports it. processing: accepted, not finished; wait_user_confirm: WeChat waits for
 * the payee to confirm in WeChat (`packageInfo` is what the page hands to the bridge); success; failed (with the
 * provider's reason); unknown: the provider has no such payout (never reached it: safe to ask again with the
 * same number).
 */
export interface PayoutStatus {
  state: 'processing' | 'wait_user_confirm' | 'success' | 'failed' | 'unknown';
  /** The provider's id (Alipay order_id / pay_fund_order_id, WeChat transfer_bill_no). */
  providerId?: string;
  /** WeChat WAIT_USER_CONFIRM: the package_info for the confirmation page (wx.requestMerchantTransfer). */
  packageInfo?: string;
  /** Why it failed, as the provider says it (Chinese where the provider gives Chinese). */
  failReason?: string;
  finishedAt?: Date;
  /** What the provider says the payout is for, fen (checked by the caller against the withdrawal). */
  amountFen?: number;
}

/** A verified payout notification (WeChat MCHTRANSFER.BILL.FINISHED; Alipay sends none that we use). */
export interface VerifiedPayoutNotification {
  notifyId: string;
  outBizNo: string;
  status: PayoutStatus;
}

export interface PayoutProvider {
  readonly method: PayMethod;
  /** Starts the payout, or with the same number answers the one already started (idempotent). */
  transfer(request: PayoutRequest): Promise<PayoutStatus>;
  query(outBizNo: string): Promise<PayoutStatus>;
  /** WeChat: cancel a bill still waiting for the payee (Alipay: not supported, resolves 'unknown'). */
  cancel(outBizNo: string): Promise<PayoutStatus>;
  /** WeChat's bill notification: verify (signature, decryption, mchid) or throw NotificationRejected. */
  verifyPayoutNotification?(notification: RawNotification): VerifiedPayoutNotification;
}
