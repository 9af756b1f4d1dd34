import type { BrowsingHistoryQuery, ItemType } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../../core/http/errors';
import type { PaginateOptions } from '../../../core/http/pagination';
import * as repo from '../repositories/history';
import { itemsOf, type KindItem } from './items';

/** An entry of the browsing history with its item; `type` names the kind. */
export type HistoryOut = { id: number; type: ItemType; create_time: Date } & KindItem;

/** The user's browsing history as a page source, of one kind or both; entries whose item is gone are left out. */
export function historyPages(app: FastifyInstance, userId: number, kind: BrowsingHistoryQuery['type']): PaginateOptions<HistoryOut> {
  return {
    count: () => repo.countHistory(app.db, userId, kind),
    fetch: async (limit, offset) => {
      const rows = await repo.listHistory(app.db, userId, kind, limit, offset);
      const docs = await itemsOf(app, 'docs', rows.flatMap((r) => (r.docs_id ? [r.docs_id] : [])));
      const blogs = await itemsOf(app, 'blogs', rows.flatMap((r) => (r.blogs_id ? [r.blogs_id] : [])));
      return rows.flatMap((r): HistoryOut[] => {
        const type: ItemType = r.docs_id ? 'docs' : 'blogs';
        const item = r.docs_id ? docs.get(r.docs_id) : blogs.get(r.blogs_id as number);
        return item ? [{ id: r.id, type, ...item, create_time: r.create_time }] : [];
      });
    },
  };
}

export async function deleteHistory(app: FastifyInstance, userId: number, id: number): Promise<void> {
  if (!(await repo.deleteHistory(app.db, userId, id))) throw new ApiError(404, 'not_found', '浏览记录不存在');
}
