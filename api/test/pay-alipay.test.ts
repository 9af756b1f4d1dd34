import { generateKeyPairSync } from 'node:crypto';
import fc from 'fast-check';
import { alipayProvider, fenToYuan, yuanToFen } from '../src/infra/payments/alipay/adapter';
import {
  alipayTime,
  parseAlipayTime,
  privateKeyOf,
  publicKeyOf,
  requestSignContent,
  signParams,
  signText,
  verifyGatewayAnswer,
  verifyParams,
} from '../src/infra/payments/alipay/sign';
import { NotificationRejected, type PaymentProvider } from '../src/infra/payments/types';
import { ProviderError } from '../src/infra/providers/http-transport';
import { VECTOR_ALIPAY_PUBLIC_KEY, VECTOR_NOTIFICATION } from './fixtures/alipay-notification-vector';

const pair = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});

function vectorProvider(sellerId?: string, alipayPublicKey = VECTOR_ALIPAY_PUBLIC_KEY): PaymentProvider {
  const creds = { appId: '2019073166072302', privateKey: pair.privateKey, alipayPublicKey, gateway: 'http://127.0.0.1:9/gateway.do', sellerId };
  return alipayProvider(creds, () => Promise.reject(new Error('no network in this test')), () => new Date());
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

function rejection(provider: PaymentProvider, rawBody: string): string {
  try {
    provider.verifyNotification({ headers: {}, rawBody });
  } catch (error) {
    expect(error).toBeInstanceOf(NotificationRejected);
    return (error as NotificationRejected).reason;
  }
  throw new Error('the notification was accepted');
}

describe('Alipay RSA2 signing', () => {
  test('the request sign content: all but sign, non-empty, sorted, k=v joined with & and not encoded', () => {
    expect(requestSignContent({ method: 'alipay.trade.query', app_id: '2021', sign: 'x', empty: '', biz_content: '{"a":"b c&d"}' })).toBe(
      'app_id=2021&biz_content={"a":"b c&d"}&method=alipay.trade.query',
    );
  });

  test('signParams signs what verifyParams checks; a changed parameter fails', () => {
    const signed = signParams({ app_id: '2021', method: 'alipay.trade.query', biz_content: '{"out_trade_no":"A1"}' }, privateKeyOf(pair.privateKey));
    const key = publicKeyOf(pair.publicKey);
    expect(verifyParams(signed, key)).toBe(true);
    expect(verifyParams({ ...signed, biz_content: '{"out_trade_no":"A2"}' }, key)).toBe(false);
    expect(verifyParams({ ...signed, sign: '' }, key)).toBe(false);
  });

  test('bare base64 keys (as the Alipay console gives them) are the same keys as their PEM', () => {
    const bare = (pem: string) => pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
    const signature = signText('abc', privateKeyOf(bare(pair.privateKey)));
    expect(signature).toBe(signText('abc', privateKeyOf(pair.privateKey)));
    expect(verifyGatewayAnswer(`{"x_response":{"a":1},"sign":"${signText('{"a":1}', privateKeyOf(pair.privateKey))}"}`, 'x', publicKeyOf(bare(pair.publicKey))).signed).toBe(true);
  });

  test('a gateway answer is verified over its exact raw text, not a re-serialisation', () => {
    const key = privateKeyOf(pair.privateKey);
    const raw = '{"code":"10000","msg":"Success","qr_code":"https:\\/\\/qr.alipay.com\\/bax0"}';
    const text = `{"alipay_trade_precreate_response":${raw},"sign":"${signText(raw, key)}"}`;
    const { answer, signed } = verifyGatewayAnswer(text, 'alipay.trade.precreate', publicKeyOf(pair.publicKey));
    expect(signed).toBe(true);
    expect(answer.qr_code).toBe('https://qr.alipay.com/bax0');
    const tampered = text.replace('bax0', 'bax1');
    expect(() => verifyGatewayAnswer(tampered, 'alipay.trade.precreate', publicKeyOf(pair.publicKey))).toThrow(ProviderError);
    expect(() => verifyGatewayAnswer('not json', 'alipay.trade.precreate', publicKeyOf(pair.publicKey))).toThrow(ProviderError);
  });

  test('times are China time, yyyy-MM-dd HH:mm:ss, both ways', () => {
    expect(alipayTime(new Date('2026-11-24T16:00:00Z'))).toBe('2026-11-25 00:00:00');
    expect(parseAlipayTime('2026-11-25 00:00:00')?.toISOString()).toBe('2026-11-24T16:00:00.000Z');
    expect(parseAlipayTime('2026-11-25T00:00:00')).toBeUndefined();
  });
});

describe('amounts: integer fen ⇄ yuan text, exactly', () => {
  test('known values', () => {
    expect(fenToYuan(1)).toBe('0.01');
    expect(fenToYuan(990)).toBe('9.90');
    expect(fenToYuan(100_000_000)).toBe('1000000.00');
    expect(fenToYuan(0)).toBe('0.00');
    expect(yuanToFen('0.01')).toBe(1);
    expect(yuanToFen('9.9')).toBe(990);
    expect(yuanToFen('9.90')).toBe(990);
    expect(yuanToFen('1000000.00')).toBe(100_000_000);
    expect(yuanToFen('12')).toBe(1200);
    for (const bad of ['', '1.001', '-1', '1e3', ' 1', '01.00', '1.', '.5', '1,00', '0x10', 'NaN']) expect(yuanToFen(bad)).toBeUndefined();
    expect(() => fenToYuan(1.5)).toThrow(RangeError);
    expect(() => fenToYuan(-1)).toThrow(RangeError);
  });

  test('every amount survives the round trip', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (fen) => yuanToFen(fenToYuan(fen)) === fen));
  });
});

