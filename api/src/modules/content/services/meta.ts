import { COMMENT_MAX_CHARS, REPORT_MAX_CHARS, type CategoryDetail, type Category, type UploadCategory } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../../core/http/errors';
import type { CategoryNode } from '../categories';
import {
  ADDRESS_DAILY_FREE_DOWNLOADS,
  BLOG_STATUS_TEXT,
  DOC_STATUS_TEXT,
  DOWNLOAD_LINK_TTL_S,
  EXT_CATE_LABELS,
  EXT_CATES,
  PAID_PREVIEW_PAGES,
  RATING_TEXTS,
  REPORT_REASON_TEXT,
  SEARCH_MAX_CHARS,
  TEXT_PAGE_CHARS,
  USER_DAILY_FREE_DOWNLOADS,
  VISITOR_DAILY_FREE_DOWNLOADS,
} from '../constants';
import { countPublicBlogsIn } from '../repositories/blogs';
import { countPublicDocsIn } from '../repositories/documents';

/** A category with its children down to three levels below `depth` (the tree is at most that deep). */
export type CategoryOut = Category & { children?: CategoryOut[] };

export function categoryOut(node: CategoryNode, depth: number): CategoryOut {
  const base = {
    id: node.id,
    name: node.name,
    description: node.description,
    parent: node.parent_id,
    sequence: node.sequence,
    is_upload: node.is_upload,
  };
  return depth >= 3 ? base : { ...base, children: node.children.map((c) => categoryOut(c, depth + 1)) };
}

/**
 * A category page: the category, its path from the root, its children, and how many public documents and blogs
 * it holds with its sub-categories (counts kept: app.content.counts).
 */
export function categoryDetails(app: FastifyInstance): (id: number) => Promise<CategoryDetail> {
  const counts = app.content.counts;
  return async (id) => {
    const node = (await app.content.categories.all()).get(id);
    if (!node) throw new ApiError(404, 'not_found', '分类不存在');
    const ids = await app.content.categories.withDescendants(node.id);
    const [docs, blogs] = await Promise.all([
      counts.get(`cat-docs|${node.id}`, () => countPublicDocsIn(app.db, ids)),
      counts.get(`cat-blogs|${node.id}`, () => countPublicBlogsIn(app.db, ids)),
    ]);
    const path = await app.content.categories.path(node.id);
    return {
      ...categoryOut(node, 2),
      path: path.map((c) => ({ id: c.id, name: c.name })),
      children: node.children.map((c) => categoryOut(c, 3)),
      docs_count: docs,
      blogs_count: blogs,
    };
  };
}

/** The categories an upload may go to: the leaves marked for uploads, each with its full name. */
export async function uploadCategories(app: FastifyInstance): Promise<UploadCategory[]> {
  const nodes = await app.content.categories.all();
  const leaves = [...nodes.values()].filter((n) => n.is_upload && n.children.length === 0);
  return Promise.all(
    leaves.map(async (n) => ({
      id: n.id,
      name: n.name,
      full_name: (await app.content.categories.path(n.id)).map((c) => c.name).join(' / '),
      parent: n.parent_id,
    })),
  );
}

/** The limits, texts and quotas the pages show (docs-setting/). */
export function docsSetting() {
  return {
    free_down_num: { user: USER_DAILY_FREE_DOWNLOADS, visitor: VISITOR_DAILY_FREE_DOWNLOADS, address: ADDRESS_DAILY_FREE_DOWNLOADS },
    preview: { paid_page_limit: PAID_PREVIEW_PAGES, text_page_chars: TEXT_PAGE_CHARS, pdf_reader: 'pdf.js' },
    download_link_ttl: DOWNLOAD_LINK_TTL_S,
    ext_cates: EXT_CATES.map((value) => ({ value, label: EXT_CATE_LABELS[value] })),
    docs_status: Object.entries(DOC_STATUS_TEXT).map(([value, label]) => ({ value: Number(value), label })),
    blogs_status: Object.entries(BLOG_STATUS_TEXT).map(([value, label]) => ({ value: Number(value), label })),
    rating_texts: RATING_TEXTS,
    score_scale: 10000,
    comment_max_length: COMMENT_MAX_CHARS,
    report_max_length: REPORT_MAX_CHARS,
    report_reasons: Object.entries(REPORT_REASON_TEXT).map(([value, label]) => ({ value, label })),
    search_max_length: SEARCH_MAX_CHARS,
  };
}
