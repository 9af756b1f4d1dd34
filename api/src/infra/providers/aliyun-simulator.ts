import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { AliyunCredentials } from '../../core/config';
import { rpcSignature } from './aliyun-rpc';
import type { HttpTransport, TransportResponse } from './http-transport';
import type { DevOutbox } from './outbox';

const CLOCK_SKEW_MS = 15 * 60 * 1000;

function answer(status: number, body: Record<string, unknown>): TransportResponse {
  return { status, text: JSON.stringify({ RequestId: randomUUID().toUpperCase(), ...body }) };
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * A local stand-in for Aliyun's SMS and DirectMail endpoints, speaking their wire format: it takes the signed
 * form POST the real adapters send, checks AccessKeyId, the HMAC-SHA1 signature, the timestamp and the nonce
 * like the provider does, answers in the provider's JSON, and "delivers" into the dev outbox.
 */
export function aliyunSimulator(outbox: DevOutbox, credentials: AliyunCredentials, now: () => Date): HttpTransport {
  const seenNonces = new Map<string, number>();
  return async ({ method, body }) => {
    const params = Object.fromEntries(new URLSearchParams(body ?? ''));
    if (params.AccessKeyId !== credentials.accessKeyId) {
      return answer(404, { Code: 'InvalidAccessKeyId.NotFound', Message: 'Specified access key is not found.' });
    }
    const { Signature: signature = '', ...signed } = params;
    if (!sameText(signature, rpcSignature(method, signed, credentials.accessKeySecret))) {
      return answer(400, { Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched with our calculation.' });
    }
    const t = now().getTime();
    const stamp = Date.parse(params.Timestamp ?? '');
    if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(params.Timestamp ?? '') || Math.abs(stamp - t) > CLOCK_SKEW_MS) {
      return answer(400, { Code: 'InvalidTimeStamp.Expired', Message: 'Specified time stamp or date value is expired.' });
    }
    for (const [nonce, expires] of seenNonces) if (expires < t) seenNonces.delete(nonce);
    if (!params.SignatureNonce || seenNonces.has(params.SignatureNonce)) {
      return answer(400, { Code: 'SignatureNonceUsed', Message: 'Specified signature nonce was used already.' });
    }
    seenNonces.set(params.SignatureNonce, t + CLOCK_SKEW_MS);

    if (params.Action === 'SendSms' && params.Version === '2017-05-25') {
      let code: unknown;
      let event: unknown;
      try {
        ({ code, event } = JSON.parse(params.TemplateParam ?? '') as { code?: unknown; event?: unknown });
      } catch {
        return answer(200, { Code: 'isv.INVALID_JSON_PARAM', Message: 'JSON参数不合法，只接受字符串值' });
      }
      if (!/^[0-9]{5,20}$/.test(params.PhoneNumbers ?? '')) {
        return answer(200, { Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: '非法手机号' });
      }
      if (!params.SignName || !params.TemplateCode || (typeof code !== 'string' && typeof event !== 'string')) {
        return answer(200, { Code: 'isv.SMS_TEMPLATE_ILLEGAL', Message: '模板不合法' });
      }
      await outbox.record({
        channel: 'sms',
        recipient: params.PhoneNumbers,
        subject: '',
        body:
          typeof code === 'string'
            ? `【${params.SignName}】您的验证码为${code}，5分钟内有效，请勿泄露给他人。`
            : `【${params.SignName}】您的账号刚刚${String(event)}。如非本人操作，请立即修改密码并联系客服。`,
        code: typeof code === 'string' ? code : null,
      });
      return answer(200, { Code: 'OK', Message: 'OK', BizId: `${t}^0` });
    }
    if (params.Action === 'SingleSendMail' && params.Version === '2015-11-23') {
      if (!params.AccountName || !params.ToAddress || !params.Subject || !(params.TextBody || params.HtmlBody)) {
        return answer(400, { Code: 'InvalidParameter', Message: 'A required parameter is missing.' });
      }
      const text = params.TextBody || params.HtmlBody;
      await outbox.record({
        channel: 'email',
        recipient: params.ToAddress.toLowerCase(),
        subject: params.Subject,
        body: text,
        code: /\b([0-9]{6})\b/.exec(text)?.[1] ?? null,
      });
      return answer(200, { EnvId: String(t) });
    }
    return answer(404, { Code: 'InvalidAction.NotFound', Message: 'Specified api is not found, please check your url and method.' });
  };
}
