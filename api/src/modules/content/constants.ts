import { BLOG_STATUS, PUBLIC_DOC_STATUSES, type ExtCate, type ReportReason } from 'contracts';

/**
 * Rules of reading and downloading that the product decides (SPEC.md §9 leaves quotas and prices open).
 * GET /api/docs-setting/ publishes them to the client; api/README.md documents them.
 */

/** Free downloads a logged-in user gets per day (Asia/Shanghai calendar day). */
export const USER_DAILY_FREE_DOWNLOADS = 5;
/** Free downloads a visitor gets per day, counted by the visitor cookie. */
export const VISITOR_DAILY_FREE_DOWNLOADS = 2;
/**
 * Free downloads of all visitors of one address per day: clearing the cookie does not reset the visitor quota,
 * while people behind one shared address (an office, a campus) still get some.
 */
export const ADDRESS_DAILY_FREE_DOWNLOADS = 20;
/** Pages of a paid document anyone may read before buying it. */
export const PAID_PREVIEW_PAGES = 3;
/** Characters per page when a text or Markdown document is read page by page. */
export const TEXT_PAGE_CHARS = 1500;
/** The most of a PDF's first page's text kept for the page's HTML (documents.first_page_text, migration 0063). */
export const FIRST_PAGE_TEXT_CHARS = 2000;
/**
 * How long a public document's or blog's row is served from memory (load.ts, `rowCache`): another API process's
 * change shows within this; this process forgets a row as soon as it writes it.
 */
export const DETAIL_ROW_TTL_MS = 2_000;
/** Lifetime of a signed download link. */
export const DOWNLOAD_LINK_TTL_S = 300;
/** Lifetime of a signed preview link. */
export const PREVIEW_LINK_TTL_S = 600;
/** The calendar the daily quota follows (UTC+8, no daylight saving). */
export const QUOTA_DAY_OFFSET_MS = 8 * 3600 * 1000;

export { COMMENT_MAX_CHARS, REPORT_MAX_CHARS, REPORT_REASONS, SEARCH_MAX_CHARS } from 'contracts';
/**
 * A search answers at most this many items (the most relevant ones), as search engines do (Elasticsearch counts
 * exactly up to 10,000): 50 pages of 20 is more than anyone scrolls, and counting stays bounded.
 */
export const SEARCH_MAX_RESULTS = 1000;

export { BLOG_STATUS, DOC_STATUS, EXT_CATES, PUBLIC_DOC_STATUSES, type ExtCate } from 'contracts';

export const EXT_CATE_LABELS: Record<ExtCate, string> = {
  pdf: 'PDF',
  word: 'Word',
  excel: 'Excel',
  ppt: 'PPT',
  other: '其他',
  compress: '压缩包',
};

/** File extension -> ext_cate (the icon family). */
export function extCateOf(ext: string): ExtCate {
  switch (ext) {
    case 'pdf':
      return 'pdf';
    case 'doc':
    case 'docx':
    case 'wps':
    case 'rtf':
    case 'odt':
      return 'word';
    case 'xls':
    case 'xlsx':
      return 'excel';
    case 'ppt':
    case 'pptx':
      return 'ppt';
    case 'zip':
    case 'rar':
      return 'compress';
    default:
      return 'other';
  }
}

export const DOC_STATUS_TEXT: Record<number, string> = {
  0: '待审核',
  1: '已发布',
  2: '未通过',
  3: '转换失败',
  4: '已下架',
  5: '已恢复',
  6: '转换中',
};

/** A document anyone may see (PUBLIC_DOC_STATUSES); the others only their uploader. */
export function isPublicDoc(status: number): boolean {
  return PUBLIC_DOC_STATUSES.includes(status);
}

/** A blog anyone may see. */
export function isPublicBlog(status: number): boolean {
  return status === BLOG_STATUS.published;
}

/** The SQL of isPublicDoc over the documents table (`alias` when the query names it), e.g. `d.status IN (1, 5)`. */
export function publicDocCondition(alias?: string): string {
  return `${alias ? `${alias}.` : ''}status IN (${PUBLIC_DOC_STATUSES.join(', ')})`;
}

/** The SQL of isPublicBlog over the blogs table, e.g. `b.status = 1`. */
export function publicBlogCondition(alias?: string): string {
  return `${alias ? `${alias}.` : ''}status = ${BLOG_STATUS.published}`;
}
export const BLOG_STATUS_TEXT: Record<number, string> = { 0: '草稿', 1: '已发布', 2: '审核未通过', 3: '已下架', 4: '待审核' };

/** Texts of the 1 to 5 star rating. */
export const RATING_TEXTS = ['很差', '较差', '一般', '推荐', '力荐'] as const;

export const REPORT_REASON_TEXT: Record<ReportReason, string> = {
  infringement: '侵犯版权',
  porn: '色情低俗',
  politics: '政治敏感',
  ad: '广告营销',
  fraud: '欺诈信息',
  other: '其他',
};
export const REPORT_STATUS_TEXT: Record<number, string> = { 0: '待处理', 1: '处理中', 2: '已处理', 3: '已驳回' };

/** Payment pages (route names of the kernel's route table) a 402 answer points to. */
export const PAY_ROUTES = { user: 'user/pay/order', guest: 'guest/pay/order' } as const;

/** SPEC §3 "Allowed upload types": documents, images and archives; the bytes must agree (file-types.ts). */
export const UPLOAD_EXTENSIONS = [
  'doc', 'docx', 'rtf', 'wps', 'odt', 'ppt', 'pptx', 'xls', 'xlsx', 'pdf', 'epub', 'txt', 'md',
  'jpg', 'jpeg', 'png', 'zip', 'rar',
] as const;
/** Largest blog appendix file. */
export const APPENDIX_MAX_BYTES = 20 * 1024 * 1024;
/** Appendices one blog may carry. */
export const APPENDIX_MAX_PER_BLOG = 10;
/** Highest price of an appendix, in fen (0 = free). */
export const APPENDIX_MAX_PRICE = 100_000;
