import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../../core/db';
import { defineModule } from '../../core/module';
import { every } from '../../core/sweep';
import { loadPayConfig, type PayConfig } from './config';
import type { UserPackageRow } from './repositories/packages';
import { catalogRoutes } from './routes/catalog';
import { notifyRoutes } from './routes/notify';
import { orderRoutes } from './routes/orders';
import { staffPayRoutes } from './routes/staff';
import { guestAccess, type GuestAccess } from './services/guest';
import { packageFor, spendPackageDownload } from './services/packages';
import { buildProviders, type Providers } from './services/providers';
import { refundOrder } from './services/refunds';
import { sweepOrders } from './services/status';

/** What the pay module offers the rest of the API (the content module's downloads) and the tests. */
export interface PayService {
  config: PayConfig;
  providers: Providers;
  /** Whether the order's provider may be asked about it again now (at most every queryMinIntervalMs). */
  queryDue(orderNo: string): boolean;
  /** The package a paid download would take from, inside the download's transaction. */
  packageFor(tx: Queryable, userId: number, priceFen: number, now: Date): Promise<UserPackageRow | undefined>;
  spendPackageDownload: typeof spendPackageDownload;
  /** A guest's paid document on the device that paid (POST /api/once-docs-url/). */
  guestAccess(request: FastifyRequest, orderNo: string): Promise<GuestAccess>;
  /** Closes expired unpaid orders and queries ones left paying; answers how many it looked at. */
  sweep(): Promise<number>;
  /** A full refund (staff: `npm run refund -w api`; the staff console later). */
  refund(orderNo: string, reason: string, operator: string): Promise<string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    pay: PayService;
  }
}

export interface PayOptions extends Record<string, unknown> {
  /** Default: loadPayConfig(process.env, mode, siteOrigin). */
  config?: PayConfig;
  siteOrigin?: string;
}

function queryThrottle(minIntervalMs: number, now: () => Date): (orderNo: string) => boolean {
  const last = new Map<string, number>();
  return (orderNo) => {
    const t = now().getTime();
    if (last.size > 10_000) last.clear();
    const previous = last.get(orderNo);
    if (previous !== undefined && t - previous < minIntervalMs) return false;
    last.set(orderNo, t);
    return true;
  };
}

/**
 * Money in (issue 13): download packages, orders paid through Alipay and WeChat Pay (real adapters, pointed at
 * the providers or their local simulators), notifications settled once, guests' purchases, refunds; every
 * money movement a ledger entry (modules/ledger). docs/payments.md.
 */
export const payModule = defineModule<PayOptions>('pay', ['core', 'infra', 'accounts', 'notifications'], async (app: FastifyInstance, options) => {
  const config = options.config ?? loadPayConfig(process.env, app.accountsConfig.mode, options.siteOrigin);
  const service: PayService = {
    config,
    providers: buildProviders(config, app.now),
    queryDue: queryThrottle(config.queryMinIntervalMs, app.now),
    packageFor,
    spendPackageDownload,
    guestAccess: (request, orderNo) => guestAccess(app, request, orderNo),
    sweep: () => sweepOrders(app),
    refund: (orderNo, reason, operator) => refundOrder(app, orderNo, reason, operator),
  };
  app.decorate('pay', service);
  every(app, config.sweepIntervalMs, 'payment sweep', () => service.sweep());
  await app.register(catalogRoutes);
  await app.register(orderRoutes);
  await app.register(notifyRoutes);
  await app.register(staffPayRoutes);
});
