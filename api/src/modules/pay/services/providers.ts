import { fetchTransport } from '../../../infra/providers/http-transport';
import type { PayChannel, PaymentProvider, PayMethod } from '../../../infra/payments/types';
import { alipayProvider } from '../../../infra/payments/alipay/adapter';
import { wxpayProvider } from '../../../infra/payments/wxpay/adapter';
import type { PayConfig } from '../config';

export type Providers = Partial<Record<PayMethod, PaymentProvider>>;

/** The configured providers: the real adapters, pointed at the provider or at its local simulator. */
export function buildProviders(config: PayConfig, now: () => Date): Providers {
  const transport = fetchTransport(config.providerTimeoutMs);
  return {
    ...(config.alipay ? { alipay: alipayProvider(config.alipay, transport, now) } : {}),
    ...(config.wxpay ? { wxpay: wxpayProvider(config.wxpay, transport, now) } : {}),
  };
}

export function offers(providers: Providers, method: PayMethod, channel: PayChannel): PaymentProvider | undefined {
  const provider = providers[method];
  return provider && provider.channels.includes(channel) ? provider : undefined;
}
