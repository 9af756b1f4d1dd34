import { Type, type Static } from '@sinclair/typebox';
import { BlogItem, DocItem, IdParams } from './content';
import { defineEndpoints } from './endpoint';
import { ITEM_TYPES } from './enums';
import { PageQuery, PageSchema, StringEnum } from './schema';

/**
 * "My library" (docs/library.md): what the favourites, history and local-documents pages need besides the
 * collecting and history calls of social.ts: a folder's items of both kinds (a public folder's for anyone),
 * deleting a folder with a choice of what happens to its items, clearing the history.
 */

const PositiveId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const DateTime = Type.String({ format: 'date-time' });

/** An item of a folder: `id` is the favourite's (DELETE docs-collect/{id}/ or blogs-collect/{id}/ by `type`). */
export const FolderItem = Type.Object({
  id: Type.Integer(),
  type: StringEnum(ITEM_TYPES),
  docs: Type.Optional(DocItem),
  blogs: Type.Optional(BlogItem),
  create_time: DateTime,
});
export type FolderItem = Static<typeof FolderItem>;
export const FolderItemPage = PageSchema(FolderItem);
export type FolderItemPage = Static<typeof FolderItemPage>;
export const FolderItemQuery = Type.Object({ ...PageQuery });
export type FolderItemQuery = Static<typeof FolderItemQuery>;

/** What happens to the items of a deleted folder. */
export const FOLDER_ITEM_FATES = ['delete', 'move'] as const;
export type FolderItemFate = (typeof FOLDER_ITEM_FATES)[number];
export const FolderDeleteQuery = Type.Object({
  items: Type.Optional(StringEnum(FOLDER_ITEM_FATES, { description: 'delete（默认）：收藏随收藏夹删除；move：移到 move_to' })),
  move_to: Type.Optional(PositiveId),
});
export type FolderDeleteQuery = Static<typeof FolderDeleteQuery>;

export const HistoryClearQuery = Type.Object({ type: Type.Optional(StringEnum(ITEM_TYPES)) });
export type HistoryClearQuery = Static<typeof HistoryClearQuery>;
export const HistoryCleared = Type.Object({ deleted: Type.Integer({ description: '删除的记录数' }) });
export type HistoryCleared = Static<typeof HistoryCleared>;

export const libraryEndpoints = defineEndpoints({
  'GET /api/collect-folder/{id}/items/': { params: IdParams, querystring: FolderItemQuery, response: { 200: FolderItemPage } },
  'DELETE /api/collect-folder/{id}/': { params: IdParams, querystring: FolderDeleteQuery, response: {} },
  'DELETE /api/articles-browsing-history/': { querystring: HistoryClearQuery, response: { 200: HistoryCleared } },
});
