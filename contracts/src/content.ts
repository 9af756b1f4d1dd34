import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { EXT_CATES, ITEM_TYPES } from './enums';
import { Flag, Ordering, PageQuery, StringEnum, Text } from './schema';

/**
 * Reading, search and downloads (the API's content module): documents, blogs, lists, details, search, free
 * download quotas, signed download and preview links.
 */

/** Longest search keyword. */
export const SEARCH_MAX_CHARS = 50;

const DateTime = Type.String({ format: 'date-time' });
const Id = (description?: string) => Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, ...(description ? { description } : {}) });

/** Path parameter of an id: a positive integer that fits int8 safely (anything else answers 400 or 404). */
export const IdParams = Type.Object({ id: Id() });
export type IdParams = Static<typeof IdParams>;

export const UserRef = Type.Object({ uid: Type.Integer(), nickname: Type.String() });
export type UserRef = Static<typeof UserRef>;
export const CategoryRef = Type.Object({ id: Type.Integer(), name: Type.String() });
export type CategoryRef = Static<typeof CategoryRef>;

/** Search hits carry the title and summary as escaped text with the matches in <em>. */
const Highlights = {
  title_highlight: Type.Optional(Type.String({ description: '搜索时：转义后的标题，匹配处包在 <em> 中' })),
  summary_highlight: Type.Optional(Type.String()),
};

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
  ...Highlights,
});
export type DocItem = Static<typeof DocItem>;

export const BlogItem = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  summary: Type.String(),
  category: CategoryRef,
  author: UserRef,
  status: Type.Integer({ description: '0 草稿 1 已发布 2 审核未通过 3 已下架 4 待审核' }),
  status_text: Type.String(),
  views: Type.Integer(),
  comment_count: Type.Integer(),
  collect_count: Type.Integer(),
  appendix_count: Type.Integer(),
  create_time: DateTime,
  update_time: DateTime,
  ...Highlights,
});
export type BlogItem = Static<typeof BlogItem>;

/** A list item of GET articles/: a document or a blog. */
export const ArticleItem = Type.Union([
  Type.Object({ type: Type.Literal('docs'), ...DocItem.properties }),
  Type.Object({ type: Type.Literal('blogs'), ...BlogItem.properties }),
]);
export type ArticleItem = Static<typeof ArticleItem>;

// ---- lists and search ----

const Keyword = Text({ maxLength: SEARCH_MAX_CHARS, description: '搜索关键词' });
const CategoryId = Id('分类 id（含其子分类）');

export const DOC_ORDER_FIELDS = ['create_time', 'downloads', 'views', 'score', 'price'] as const;
export type DocOrderField = (typeof DOC_ORDER_FIELDS)[number];
export const BLOG_ORDER_FIELDS = ['create_time', 'update_time', 'views'] as const;
export type BlogOrderField = (typeof BLOG_ORDER_FIELDS)[number];
export const ARTICLE_ORDER_FIELDS = ['create_time', 'views'] as const;
export type ArticleOrderField = (typeof ARTICLE_ORDER_FIELDS)[number];

/** GET docs/: public documents; with `search`, the documents matching it (best first unless ordered). */
export const DocsQuery = Type.Object({
  ...PageQuery,
  ordering: Ordering(DOC_ORDER_FIELDS),
  category: Type.Optional(CategoryId),
  ext_cate: Type.Optional(StringEnum(EXT_CATES)),
  is_free: Type.Optional(Flag('1/true 只看免费，0/false 只看付费')),
  uploader: Type.Optional(Id()),
  search: Type.Optional(Keyword),
});
export type DocsQuery = Static<typeof DocsQuery>;

/** GET blogs/: published blogs; with `search`, the blogs matching it. */
export const BlogsQuery = Type.Object({
  ...PageQuery,
  ordering: Ordering(BLOG_ORDER_FIELDS),
  category: Type.Optional(CategoryId),
  author: Type.Optional(Id()),
  search: Type.Optional(Keyword),
});
export type BlogsQuery = Static<typeof BlogsQuery>;

/** GET articles/: documents and blogs together; with `keyword`, the site search. */
export const ArticlesQuery = Type.Object({
  ...PageQuery,
  ordering: Ordering(ARTICLE_ORDER_FIELDS),
  keyword: Type.Optional(Keyword),
  type: Type.Optional(StringEnum(ITEM_TYPES)),
  category: Type.Optional(CategoryId),
  ext_cate: Type.Optional(StringEnum(EXT_CATES)),
});
export type ArticlesQuery = Static<typeof ArticlesQuery>;

/** GET articles-recommend/: documents of the category of `docs` or `blogs`, else the best rated. */
export const RecommendQuery = Type.Object({
  ...PageQuery,
  docs: Type.Optional(Id()),
  blogs: Type.Optional(Id()),
});
export type RecommendQuery = Static<typeof RecommendQuery>;

// ---- details ----

export const PREVIEW_TYPES = ['pdf', 'text', 'markdown', 'none'] as const;

