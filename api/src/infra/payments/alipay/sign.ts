import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { alipaySignContent, rawJsonMember } from '../../oauth/providers';
import { ProviderError } from '../../providers/http-transport';

/**
 * Alipay OpenAPI RSA2 (SHA256withRSA) signing, shared by the payment adapter and its simulator. The sign-content
 * rule and the raw-member cut are the login adapter's (infra/oauth/providers.ts): one implementation of each.
 */
export { rawJsonMember };

/** The text a request (or a synchronous return) is signed over: all but `sign`, non-empty, sorted, `k=v&…`. */
export function requestSignContent(params: Record<string, string>): string {
  return alipaySignContent(params);
}

function wrapPem(base64: string, label: string): string {
  const body = base64.replace(/\s+/g, '');
  return `-----BEGIN ${label}-----\n${body.match(/.{1,64}/g)?.join('\n') ?? ''}\n-----END ${label}-----\n`;
}

/** A private key from PEM (PKCS#8 or PKCS#1) or the bare base64 Alipay's key tool gives (PKCS#8 or PKCS#1). */
export function privateKeyOf(key: string | KeyObject): KeyObject {
  if (typeof key !== 'string') return key;
  if (key.includes('-----BEGIN')) return createPrivateKey(key);
  const der = Buffer.from(key.replace(/\s+/g, ''), 'base64');
  try {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  } catch {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs1' });
  }
}

/** A public key from PEM (SPKI or PKCS#1) or the bare base64 SPKI the console shows as "支付宝公钥". */
export function publicKeyOf(key: string | KeyObject): KeyObject {
  if (typeof key !== 'string') return key;
  return createPublicKey(key.includes('-----BEGIN') ? key : wrapPem(key, 'PUBLIC KEY'));
}

/** SHA256withRSA over the UTF-8 text, base64. */
export function signText(content: string, privateKey: KeyObject): string {
  return sign('sha256', Buffer.from(content, 'utf8'), privateKey).toString('base64');
}

export function verifyText(content: string, signature: string, publicKey: KeyObject): boolean {
  try {
    return verify('sha256', Buffer.from(content, 'utf8'), publicKey, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

/** The parameters with their `sign` added. */
export function signParams(params: Record<string, string>, privateKey: KeyObject): Record<string, string> {
  const { sign: _drop, ...rest } = params;
  return { ...rest, sign: signText(requestSignContent(rest), privateKey) };
}

/** Whether a request's (or return's) `sign` matches its other parameters. */
export function verifyParams(params: Record<string, string>, publicKey: KeyObject): boolean {
  return typeof params.sign === 'string' && params.sign !== '' && verifyText(requestSignContent(params), params.sign, publicKey);
}

/** 'yyyy-MM-dd HH:mm:ss' in China time (UTC+8, no daylight saving): Alipay's timestamp and time_expire format. */
export function alipayTime(date: Date): string {
  return new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** The inverse of alipayTime; undefined when malformed. */
export function parseAlipayTime(text: string | undefined): Date | undefined {
  if (!text || !/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(text)) return undefined;
  const t = Date.parse(`${text.replace(' ', 'T')}+08:00`);
  return Number.isNaN(t) ? undefined : new Date(t);
}

/** What a gateway answer says once its signature checked: the `<method>_response` object. */
export type GatewayAnswer = Record<string, unknown> & { code?: unknown; sub_code?: unknown; sub_msg?: unknown };

/**
 * The `<method_with_underscores>_response` member of a gateway answer after its signature (over the member's exact
 * raw text) verified. An unsigned `error_response` (Alipay answers some request errors so) is returned flagged
 * unsigned: the caller may only turn it into an error, never act on it.
 */
export function verifyGatewayAnswer(
  text: string,
  method: string,
  alipayPublicKey: KeyObject,
): { answer: GatewayAnswer; signed: boolean } {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new ProviderError('alipay', `${method}: answer is not JSON`);
  }
  const member = `${method.replace(/\./g, '_')}_response`;
  const raw = rawJsonMember(text, member);
  if (raw !== undefined && typeof body[member] === 'object' && body[member] !== null) {
    if (typeof body.sign !== 'string' || !verifyText(raw, body.sign, alipayPublicKey)) {
      throw new ProviderError('alipay', `${method}: answer without a valid signature`);
    }
    return { answer: body[member] as GatewayAnswer, signed: true };
  }
  if (typeof body.error_response === 'object' && body.error_response !== null) {
    return { answer: body.error_response as GatewayAnswer, signed: false };
  }
  throw new ProviderError('alipay', `${method}: answer without ${member}`);
}

/**
 * The fields of an asynchronous notification (an x-www-form-urlencoded body, values URL-decoded) after its
 * signature verified: signed over all fields but `sign` and `sign_type`, non-empty, sorted, `k=v&…`.
 * Undefined when the body is malformed (a repeated field) or the signature does not match.
 */
export function verifyNotificationFields(rawBody: string, alipayPublicKey: KeyObject): Record<string, string> | undefined {
  const fields: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(rawBody)) {
    if (Object.hasOwn(fields, k)) return undefined;
    fields[k] = v;
  }
  const { sign: signature, sign_type: _type, ...signed } = fields;
  if (!signature || !verifyText(requestSignContent(signed), signature, alipayPublicKey)) return undefined;
  return fields;
}

/** A notification's form body, signed the way Alipay signs them (the simulator's side of the above). */
export function signNotificationFields(fields: Record<string, string>, alipayPrivateKey: KeyObject): Record<string, string> {
  const { sign: _s, sign_type: signType = 'RSA2', ...signed } = fields;
  return { ...signed, sign_type: signType, sign: signText(requestSignContent(signed), alipayPrivateKey) };
}
