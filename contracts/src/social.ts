import { Type, type Static, type TObject, type TSchema } from '@sinclair/typebox';
import { BlogAppendix, BlogItem, DocItem, SEARCH_MAX_CHARS } from './content';
import { ITEM_TYPES, type ItemType } from './enums';
import { Flag, PageQuery, StringEnum, Text } from './schema';

/**
 * What readers do with documents and blogs (the API's content module, besides reading them): comments,
 * favourites and their folders, browsing history, complaints, blog appendices; and the site's reference data
 * around them (categories, hot keywords and suggestions, word cutting). What is commented on, collected or
 * browsed is a document or a blog (`ItemType`); its item is content's `DocItem` or `BlogItem`.
 */

/** Longest comment, in characters as people count them (the cleaned text). */
export const COMMENT_MAX_CHARS = 500;
/** Longest complaint text. */
export const REPORT_MAX_CHARS = 1000;
/** Reasons a complaint may give. */
export const REPORT_REASONS = ['infringement', 'porn', 'politics', 'ad', 'fraud', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
/** What a complaint is about. */
export const REPORT_TARGETS = ['docs', 'blogs', 'comment'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];
/** Longest folder name. */
export const FOLDER_NAME_MAX_CHARS = 30;

const PositiveId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const DateTime = Type.String({ format: 'date-time' });

/**
 * `{ docs: schema }` or `{ blogs: schema }`: the field that names the item is the kind itself. The static types
 * of these shapes take the kind (`CommentBody<'docs'>`); without it they hold both fields, which suits a route
 * serving either kind that reads only `body[kind]`.
 */
function byKind<K extends ItemType, T extends TSchema>(kind: K, schema: T): { [P in K]: T } {
  return { [kind]: schema } as { [P in K]: T };
}

// ---------------------------------------------------------------- comments (docs-comment/, blogs-comment/)

export const CommentItem = Type.Object({
  id: Type.Integer(),
  uid: Type.Integer(),
  uname: Type.String(),
  content: Type.String({ description: '纯文本（已去除标签与控制字符）' }),
  create_time: DateTime,
  is_mine: Type.Boolean(),
});
export type CommentItem = Static<typeof CommentItem>;

export const CommentBody = <K extends ItemType>(kind: K) =>
  Type.Object({ ...byKind(kind, PositiveId), content: Text({ maxLength: COMMENT_MAX_CHARS * 4 }) }, { additionalProperties: false });
export type CommentBody<K extends ItemType = ItemType> = Static<ReturnType<typeof CommentBody<K>>>;

export const CommentQuery = <K extends ItemType>(kind: K) =>
  Type.Object({
    ...PageQuery,
    ...byKind(kind, PositiveId),
    no_comment: Type.Optional(Flag('1/true 时只返回评论数（results 为空）')),
  });
export type CommentQuery<K extends ItemType = ItemType> = Static<ReturnType<typeof CommentQuery<K>>>;

// ---------------------------------------------------------------- favourites (docs-collect/, blogs-collect/, collect-folder/)

export const CollectFolder = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  is_public: Type.Boolean(),
  is_default: Type.Boolean(),
  item_count: Type.Integer(),
  create_time: DateTime,
});
export type CollectFolder = Static<typeof CollectFolder>;