export const PreviewInfo = Type.Object({
  type: StringEnum(PREVIEW_TYPES, { description: '预览方式：pdf（pdf.js）、text、markdown、none（暂不支持预览）' }),
  pages: Type.Integer({ description: '全文页数' }),
  preview_pages: Type.Integer({ description: '可预览的页数' }),
  limited: Type.Boolean({ description: '为 true 时只能预览前 preview_pages 页（付费文档）' }),
});
export type PreviewInfo = Static<typeof PreviewInfo>;

export const DocDetail = Type.Object({
  ...DocItem.properties,
  category_path: Type.Array(CategoryRef, { description: '从根分类到本分类' }),
  preview: PreviewInfo,
  first_page_text: Type.String({ description: 'PDF 预览第 1 页的文字（页面的 HTML 与读屏用；最多 2,000 字）；其他预览方式为空' }),
  is_collected: Type.Boolean(),
  is_purchased: Type.Boolean(),
  is_owner: Type.Boolean(),
});
export type DocDetail = Static<typeof DocDetail>;

export const BlogAppendix = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  file_type: Type.String(),
  size: Type.Integer(),
  price: Type.Integer({ description: '价格（分），0 为免费' }),
  is_free: Type.Boolean(),
  downloads: Type.Integer(),
  create_time: DateTime,
});
export type BlogAppendix = Static<typeof BlogAppendix>;

export const BlogDetail = Type.Object({
  ...BlogItem.properties,
  content: Type.String({ description: 'Markdown 正文（客户端渲染时须经过净化）' }),
  category_path: Type.Array(CategoryRef),
  appendices: Type.Array(BlogAppendix),
  is_collected: Type.Boolean(),
  is_owner: Type.Boolean(),
});
export type BlogDetail = Static<typeof BlogDetail>;

// ---- downloads ----

/** GET obj-left-free-down-num/docs/:id/ and appendix-left-free-down-num/:id/. */
export const QuotaAnswer = Type.Object({
  left: Type.Integer({ description: '今日剩余免费下载次数' }),
  total: Type.Integer({ description: '每日免费下载次数' }),
  used: Type.Integer(),
  reset_time: DateTime,
  is_free: Type.Boolean({ description: '该文档/附件是否免费' }),
  price: Type.Integer({ description: '价格（分）' }),
  need_pay: Type.Boolean({ description: '下载前需要付费（付费且未购买）' }),
  downloaded_today: Type.Boolean({ description: '今天已下载过（再次下载不占次数）' }),
});
export type QuotaAnswer = Static<typeof QuotaAnswer>;

/** POST user-download/docs/:id/ and appendix-download/:id/: a short-lived signed link. */
export const LinkAnswer = Type.Object({
  url: Type.String({ description: '短时有效的下载链接（同源路径）' }),
  expire_time: DateTime,
  kind: Type.String({ description: 'free 免费次数 / paid 已购买 / repeat 今日重复下载 / owner 自己上传 / package 下载套餐' }),
  left: Type.Integer({ description: '今日剩余免费下载次数' }),
  message: Type.Optional(Type.String({ description: '本次下载用了什么（中文）' })),
  package_left: Type.Optional(Type.Integer({ description: 'kind=package：套餐剩余下载次数' })),
});
export type LinkAnswer = Static<typeof LinkAnswer>;

/** What a download that needs payment answers (402 payment_required or free_quota_exhausted): an error body with the payment's facts. */
export const PayAnswer = Type.Object({
  code: Type.String({ description: 'payment_required 需购买 / free_quota_exhausted 今日免费次数已用完' }),
  message: Type.String(),
  docs: Type.Optional(Type.Integer()),
  appendix: Type.Optional(Type.Integer()),
  price: Type.Optional(Type.Integer({ description: '价格（分）' })),
  is_free: Type.Optional(Type.Boolean()),
  left: Type.Optional(Type.Integer()),
  total: Type.Optional(Type.Integer()),
  reset_time: Type.Optional(DateTime),
  pay: Type.Optional(
    Type.Object({
      route: Type.String({ description: '支付页的路由，如 user/pay/order' }),
      query: Type.Optional(Type.Record(Type.String(), Type.String())),
    }),
  ),
});
export type PayAnswer = Static<typeof PayAnswer>;

export const ShareQuery = Type.Object({ sign: Type.Optional(Text({ maxLength: 100 })) });
export type ShareQuery = Static<typeof ShareQuery>;
export const TokenQuery = Type.Object({ token: Text({ minLength: 1, maxLength: 300 }) });
export type TokenQuery = Static<typeof TokenQuery>;

/** GET docs-share-sign/:id/ and blogs-share-sign/:id/. */
export const ShareAnswer = Type.Object({
  sign: Type.String({ description: '分享签名（登录用户才有；未登录为空串）' }),
  share_url: Type.String(),
});
export type ShareAnswer = Static<typeof ShareAnswer>;

