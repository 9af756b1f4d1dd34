import {
  constants,
  createCipheriv,
  createDecipheriv,
  createPublicKey,
  privateDecrypt,
  publicEncrypt,
  createSign,
  createVerify,
  randomBytes,
  X509Certificate,
  type KeyObject,
} from 'node:crypto';

/**
 * WeChat Pay API v3 signatures and resource encryption, as the official SDKs (wechatpay-go, wechatpay-java,
 * wechatpay-php) implement them:
 *  - a request is signed SHA256withRSA by the merchant over "METHOD\nPATH?QUERY\nTIMESTAMP\nNONCE\nBODY\n" and
 *    carried in `Authorization: WECHATPAY2-SHA256-RSA2048 mchid="…",nonce_str="…",signature="…",timestamp="…",serial_no="…"`;
 *  - an answer or a notification is signed by WeChat Pay over "TIMESTAMP\nNONCE\nBODY\n" (headers
 *    Wechatpay-Timestamp / -Nonce / -Signature / -Serial), the serial naming the WeChat Pay public key
 *    (PUB_KEY_ID_…) or, in the older mode, a platform certificate;
 *  - a notification's `resource` is AEAD_AES_256_GCM with the APIv3 key (its UTF-8 bytes), the ciphertext being
 *    base64 of data + 16-byte tag.
 */

export const AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';
/** Timestamps further than this from our clock are refused (the SDKs' 5 minutes). */
export const TIMESTAMP_WINDOW_S = 300;
export const AEAD_ALGORITHM = 'AEAD_AES_256_GCM';

const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 32 characters of [A-Za-z0-9], the SDKs' nonce_str. */
export function randomNonce(length = 32): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += NONCE_ALPHABET[b % NONCE_ALPHABET.length];
  return out;
}

export function unixSeconds(date: Date): string {
  return String(Math.floor(date.getTime() / 1000));
}

/** base64 SHA256withRSA (PKCS#1 v1.5) of the UTF-8 text. */
export function rsaSign(message: string, privateKey: string | KeyObject): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(privateKey, 'base64');
}

