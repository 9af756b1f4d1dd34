import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateKeyPairSync } from 'node:crypto';
import {
  aeadDecrypt,
  aeadEncrypt,
  appPayParams,
  authorizationHeader,
  jsapiPayParams,
  parseAuthorization,
  rsaSign,
  rsaVerify,
  signedMessage,
  verifyJsapiPaySign,
  wechatpayKeys,
  wechatpaySignatureHeaders,
  wechatpaySignatureProblem,
} from '../src/infra/payments/wxpay/sign';
import { beijingTime, wxpayProvider } from '../src/infra/payments/wxpay/adapter';
import { generatePaySimulatorKeys } from '../src/infra/payments/sim-keys';
import type { NotificationRejected, WxpayCredentials } from '../src/infra/payments/types';
import { credentialsFor } from './pay-wxpay-helpers';

/** Published vectors of the official SDKs; each names its source (repository, file, commit). */
const vectors = JSON.parse(readFileSync(join(__dirname, 'fixtures/wxpay-published-vectors.json'), 'utf8')) as {
  aeadAes256Gcm: { apiV3Key: string; nonce: string; associatedData: string; ciphertext: string; plaintext: string };
  sha256WithRsa: { privateKey: string; message: string; signature: string };
  certificateNotification: { certificate: string; nowUnix: number; headers: Record<string, string>; body: string };
};

const lower = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));

describe('published vectors (wechatpay-java, wechatpay-go)', () => {
  test('AEAD_AES_256_GCM decrypts the wechatpay-java vector, and our encryption gives the same ciphertext', () => {
    const v = vectors.aeadAes256Gcm;
    expect(aeadDecrypt(v.apiV3Key, v.ciphertext, v.nonce, v.associatedData)).toBe(v.plaintext);
    expect(aeadEncrypt(v.apiV3Key, v.plaintext, v.nonce, v.associatedData)).toBe(v.ciphertext);
  });

  test('a wrong key, associated data or a flipped ciphertext bit does not decrypt', () => {
    const v = vectors.aeadAes256Gcm;
    expect(() => aeadDecrypt('b7cde1ZJB1kG2e7VfTs3jQzaWizur8Gb', v.ciphertext, v.nonce, v.associatedData)).toThrow();
    expect(() => aeadDecrypt(v.apiV3Key, v.ciphertext, v.nonce, 'other')).toThrow();
    const bytes = Buffer.from(v.ciphertext, 'base64');
    bytes[0] ^= 1;
    expect(() => aeadDecrypt(v.apiV3Key, bytes.toString('base64'), v.nonce, v.associatedData)).toThrow();
    expect(() => aeadDecrypt('short key', v.ciphertext, v.nonce, v.associatedData)).toThrow(/32 bytes/);
  });

  test('SHA256withRSA gives the wechatpay-go signature of "source"', () => {
    const v = vectors.sha256WithRsa;
    expect(rsaSign(v.message, v.privateKey)).toBe(v.signature);
  });

  test('the wechatpay-go notification verifies against its platform certificate (certificate mode)', () => {
    const v = vectors.certificateNotification;
    const keys = wechatpayKeys({ certificates: [v.certificate] });
    expect([...keys.keys()]).toEqual(['D7CE59D1F522D701']);
    const at = new Date(v.nowUnix * 1000);
    expect(wechatpaySignatureProblem(v.headers, v.body, keys, at)).toBeNull();
    expect(wechatpaySignatureProblem(v.headers, v.body.replace('签约成功', '签约失败'), keys, at)).toBe('bad Wechatpay-Signature');
    expect(wechatpaySignatureProblem(v.headers, v.body, keys, new Date((v.nowUnix + 301) * 1000))).toMatch(/window/);
    expect(wechatpaySignatureProblem({ ...v.headers, 'wechatpay-serial': 'PUB_KEY_ID_0' }, v.body, keys, at)).toMatch(/unknown/);
  });
});

test('the adapter takes platform certificates as a key source (WxpayCredentials.platformCertificates)', () => {
  const v = vectors.certificateNotification;
  const keys = generatePaySimulatorKeys().wxpay;
  const creds = credentialsFor(keys, 'http://127.0.0.1:9');
  const at = () => new Date(v.nowUnix * 1000);
  const reason = (c: WxpayCredentials) => {
    try {
      wxpayProvider(c, async () => ({ status: 500, text: '' }), at).verifyNotification({ headers: v.headers, rawBody: v.body });
    } catch (e) {
      return (e as NotificationRejected).reason;
    }
  };
  expect(reason(creds)).toMatch(/unknown Wechatpay-Serial D7CE59D1F522D701/);
  // the signature verifies with the certificate; the vector's PAYSCORE event is then not one we handle
  expect(reason({ ...creds, platformCertificates: [v.certificate] })).toBe('event_type PAYSCORE.USER_OPEN_SERVICE not handled');
});

