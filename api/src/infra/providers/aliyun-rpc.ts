import { createHmac, randomUUID } from 'node:crypto';
import type { AliyunCredentials } from '../../core/config';
import { ProviderError, type HttpTransport } from './http-transport';

/**
 * Aliyun's RPC-style API signature (SignatureVersion 1.0, HMAC-SHA1), as documented for SMS (dysmsapi
 * SendSms) and DirectMail (SingleSendMail):
 *   StringToSign = Method & percentEncode('/') & percentEncode(sorted "k=v" pairs joined by '&')
 *   Signature    = base64(HMAC-SHA1(AccessKeySecret + '&', StringToSign))
 * where percentEncode is RFC 3986 encoding of UTF-8 (space %20, '*' %2A, '~' kept).
 */
export function percentEncode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function canonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== 'Signature')
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k])}`)
    .join('&');
}

export function stringToSign(method: 'GET' | 'POST', params: Record<string, string>): string {
  return `${method}&${percentEncode('/')}&${percentEncode(canonicalQuery(params))}`;
}

export function rpcSignature(method: 'GET' | 'POST', params: Record<string, string>, accessKeySecret: string): string {
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign(method, params)).digest('base64');
}

/** 2017-07-12T02:42:19Z: ISO 8601 in UTC without milliseconds. */
export function rpcTimestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The common parameters plus the action's own, signed: ready to send as a form body or a query string. */
export function signedRpcParams(
  method: 'GET' | 'POST',
  action: Record<string, string>,
  credentials: AliyunCredentials,
  now: Date,
  nonce: string = randomUUID(),
): Record<string, string> {
  const params: Record<string, string> = {
    AccessKeyId: credentials.accessKeyId,
    Format: 'JSON',
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: nonce,
    SignatureVersion: '1.0',
    Timestamp: rpcTimestamp(now),
    ...action,
  };
  return { ...params, Signature: rpcSignature(method, params, credentials.accessKeySecret) };
}

/** application/x-www-form-urlencoded with the same encoding as the signature. */
export function formBody(params: Record<string, string>): string {
  return Object.keys(params)
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k])}`)
    .join('&');
}

/** What an Aliyun RPC action answers: `Code` (absent or 'OK' when it worked, depending on the product), `Message`. */
export interface RpcAnswer {
  Code?: unknown;
  Message?: unknown;
}

/**
 * Signs `action`, POSTs it as a form to `endpoint` and answers the parsed JSON with the HTTP status. A body that is
 * not JSON is a ProviderError of `provider`; whether the answer is a refusal is the caller's (each product says
 * success its own way).
 */
export async function postRpc(
  provider: string,
  transport: HttpTransport,
  endpoint: string,
  action: Record<string, string>,
  credentials: AliyunCredentials,
  now: Date,
): Promise<{ status: number; answer: RpcAnswer }> {
  const response = await transport({
    method: 'POST',
    url: endpoint,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: formBody(signedRpcParams('POST', action, credentials, now)),
  });
  try {
    return { status: response.status, answer: JSON.parse(response.text) as RpcAnswer };
  } catch {
    throw new ProviderError(provider, `HTTP ${response.status}, not JSON`);
  }
}
