import type { MailConfig } from '../../core/config';
import { postRpc } from './aliyun-rpc';
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
      const { status, answer } = await postRpc(
        'aliyun-dm',
        transport,
        config.endpoint,
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
      if (status !== 200 || answer.Code !== undefined) {
        throw new ProviderError('aliyun-dm', `HTTP ${status} ${String(answer.Code)}: ${String(answer.Message)}`);
      }
    },
  };
}