describe('verifyNotification against the notification the official Alipay SDK publishes', () => {
  test('the published notification verifies and maps to a paid payment', () => {
    const n = vectorProvider('2088531891668739').verifyNotification({ headers: {}, rawBody: form(VECTOR_NOTIFICATION) });
    expect(n).toEqual({
      type: 'payment',
      notifyId: '2019081500222155624068450559358070',
      outTradeNo: '20190815155618536-564-57',
      tradeNo: '2019081522001468450512505578',
      state: 'paid',
      amountFen: 10,
      currency: 'CNY',
      paidAt: new Date('2019-08-15T07:56:24Z'),
    });
  });

  test('the same key as PEM verifies too; spaces encoded as %20 decode the same', () => {
    const pem = `-----BEGIN PUBLIC KEY-----\n${VECTOR_ALIPAY_PUBLIC_KEY.match(/.{1,64}/g)?.join('\n')}\n-----END PUBLIC KEY-----\n`;
    const rawBody = form(VECTOR_NOTIFICATION).replace(/\+/g, '%20');
    expect(vectorProvider(undefined, pem).verifyNotification({ headers: {}, rawBody }).type).toBe('payment');
  });

  test.each([
    ['total_amount', '0.11'],
    ['out_trade_no', '20190815155618536-564-58'],
    ['subject', '语雀空间 501人规模'],
    ['trade_status', 'TRADE_FINISHED'],
  ])('changing %s breaks the signature', (field, value) => {
    expect(rejection(vectorProvider(), form({ ...VECTOR_NOTIFICATION, [field]: value }))).toBe('bad signature');
  });

  test('sign_type other than RSA2, another seller, a repeated field, no sign: rejected', () => {
    expect(rejection(vectorProvider(), form({ ...VECTOR_NOTIFICATION, sign_type: 'RSA' }))).toMatch(/RSA2/);
    expect(rejection(vectorProvider('2088000000000000'), form(VECTOR_NOTIFICATION))).toMatch(/seller_id/);
    expect(rejection(vectorProvider(), `${form(VECTOR_NOTIFICATION)}&total_amount=0.10`)).toBe('bad signature');
    const { sign: _sign, ...unsigned } = VECTOR_NOTIFICATION;
    expect(rejection(vectorProvider(), form(unsigned))).toBe('bad signature');
  });

  test('another application id is rejected', () => {
    const creds = { appId: '2021000000000000', privateKey: pair.privateKey, alipayPublicKey: VECTOR_ALIPAY_PUBLIC_KEY, gateway: 'http://127.0.0.1:9/' };
    const provider = alipayProvider(creds, () => Promise.reject(new Error('offline')), () => new Date());
    expect(rejection(provider, form(VECTOR_NOTIFICATION))).toMatch(/app_id/);
  });

  test('the answers Alipay expects: exactly success, else fail', () => {
    expect(vectorProvider().notificationAnswer(true)).toEqual({ status: 200, contentType: 'text/plain', body: 'success' });
    expect(vectorProvider().notificationAnswer(false)).toEqual({ status: 200, contentType: 'text/plain', body: 'fail' });
  });
});
