import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../core/module';
import { every } from '../../core/sweep';
import { alipayPayouts } from '../../infra/payments/alipay/payout';
import type { PayoutProvider, WithdrawChannelName } from '../../infra/payments/types';
import { wxpayPayouts } from '../../infra/payments/wxpay/payout';
import { fetchTransport } from '../../infra/providers/http-transport';
import { coinRoutes } from './routes/coins';
import { staffRoutes } from './routes/staff';
import { withdrawalRoutes } from './routes/withdrawals';
import { releaseDue } from './services/earnings';
import { sweepPayouts } from './services/payouts';

export interface CoinsService {
  /** Where withdrawals are paid out: the providers' transfer adapters (or their simulators), as payments are configured. */
  payouts: Partial<Record<WithdrawChannelName, PayoutProvider>>;
  /** Releases due earnings and sends or asks again about unfinished payouts; answers how many it looked at. */
  sweep(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    coins: CoinsService;
  }
}

/**
 * Coins (issue 14): uploaders' earnings (frozen, then available), coin payments for documents, coin records, and
 * withdrawals paid out through Alipay and WeChat Pay, reviewed by staff above the automatic limit. Every coin
 * movement is a ledger entry (modules/ledger). docs/payments.md, "Coins".
 */
export const coinsModule = defineModule('coins', ['core', 'infra', 'accounts', 'notifications', 'pay'], async (app: FastifyInstance) => {
  const config = app.pay.config;
  const transport = fetchTransport(config.providerTimeoutMs);
  const service: CoinsService = {
    payouts: {
      ...(config.alipay ? { alipay: alipayPayouts(config.alipay, transport, app.now) } : {}),
      ...(config.wxpay ? { wxpay: wxpayPayouts(config.wxpay, transport, app.now) } : {}),
    },
    sweep: async () => (await releaseDue(app.db, app.now(), null)) + (await sweepPayouts(app)),
  };
  app.decorate('coins', service);
  every(app, config.sweepIntervalMs, 'coins sweep', () => service.sweep());
  await app.register(coinRoutes);
  await app.register(withdrawalRoutes);
  await app.register(staffRoutes);
});
