import type { MailConfig } from '../../core/config';
import { formBody, signedRpcParams } from './aliyun-rpc';
import { ProviderError, type HttpTransport } from './http-transport';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends one e-mail. Rejects with ProviderError when the provider refuses. */
export interface MailSender {
  send(message: MailMessage): Promise<void>;
}

/**
 * Aliyun DirectMail (API version 2015-11-23), action SingleSendMail, with the same RPC signature as SMS.
 * Success answers HTTP 200 `{"EnvId":...,"RequestId":...}`; a refusal answers 4xx `{"Code":...,"Message":...}`.
 */
export function aliyunDirectMail(config: MailConfig, transport: HttpTransport, now: () => Date): MailSender {
  return {
    async send({ to, subject, text }) {
      const params = signedRpcParams(
        'POST',
        {
          Action: 'SingleSendMail',
          Version: '2015-11-23',
          RegionId: 'cn-hangzhou',
          AccountName: config.accountName,
          AddressType: '1',
          ReplyToAddress: 'false',
          FromAlias: config.fromAlias,
          ToAddress: to,
          Subject: subject,
          TextBody: text,
        },
        config.credentials,
        now(),
      );
      const response = await transport({
        method: 'POST',
        url: config.endpoint,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: formBody(params),
      });
      let answer: { Code?: unknown; Message?: unknown; EnvId?: unknown } = {};
      try {
        answer = JSON.parse(response.text) as typeof answer;
      } catch {
        throw new ProviderError('aliyun-dm', `HTTP ${response.status}, not JSON`);
      }
      if (response.status !== 200 || answer.Code !== undefined) {
        throw new ProviderError('aliyun-dm', `HTTP ${response.status} ${String(answer.Code)}: ${String(answer.Message)}`);
      }
    },
  };
}
