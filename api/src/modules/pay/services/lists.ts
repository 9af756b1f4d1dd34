import type { Order, OrderState, PricePolicy, UserPackage } from 'contracts';
import type { FastifyInstance } from 'fastify';
import type { PaginateOptions } from '../../../core/http/pagination';
import { countOrders, listOrders } from '../repositories/orders';
import { countUserPackages, listUserPackages } from '../repositories/packages';
import { countPolicies, listPolicies, type PolicyRow } from '../repositories/policies';
import { orderItem } from './serialize';

/** A package as everyone sees it, with the price of one of its downloads. */
export function policyItem(p: PolicyRow): PricePolicy {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    price: p.price,
    original_price: p.original_price,
    downloads: p.downloads,
    valid_days: p.valid_days,
    max_doc_price: p.max_doc_price,
    unit_price: Math.round(p.price / p.downloads),
    sequence: p.sequence,
    recommended: p.recommended,
  };
}

export function policyList(app: FastifyInstance, order: string): PaginateOptions<PricePolicy> {
  return {
    count: () => countPolicies(app.db),
    fetch: async (limit, offset) => (await listPolicies(app.db, order, limit, offset)).map(policyItem),
  };
}

export function orderList(app: FastifyInstance, userId: number, state: OrderState | undefined, order: string): PaginateOptions<Order> {
  return {
    count: () => countOrders(app.db, { userId, state }),
    // a paying order carries what the page needs to go on paying it (去支付)
    fetch: async (limit, offset) => (await listOrders(app.db, { userId, state }, order, limit, offset)).map((o) => orderItem(o, true)),
  };
}

export function packageList(app: FastifyInstance, userId: number): PaginateOptions<UserPackage> {
  const now = app.now();
  return {
    count: () => countUserPackages(app.db, userId),
    fetch: async (limit, offset) =>
      (await listUserPackages(app.db, userId, limit, offset)).map((p) => ({
        id: p.id,
        name: p.name,
        downloads: p.downloads,
        downloads_left: Number(p.downloads_left),
        max_doc_price: p.max_doc_price,
        create_time: p.create_time.toISOString(),
        expire_time: p.expire_time.toISOString(),
        active: !p.revoked && p.expire_time > now && Number(p.downloads_left) > 0,
      })),
  };
}
