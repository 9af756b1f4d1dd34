import { Type, type Static } from '@sinclair/typebox';
import { BlogItem, DocItem, IdParams, UserRef } from './content';
import { defineEndpoints } from './endpoint';
import { ITEM_TYPES } from './enums';
import { PageQuery, PageSchema, StringEnum, Text } from './schema';

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

// ---------------------------------------------------------------- share links (user-share-link/, s/{token}/)

/** What a share link points at. */
export const SHARE_TARGETS = ['docs', 'blogs', 'folder'] as const;
export type ShareTarget = (typeof SHARE_TARGETS)[number];
export const ShareLinkBody = Type.Object({ type: StringEnum(SHARE_TARGETS), id: PositiveId }, { additionalProperties: false });
export type ShareLinkBody = Static<typeof ShareLinkBody>;
export const ShareLink = Type.Object({
  id: Type.Integer(),
  token: Type.String(),
  url: Type.String({ description: '分享地址（本站路径 /api/s/{token}/，打开时计数并跳转到目标页面）' }),
  type: StringEnum(SHARE_TARGETS),
  target: Type.Object({ id: Type.Integer(), title: Type.String() }),
  opens: Type.Integer({ description: '被打开次数' }),
  last_open_time: Type.Union([DateTime, Type.Null()]),
  create_time: DateTime,
});
export type ShareLink = Static<typeof ShareLink>;
export const ShareLinkPage = PageSchema(ShareLink);
export type ShareLinkPage = Static<typeof ShareLinkPage>;
export const ShareLinkQuery = Type.Object({ ...PageQuery, type: Type.Optional(StringEnum(SHARE_TARGETS)) });
export type ShareLinkQuery = Static<typeof ShareLinkQuery>;
export const ShareTokenParams = Type.Object({ token: Type.String({ pattern: '^[A-Za-z0-9_-]{8,32}$' }) });
export type ShareTokenParams = Static<typeof ShareTokenParams>;

// ---------------------------------------------------------------- file shares (user-share-file/)

export const SHARE_FILE_DEFAULT_DAYS = 7;
export const SHARE_FILE_MAX_DAYS = 30;
export const ShareFileBody = Type.Object(
  { docs: PositiveId, days: Type.Optional(Type.Integer({ minimum: 1, maximum: SHARE_FILE_MAX_DAYS, description: `有效天数，默认 ${SHARE_FILE_DEFAULT_DAYS}` })) },
  { additionalProperties: false },
);
export type ShareFileBody = Static<typeof ShareFileBody>;
export const ShareFile = Type.Object({
  id: Type.Integer(),
  token: Type.String(),
  url: Type.String({ description: '下载分享地址（本站路径 /api/user-share-file/{token}/，打开即下载）' }),
  docs: Type.Object({ id: Type.Integer(), title: Type.String() }),
  downloads: Type.Integer({ description: '通过此分享下载的次数' }),
  expired: Type.Boolean(),
  expire_time: DateTime,
  create_time: DateTime,
});
export type ShareFile = Static<typeof ShareFile>;
export const ShareFilePage = PageSchema(ShareFile);
export type ShareFilePage = Static<typeof ShareFilePage>;
export const ShareFileQuery = Type.Object({ ...PageQuery });
export type ShareFileQuery = Static<typeof ShareFileQuery>;

// ---------------------------------------------------------------- document transfers (docs-transfer/)

export const TRANSFER_STATUSES = ['pending', 'accepted', 'declined', 'cancelled'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];
export const TRANSFER_BOXES = ['sent', 'received'] as const;
export type TransferBox = (typeof TRANSFER_BOXES)[number];
export const TRANSFER_MESSAGE_MAX_CHARS = 200;
export const TransferBody = Type.Object(
  { docs: PositiveId, to_user: PositiveId, message: Type.Optional(Text({ maxLength: TRANSFER_MESSAGE_MAX_CHARS * 4 })) },
  { additionalProperties: false },
);
export type TransferBody = Static<typeof TransferBody>;
export const Transfer = Type.Object({
  id: Type.Integer(),
  docs: Type.Object({ id: Type.Integer(), title: Type.String() }),
  from_user: UserRef,
  to_user: UserRef,
  status: StringEnum(TRANSFER_STATUSES),
  status_text: Type.String(),
  message: Type.String(),
  direction: StringEnum(TRANSFER_BOXES, { description: 'sent：我发出的；received：我收到的' }),
  create_time: DateTime,
  decide_time: Type.Union([DateTime, Type.Null()]),
});
export type Transfer = Static<typeof Transfer>;
export const TransferPage = PageSchema(Transfer);
export type TransferPage = Static<typeof TransferPage>;
export const TransferQuery = Type.Object({
  ...PageQuery,
  box: Type.Optional(StringEnum(TRANSFER_BOXES, { description: '不填：收发全部' })),
  status: Type.Optional(StringEnum(TRANSFER_STATUSES)),
});
export type TransferQuery = Static<typeof TransferQuery>;

export const libraryEndpoints = defineEndpoints({
  'GET /api/collect-folder/{id}/items/': { params: IdParams, querystring: FolderItemQuery, response: { 200: FolderItemPage } },
  'DELETE /api/collect-folder/{id}/': { params: IdParams, querystring: FolderDeleteQuery, response: {} },
  'DELETE /api/articles-browsing-history/': { querystring: HistoryClearQuery, response: { 200: HistoryCleared } },
  'POST /api/user-share-link/': { body: ShareLinkBody, response: { 200: ShareLink, 201: ShareLink } },
  'GET /api/user-share-link/': { querystring: ShareLinkQuery, response: { 200: ShareLinkPage } },
  'GET /api/s/{token}/': { params: ShareTokenParams, response: {} },
  'POST /api/user-share-file/': { body: ShareFileBody, response: { 201: ShareFile } },
  'GET /api/user-share-file/': { querystring: ShareFileQuery, response: { 200: ShareFilePage } },
  'GET /api/user-share-file/{token}/': { params: ShareTokenParams, response: {} },
  'POST /api/docs-transfer/': { body: TransferBody, response: { 201: Transfer } },
  'GET /api/docs-transfer/': { querystring: TransferQuery, response: { 200: TransferPage } },
  'POST /api/docs-transfer/{id}/accept/': { params: IdParams, response: { 200: Transfer } },
  'POST /api/docs-transfer/{id}/decline/': { params: IdParams, response: { 200: Transfer } },
  'POST /api/docs-transfer/{id}/cancel/': { params: IdParams, response: { 200: Transfer } },
});
