import type { SmsConfig } from '../../core/config';
import type { Phone } from '../../modules/accounts/phone';
import { postRpc } from './aliyun-rpc';
import { ProviderError, type HttpTransport } from './http-transport';

/** Sends one verification code by SMS. Rejects with ProviderError when the gateway refuses. */
export interface SmsSender {
  sendCode(to: Phone, code: string): Promise<void>;
  /** A security notice ('修改了登录密码'); nothing when no notice template is configured. */
  sendNotice(to: Phone, event: string): Promise<void>;
}

/** PhoneNumbers as Aliyun wants them: the national number in mainland China, dial code + number elsewhere. */
export function aliyunPhoneNumber(phone: Phone): string {
  return phone.countryCode === '86' ? phone.mobile : `${phone.countryCode}${phone.mobile}`;
}

/**
 * Aliyun SMS (dysmsapi, API version 2017-05-25), action SendSms, signed RPC call as a form POST. The template
 * has one variable, `code`. Answer: `{"Code":"OK","Message":"OK","BizId":...,"RequestId":...}`; any other
 * Code is a refusal (flow control, bad number, unapproved template, ...).
 */
export function aliyunSms(config: SmsConfig, transport: HttpTransport, now: () => Date): SmsSender {
  const send = async (to: Phone, templateCode: string, param: Record<string, string>) => {
    const { status, answer } = await postRpc(
      'aliyun-sms',
      transport,
      config.endpoint,
      {
        Action: 'SendSms',
        Version: '2017-05-25',
        RegionId: 'cn-hangzhou',
        PhoneNumbers: aliyunPhoneNumber(to),
        SignName: config.signName,
        TemplateCode: templateCode,
        TemplateParam: JSON.stringify(param),
      },
      config.credentials,
      now(),
    );
    if (answer.Code !== 'OK') {
      throw new ProviderError('aliyun-sms', `HTTP ${status} ${String(answer.Code)}: ${String(answer.Message)}`);
    }
  };
  return {
    sendCode: (to, code) => send(to, config.templateCode, { code }),
    async sendNotice(to, event) {
      if (config.noticeTemplateCode) await send(to, config.noticeTemplateCode, { event });
    },
  };
}