export const DownloadRecord = Type.Object({
  id: Type.Integer(),
  docs: DocItem,
  kind: Type.String(),
  create_time: DateTime,
});
export type DownloadRecord = Static<typeof DownloadRecord>;
export const DownloadRecordQuery = Type.Object({ ...PageQuery, docs: Type.Optional(Id()) });
export type DownloadRecordQuery = Static<typeof DownloadRecordQuery>;
export const HistoryRecordQuery = Type.Object({ ...PageQuery });
export type HistoryRecordQuery = Static<typeof HistoryRecordQuery>;

export const DownloadStatistics = Type.Object({
  today: Type.Integer({ description: '今日下载次数' }),
  total: Type.Integer({ description: '累计下载次数' }),
  free_total: Type.Integer({ description: '每日免费下载次数' }),
  free_left: Type.Integer({ description: '今日剩余免费下载次数' }),
  uploaded_downloads: Type.Integer({ description: '我上传的文档被下载的总次数' }),
});
export type DownloadStatistics = Static<typeof DownloadStatistics>;

// ---- preview ----

export const PreviewParams = Type.Object({ id: Id(), page: Type.Integer({ minimum: 1, maximum: 100_000 }) });
export type PreviewParams = Static<typeof PreviewParams>;

/** GET docs-preview-page/:id/. */
export const PreviewPage = Type.Object({
  id: Type.Integer(),
  type: Type.String(),
  pages: Type.Integer(),
  preview_pages: Type.Integer(),
  limited: Type.Boolean(),
  message: Type.String({ description: '受限时给读者看的说明' }),
});
export type PreviewPage = Static<typeof PreviewPage>;

/** GET docs-preview-url/:id/:page/. */
export const PreviewUrl = Type.Object({
  id: Type.Integer(),
  page: Type.Integer(),
  type: Type.String(),
  url: Type.String({ description: 'pdf：前 preview_pages 页的 PDF（各页相同）；text/markdown：该页文本' }),
  expire_time: DateTime,
});
export type PreviewUrl = Static<typeof PreviewUrl>;

// ---- categories ----

const CategoryFields = {
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  parent: Type.Union([Type.Integer(), Type.Null()]),
  sequence: Type.Integer(),
  is_upload: Type.Boolean(),
};
/** A category without its children. */
export const Category = Type.Object(CategoryFields);
export type Category = Static<typeof Category>;

/** A root of GET articles-category/ with its children down to three levels (the tree is at most that deep). */
export const CategoryTreeItem = Type.Object({
  ...CategoryFields,
  children: Type.Array(Type.Object({ ...CategoryFields, children: Type.Array(Type.Object({ ...CategoryFields, children: Type.Array(Category) })) })),
});
export type CategoryTreeItem = Static<typeof CategoryTreeItem>;
/** A category with its children as far down as an answer goes (what CategoryTreeItem is at any level). */
export type CategoryWithChildren = Category & { children?: CategoryWithChildren[] };

/** GET articles-category/:id/. */
export const CategoryDetail = Type.Object({
  ...CategoryFields,
  path: Type.Array(CategoryRef, { description: '从根分类到本分类' }),
  children: Type.Array(Category),
  docs_count: Type.Integer({ description: '本分类及子分类的公开文档数' }),
  blogs_count: Type.Integer(),
});
export type CategoryDetail = Static<typeof CategoryDetail>;

/** An item of GET upload-category/: a category an upload may choose. */
export const UploadCategory = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  full_name: Type.String({ description: '如“诗词 / 唐诗”' }),
  parent: Type.Union([Type.Integer(), Type.Null()]),
});
export type UploadCategory = Static<typeof UploadCategory>;

// ---- the site's settings ----

const Labelled = <T extends TSchema>(value: T) => Type.Array(Type.Object({ value, label: Type.String() }));

/** GET docs-setting/: the numbers and labels the pages need (limits, reasons, quotas, statuses). */
export const DocsSetting = Type.Object({
  free_down_num: Type.Object({
    user: Type.Integer({ description: '登录用户每日免费下载次数' }),
    visitor: Type.Integer({ description: '访客每日免费下载次数' }),
    address: Type.Integer({ description: '同一地址的访客每日免费下载次数' }),
  }),
  preview: Type.Object({
    paid_page_limit: Type.Integer({ description: '付费文档可预览的页数' }),
    text_page_chars: Type.Integer({ description: '文本预览每页字数' }),
    pdf_reader: Type.String(),
  }),
  download_link_ttl: Type.Integer({ description: '下载链接有效秒数' }),
  ext_cates: Labelled(StringEnum(EXT_CATES)),
  docs_status: Labelled(Type.Integer()),
  blogs_status: Labelled(Type.Integer()),
  rating_texts: Type.Array(Type.String()),
  score_scale: Type.Integer(),
  comment_max_length: Type.Integer(),
  report_max_length: Type.Integer(),
  report_reasons: Labelled(Type.String()),
  search_max_length: Type.Integer(),
});
export type DocsSetting = Static<typeof DocsSetting>;