export function rsaVerify(message: string, signature: string, publicKey: string | KeyObject): boolean {
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

/** Every field followed by "\n", the shape of all v3 signed messages. */
export function signedMessage(...fields: string[]): string {
  return fields.map((f) => `${f}\n`).join('');
}

export interface MerchantSigner {
  mchId: string;
  certSerial: string;
  privateKey: string | KeyObject;
}

/** The Authorization header of a request; `pathWithQuery` is the URL without scheme and host. */
export function authorizationHeader(
  signer: MerchantSigner,
  method: string,
  pathWithQuery: string,
  body: string,
  now: Date,
  nonce: string = randomNonce(),
): string {
  const timestamp = unixSeconds(now);
  const signature = rsaSign(signedMessage(method, pathWithQuery, timestamp, nonce, body), signer.privateKey);
  return (
    `${AUTH_SCHEMA} mchid="${signer.mchId}",nonce_str="${nonce}",signature="${signature}",` +
    `timestamp="${timestamp}",serial_no="${signer.certSerial}"`
  );
}

export interface AuthorizationFields {
  mchid: string;
  nonce_str: string;
  signature: string;
  timestamp: string;
  serial_no: string;
}

/** The fields of an Authorization header, or null when it is not a v3 one. */
export function parseAuthorization(header: string | undefined): AuthorizationFields | null {
  if (!header?.startsWith(`${AUTH_SCHEMA} `)) return null;
  const fields: Record<string, string> = {};
  for (const m of header.slice(AUTH_SCHEMA.length + 1).matchAll(/([a-z_]+)="([^"]*)"/g)) fields[m[1]] = m[2];
  const names = ['mchid', 'nonce_str', 'signature', 'timestamp', 'serial_no'] as const;
  return names.every((n) => typeof fields[n] === 'string' && fields[n] !== '') ? (fields as unknown as AuthorizationFields) : null;
}

/** Whether a unix-seconds timestamp text is within the window of `now`. */
export function freshTimestamp(timestamp: string | undefined, now: Date): boolean {
  if (!timestamp || !/^\d{1,12}$/.test(timestamp)) return false;
  return Math.abs(Number(timestamp) - now.getTime() / 1000) <= TIMESTAMP_WINDOW_S;
}

/** The Wechatpay-* headers of an answer or a notification (the simulator's side). */
export function wechatpaySignatureHeaders(
  privateKey: string | KeyObject,
  serial: string,
  body: string,
  now: Date,
  nonce: string = randomNonce(),
): Record<string, string> {
  const timestamp = unixSeconds(now);
  return {
    'Wechatpay-Timestamp': timestamp,
    'Wechatpay-Nonce': nonce,
    'Wechatpay-Signature': rsaSign(signedMessage(timestamp, nonce, body), privateKey),
    'Wechatpay-Serial': serial,
    'Wechatpay-Signature-Type': 'WECHATPAY2-SHA256-RSA2048',
  };
}

/** The keys WeChat Pay may sign with, by the serial Wechatpay-Serial names. */
export type WechatpayKeys = ReadonlyMap<string, KeyObject>;

/**
 * The WeChat Pay public key under its id (PUB_KEY_ID_…), plus platform certificates (PEM) under their serial
 * numbers (upper-case hex, as Wechatpay-Serial carries them) for merchants still on the certificate mode.
 */
export function wechatpayKeys(options: { publicKey?: string; publicKeyId?: string; certificates?: readonly string[] }): WechatpayKeys {
  const keys = new Map<string, KeyObject>();
  if (options.publicKey && options.publicKeyId) keys.set(options.publicKeyId, createPublicKey(options.publicKey));
  for (const pem of options.certificates ?? []) {
    const cert = new X509Certificate(pem);
    keys.set(cert.serialNumber.toUpperCase(), cert.publicKey);
  }
  return keys;
}

/**
 * Checks the Wechatpay-* headers (lower-case names) over the raw body: a known serial, a fresh timestamp, a valid
 * signature. Answers the reason it fails, or null when it verifies.
 */
export function wechatpaySignatureProblem(
  headers: Record<string, string | undefined>,
  body: string,
  keys: WechatpayKeys,
  now: Date,
): string | null {
  const timestamp = headers['wechatpay-timestamp'];
  const nonce = headers['wechatpay-nonce'];
  const signature = headers['wechatpay-signature'];
  const serial = headers['wechatpay-serial'];
  if (!timestamp || !nonce || !signature || !serial) return 'missing Wechatpay-* signature headers';
  const key = keys.get(serial) ?? keys.get(serial.toUpperCase());
  if (!key) return `unknown Wechatpay-Serial ${serial.slice(0, 64)}`;
  if (!freshTimestamp(timestamp, now)) return `Wechatpay-Timestamp ${timestamp.slice(0, 20)} outside the ${TIMESTAMP_WINDOW_S} s window`;
  if (!rsaVerify(signedMessage(timestamp, nonce, body), signature, key)) return 'bad Wechatpay-Signature';
  return null;
}

function aeadKey(apiV3Key: string): Buffer {
  const key = Buffer.from(apiV3Key, 'utf8');
  if (key.length !== 32) throw new Error('APIv3 key must be 32 bytes');
  return key;
}

/** AEAD_AES_256_GCM: base64 of ciphertext + 16-byte tag. */
export function aeadEncrypt(apiV3Key: string, plaintext: string, nonce: string, associatedData: string): string {
  const cipher = createCipheriv('aes-256-gcm', aeadKey(apiV3Key), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([data, cipher.getAuthTag()]).toString('base64');
}

/** Decrypts a `resource`; throws when the key, the tag or the associated data do not match. */
export function aeadDecrypt(apiV3Key: string, ciphertext: string, nonce: string, associatedData: string): string {
  const buffer = Buffer.from(ciphertext, 'base64');
  if (buffer.length < 17) throw new Error('ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', aeadKey(apiV3Key), Buffer.from(nonce, 'utf8'));
  decipher.setAAD(Buffer.from(associatedData, 'utf8'));
  decipher.setAuthTag(buffer.subarray(buffer.length - 16));
  return Buffer.concat([decipher.update(buffer.subarray(0, buffer.length - 16)), decipher.final()]).toString('utf8');
}

/** The parameters of WeixinJSBridge getBrandWCPayRequest / wx.requestPayment. */
export function jsapiPayParams(appId: string, prepayId: string, privateKey: string | KeyObject, now: Date, nonce = randomNonce()): Record<string, string> {
  const timeStamp = unixSeconds(now);
  const pkg = `prepay_id=${prepayId}`;
  return { appId, timeStamp, nonceStr: nonce, package: pkg, signType: 'RSA', paySign: rsaSign(signedMessage(appId, timeStamp, nonce, pkg), privateKey) };
}

/** Whether JSAPI parameters carry a valid paySign (what the WeChat client checks). */
export function verifyJsapiPaySign(params: Record<string, unknown>, merchantPublicKey: string | KeyObject): boolean {
  const { appId, timeStamp, nonceStr, package: pkg, paySign } = params;
  if (![appId, timeStamp, nonceStr, pkg, paySign].every((v) => typeof v === 'string')) return false;
  return rsaVerify(signedMessage(appId as string, timeStamp as string, nonceStr as string, pkg as string), paySign as string, merchantPublicKey);
}

/** The parameters of the app SDK's PayReq (sign over appid, timestamp, noncestr, prepayid). */
export function appPayParams(appId: string, mchId: string, prepayId: string, privateKey: string | KeyObject, now: Date, nonce = randomNonce()): Record<string, string> {
  const timestamp = unixSeconds(now);
  return {
    appid: appId,
    partnerid: mchId,
    prepayid: prepayId,
    package: 'Sign=WXPay',
    noncestr: nonce,
    timestamp,
    sign: rsaSign(signedMessage(appId, timestamp, nonce, prepayId), privateKey),
  };
}

/**
 * A sensitive field (transfer user_name) as WeChat Pay wants it: RSA/ECB/OAEPWithSHA-1AndMGF1Padding with the
 * WeChat Pay public key, base64; the request then names that key in Wechatpay-Serial.
 */
export function encryptSensitive(plaintext: string, publicKey: string | KeyObject): string {
  return publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' }, Buffer.from(plaintext, 'utf8')).toString('base64');
}

/** The simulator's side of encryptSensitive; throws when the text was not encrypted for this key. */
export function decryptSensitive(ciphertext: string, privateKey: string | KeyObject): string {
  return privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' }, Buffer.from(ciphertext, 'base64')).toString('utf8');
}