const FolderName = Text({ minLength: 1, maxLength: FOLDER_NAME_MAX_CHARS });
export const CollectFolderBody = Type.Object({ name: FolderName, is_public: Type.Optional(Type.Boolean()) }, { additionalProperties: false });
export type CollectFolderBody = Static<typeof CollectFolderBody>;
export const CollectFolderPatch = Type.Object(
  { name: Type.Optional(FolderName), is_public: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export type CollectFolderPatch = Static<typeof CollectFolderPatch>;
export const CollectFolderQuery = Type.Object({ ...PageQuery, user: Type.Optional(PositiveId) });
export type CollectFolderQuery = Static<typeof CollectFolderQuery>;

const collectedFields = { id: Type.Integer(), folder: Type.Integer() };
/** A favourite without its item: what collecting answers, whatever the kind. */
export const Collected = Type.Object({ ...collectedFields, create_time: DateTime });
export type Collected = Static<typeof Collected>;
/** The list item of each kind. */
const ITEMS = { docs: DocItem, blogs: BlogItem } as const;
/** A favourite with its item under `docs` or `blogs`. */
export const CollectItem = <K extends ItemType>(kind: K) =>
  Type.Object({ ...collectedFields, ...byKind(kind, ITEMS[kind]), create_time: DateTime });
export type CollectItem<K extends ItemType = ItemType> = Static<ReturnType<typeof CollectItem<K>>>;

export const CollectBody = <K extends ItemType>(kind: K) =>
  Type.Object({ ...byKind(kind, PositiveId), folder: Type.Optional(PositiveId) }, { additionalProperties: false });
export type CollectBody<K extends ItemType = ItemType> = Static<ReturnType<typeof CollectBody<K>>>;
export const CollectQuery = <K extends ItemType>(kind: K) =>
  Type.Object({ ...PageQuery, folder: Type.Optional(PositiveId), ...byKind(kind, Type.Optional(PositiveId)) });
export type CollectQuery<K extends ItemType = ItemType> = Static<ReturnType<typeof CollectQuery<K>>>;
export const UncollectQuery = <K extends ItemType>(kind: K): TObject<{ [P in K]: typeof PositiveId }> => Type.Object(byKind(kind, PositiveId));
export type UncollectQuery<K extends ItemType = ItemType> = Static<ReturnType<typeof UncollectQuery<K>>>;

// ---------------------------------------------------------------- browsing history (articles-browsing-history/)

export const BrowsingHistoryItem = Type.Object({
  id: Type.Integer(),
  type: StringEnum(ITEM_TYPES),
  docs: Type.Optional(DocItem),
  blogs: Type.Optional(BlogItem),
  create_time: DateTime,
});
export type BrowsingHistoryItem = Static<typeof BrowsingHistoryItem>;
export const BrowsingHistoryQuery = Type.Object({ ...PageQuery, type: Type.Optional(StringEnum(ITEM_TYPES)) });
export type BrowsingHistoryQuery = Static<typeof BrowsingHistoryQuery>;

// ---------------------------------------------------------------- complaints (articles-report/)

export const ContentReport = Type.Object({
  id: Type.Integer(),
  type: Type.String({ enum: [...REPORT_TARGETS] }),
  target: Type.Integer(),
  reason: Type.String(),
  reason_text: Type.String(),
  content: Type.String(),
  contact: Type.String(),
  status: Type.Integer({ description: '0 待处理 1 处理中 2 已处理 3 已驳回' }),
  status_text: Type.String(),
  reply: Type.String(),
  create_time: DateTime,
  update_time: DateTime,
});
export type ContentReport = Static<typeof ContentReport>;

export const ReportBody = Type.Object(
  {
    type: StringEnum(REPORT_TARGETS),
    id: PositiveId,
    reason: StringEnum(REPORT_REASONS),
    content: Text({ maxLength: REPORT_MAX_CHARS * 4 }),
    contact: Type.Optional(Text({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type ReportBody = Static<typeof ReportBody>;
export const ReportQuery = Type.Object({ ...PageQuery, status: Type.Optional(Type.Integer({ minimum: 0, maximum: 3 })) });
export type ReportQuery = Static<typeof ReportQuery>;

// ---------------------------------------------------------------- blog appendices (blogs-appendix-storage/)

const { id: appendixId, ...appendixFields } = BlogAppendix.properties;
/** A blog's appendix as its list and upload answer it: the detail's appendix with the blog it belongs to. */
export const AppendixItem = Type.Object({ id: appendixId, blogs: Type.Integer(), ...appendixFields });
export type AppendixItem = Static<typeof AppendixItem>;
export const AppendixQuery = Type.Object({ ...PageQuery, blogs: PositiveId });
export type AppendixQuery = Static<typeof AppendixQuery>;

// ---------------------------------------------------------------- reference data (categories, keywords, cut-words)

/** A list with paging only. */
export const PageOnlyQuery = Type.Object({ ...PageQuery });
export type PageOnlyQuery = Static<typeof PageOnlyQuery>;

// categories: contracts/src/content.ts

export const HotKeyword = Type.Object({ keyword: Type.String(), count: Type.Integer() });
export type HotKeyword = Static<typeof HotKeyword>;
/** `keyword` at most the longest search keyword. */
export const SuggestQuery = Type.Object({ keyword: Text({ maxLength: SEARCH_MAX_CHARS }), page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 20 })) });
export type SuggestQuery = Static<typeof SuggestQuery>;
export const SUGGESTION_TYPES = ['keyword', 'title'] as const;
export const Suggestion = Type.Object({ keyword: Type.String(), type: StringEnum(SUGGESTION_TYPES) });
export type Suggestion = Static<typeof Suggestion>;
/** Suggestions come as one page without links. */
export const Suggestions = Type.Object({ count: Type.Integer(), next: Type.Null(), previous: Type.Null(), results: Type.Array(Suggestion) });
export type Suggestions = Static<typeof Suggestions>;

export const CutWordsBody = Type.Object({ text: Text({ minLength: 1, maxLength: 2000 }) }, { additionalProperties: false });
export type CutWordsBody = Static<typeof CutWordsBody>;
export const CutWords = Type.Object({
  words: Type.Array(Type.String(), { description: '去掉标点和空白后的词' }),
  all: Type.Array(Type.String()),
});
export type CutWords = Static<typeof CutWords>;
