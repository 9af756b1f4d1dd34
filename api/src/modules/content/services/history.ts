import type { BrowsingHistoryQuery, ItemType } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../../core/http/errors';
import type { PaginateOptions } from '../../../core/http/pagination';
import * as repo from '../repositories/history';
import { withEitherItems, type KindItem } from './items';

/** An entry of the browsing history with its item; `type` names the kind. */
export type HistoryOut = { id: number; type: ItemType; create_time: Date } & KindItem;

/** The user's browsing history as a page source, of one kind or both; entries whose item is gone are left out. */
export function historyPages(app: FastifyInstance, userId: number, kind: BrowsingHistoryQuery['type']): PaginateOptions<HistoryOut> {
  return {
    count: () => repo.countHistory(app.db, userId, kind),
    fetch: async (limit, offset) => withEitherItems(app, await repo.listHistory(app.db, userId, kind, limit, offset)),
  };
}

export async function deleteHistory(app: FastifyInstance, userId: number, id: number): Promise<void> {
  if (!(await repo.deleteHistory(app.db, userId, id))) throw new ApiError(404, 'not_found', '浏览记录不存在');
}

/** Clears the user's history (of one kind, or all of it); answers how many entries went. */
export async function clearHistory(app: FastifyInstance, userId: number, kind: BrowsingHistoryQuery['type']): Promise<{ deleted: number }> {
  return { deleted: await repo.clearHistory(app.db, userId, kind) };
}