describe('v3 signatures', () => {
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const now = new Date('2026-11-24T12:00:00Z');

  test('the Authorization header carries the five fields and verifies over METHOD, path, timestamp, nonce, body', () => {
    const signer = { mchId: '1900000001', certSerial: 'ABC123', privateKey: merchant.privateKey };
    const header = authorizationHeader(signer, 'POST', '/v3/pay/transactions/native', '{"a":1}', now, 'NONCE123');
    expect(header).toMatch(/^WECHATPAY2-SHA256-RSA2048 mchid="1900000001",nonce_str="NONCE123",signature="[^"]+",timestamp="1795521600",serial_no="ABC123"$/);
    const auth = parseAuthorization(header);
    expect(auth).not.toBeNull();
    const message = signedMessage('POST', '/v3/pay/transactions/native', auth!.timestamp, auth!.nonce_str, '{"a":1}');
    expect(message).toBe('POST\n/v3/pay/transactions/native\n1795521600\nNONCE123\n{"a":1}\n');
    expect(rsaVerify(message, auth!.signature, merchant.publicKey)).toBe(true);
    expect(rsaVerify(message.replace('{"a":1}', '{"a":2}'), auth!.signature, merchant.publicKey)).toBe(false);
    expect(parseAuthorization('Bearer x')).toBeNull();
    expect(parseAuthorization('WECHATPAY2-SHA256-RSA2048 mchid="1"')).toBeNull();
  });

  test('answer signatures: public key id mode, the 5-minute window both ways, unknown serial', () => {
    const keys = wechatpayKeys({ publicKey: platform.publicKey.export({ type: 'spki', format: 'pem' }) as string, publicKeyId: 'PUB_KEY_ID_01' });
    const headers = lower(wechatpaySignatureHeaders(platform.privateKey, 'PUB_KEY_ID_01', 'body', now));
    expect(wechatpaySignatureProblem(headers, 'body', keys, now)).toBeNull();
    expect(wechatpaySignatureProblem(headers, 'body', keys, new Date(now.getTime() + 299_000))).toBeNull();
    expect(wechatpaySignatureProblem(headers, 'body', keys, new Date(now.getTime() + 301_000))).toMatch(/window/);
    expect(wechatpaySignatureProblem(headers, 'body', keys, new Date(now.getTime() - 301_000))).toMatch(/window/);
    expect(wechatpaySignatureProblem(headers, 'body ', keys, now)).toBe('bad Wechatpay-Signature');
    expect(wechatpaySignatureProblem({ ...headers, 'wechatpay-serial': 'PUB_KEY_ID_02' }, 'body', keys, now)).toMatch(/unknown/);
    expect(wechatpaySignatureProblem({}, 'body', keys, now)).toMatch(/missing/);
    const forged = lower(wechatpaySignatureHeaders(merchant.privateKey, 'PUB_KEY_ID_01', 'body', now));
    expect(wechatpaySignatureProblem(forged, 'body', keys, now)).toBe('bad Wechatpay-Signature');
  });

  test('JSAPI paySign is over appId, timeStamp, nonceStr, package; app sign over appid, timestamp, noncestr, prepayid', () => {
    const params = jsapiPayParams('wx0123', 'wx2026prepay', merchant.privateKey, now, 'N1');
    expect(params).toMatchObject({ appId: 'wx0123', timeStamp: '1795521600', nonceStr: 'N1', package: 'prepay_id=wx2026prepay', signType: 'RSA' });
    expect(rsaVerify('wx0123\n1795521600\nN1\nprepay_id=wx2026prepay\n', params.paySign, merchant.publicKey)).toBe(true);
    expect(verifyJsapiPaySign(params, merchant.publicKey)).toBe(true);
    expect(verifyJsapiPaySign({ ...params, package: 'prepay_id=other' }, merchant.publicKey)).toBe(false);
    const app = appPayParams('wx0123', '1900000001', 'wx2026prepay', merchant.privateKey, now, 'N2');
    expect(app).toMatchObject({ appid: 'wx0123', partnerid: '1900000001', prepayid: 'wx2026prepay', package: 'Sign=WXPay', noncestr: 'N2', timestamp: '1795521600' });
    expect(rsaVerify('wx0123\n1795521600\nN2\nwx2026prepay\n', app.sign, merchant.publicKey)).toBe(true);
  });

  test('time_expire is RFC 3339 in Beijing time', () => {
    expect(beijingTime(new Date('2026-11-24T16:30:05.123Z'))).toBe('2026-11-25T00:30:05+08:00');
  });
});
