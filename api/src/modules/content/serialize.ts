import { Type, type Static } from '@sinclair/typebox';
import { BLOG_STATUS_TEXT, DOC_STATUS_TEXT, EXT_CATES, PUBLIC_DOC_STATUSES } from './constants';

const DateTime = Type.String({ format: 'date-time' });

export const UserRef = Type.Object({ uid: Type.Integer(), nickname: Type.String() });
export const CategoryRef = Type.Object({ id: Type.Integer(), name: Type.String() });

export const DocItem = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  summary: Type.String(),
  category: CategoryRef,
  uploader: UserRef,
  file_type: Type.String({ description: '文件扩展名，如 pdf、txt、md' }),
  ext_cate: Type.String({ enum: [...EXT_CATES], description: '图标类别' }),
  size: Type.Integer({ description: '字节数' }),
  pages: Type.Integer(),
  status: Type.Integer({ description: '0 待审核 1 已发布 2 未通过 3 转换失败 4 已下架 5 已恢复' }),
  status_text: Type.String(),
  active: Type.Integer({ description: '图标状态：1 可用（已发布/已恢复），0 置灰' }),
  score: Type.Integer({ description: '评分 x 10000' }),
  rating: Type.Integer({ minimum: 1, maximum: 5 }),
  views: Type.Integer(),
  downloads: Type.Integer(),
  comment_count: Type.Integer(),
  collect_count: Type.Integer(),
  price: Type.Integer({ description: '价格（分）' }),
  is_free: Type.Boolean(),
  create_time: DateTime,
  title_highlight: Type.Optional(Type.String({ description: '搜索时：转义后的标题，匹配处包在 <em> 中' })),
  summary_highlight: Type.Optional(Type.String()),
});
export type DocItemT = Static<typeof DocItem>;

export const BlogItem = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  summary: Type.String(),
  category: CategoryRef,
  author: UserRef,
  status: Type.Integer({ description: '0 草稿 1 已发布 2 审核未通过 3 已下架' }),
  status_text: Type.String(),
  views: Type.Integer(),
  comment_count: Type.Integer(),
  collect_count: Type.Integer(),
  appendix_count: Type.Integer(),
  create_time: DateTime,
  update_time: DateTime,
  title_highlight: Type.Optional(Type.String()),
  summary_highlight: Type.Optional(Type.String()),
});
export type BlogItemT = Static<typeof BlogItem>;

/**
 * Columns of DocRow, for DOC_FROM. Category and uploader names are not joined: they come from the cached category
 * tree and the user-name cache (fillNames in load.ts); a read joining them cost three times the one-table read on
 * PGlite (1.27 against 0.38 ms at 100,000 documents). The view count is the one join: it lives in
 * `document_views` (migration 0023), one row per document, so the counter's writes never touch `documents` and its
 * search indexes; a primary-key lookup of a two-column row, and `dv.views` is what ?ordering=views sorts by.
 */
export const DOC_COLUMNS = `d.id, d.title, d.summary, d.category_id, '' AS category_name, d.uploader_id,
  '' AS uploader_name, d.file_type, d.ext_cate, d.size, d.pages, d.status, d.score, d.rating, dv.views,
  d.downloads, d.comment_count, d.collect_count, d.price, d.is_free, d.create_time, d.file_id`;
export const DOC_VIEWS_JOIN = 'JOIN document_views dv ON dv.document_id = d.id';
export const DOC_FROM = `documents d ${DOC_VIEWS_JOIN}`;

export interface DocRow {
  id: number;
  title: string;
  summary: string;
  category_id: number;
  category_name: string;
  uploader_id: number;
  uploader_name: string;
  file_type: string;
  ext_cate: string;
  size: number;
  pages: number;
  status: number;
  score: number;
  rating: number;
  views: number;
  downloads: number;
  comment_count: number;
  collect_count: number;
  price: number;
  is_free: boolean;
  create_time: Date;
  file_id: number;
}

export function isPublicDoc(status: number): boolean {
  return (PUBLIC_DOC_STATUSES as readonly number[]).includes(status);
}

export function docItem(row: DocRow, extraViews = 0): DocItemT {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    category: { id: row.category_id, name: row.category_name },
    uploader: { uid: row.uploader_id, nickname: row.uploader_name },
    file_type: row.file_type,
    ext_cate: row.ext_cate,
    size: row.size,
    pages: row.pages,
    status: row.status,
    status_text: DOC_STATUS_TEXT[row.status] ?? '',
    active: isPublicDoc(row.status) ? 1 : 0,
    score: row.score,
    rating: row.rating,
    views: row.views + extraViews,
    downloads: row.downloads,
    comment_count: row.comment_count,
    collect_count: row.collect_count,
    price: row.price,
    is_free: row.is_free,
    // fast-json-stringify writes Date values of date-time fields as ISO 8601
    create_time: row.create_time as unknown as string,
  };
}

/** Columns of BlogRow, for BLOG_FROM; the view count lives in `blog_views`, as the documents' does. */
export const BLOG_COLUMNS = `b.id, b.title, b.summary, b.category_id, '' AS category_name, b.author_id,
  '' AS author_name, b.status, bv.views, b.comment_count, b.collect_count, b.create_time, b.update_time,
  (SELECT count(*) FROM blog_appendices a WHERE a.blogs_id = b.id)::int AS appendix_count`;
export const BLOG_FROM = 'blogs b JOIN blog_views bv ON bv.blog_id = b.id';

export interface BlogRow {
  id: number;
  title: string;
  summary: string;
  category_id: number;
  category_name: string;
  author_id: number;
  author_name: string;
  status: number;
  views: number;
  comment_count: number;
  collect_count: number;
  appendix_count: number;
  create_time: Date;
  update_time: Date;
}

export function blogItem(row: BlogRow, extraViews = 0): BlogItemT {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    category: { id: row.category_id, name: row.category_name },
    author: { uid: row.author_id, nickname: row.author_name },
    status: row.status,
    status_text: BLOG_STATUS_TEXT[row.status] ?? '',
    views: row.views + extraViews,
    comment_count: row.comment_count,
    collect_count: row.collect_count,
    appendix_count: row.appendix_count,
    create_time: row.create_time as unknown as string,
    update_time: row.update_time as unknown as string,
  };
}

/** Path parameter of an id: a positive integer that fits int8 safely (anything else answers 400 or 404). */
export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });
export type IdParamsT = Static<typeof IdParams>;

/** A query flag as clients send it: 1/0 or true/false. */
export const Flag = (description: string) => Type.Unsafe<'1' | '0' | 'true' | 'false'>({ type: 'string', enum: ['1', '0', 'true', 'false'], description });

export function flagOn(value: string | undefined): boolean | undefined {
  return value === undefined ? undefined : value === '1' || value === 'true';
}
