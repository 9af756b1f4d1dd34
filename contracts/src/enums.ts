/**
 * Enum values a page needs at run time. This file imports nothing, so a remote that imports it
 * (`import { EXT_CATES } from 'contracts/enums'`) pulls in these few constants and not TypeBox.
 */

/** A document's icon family (documents.ext_cate), in the order the API lists them (GET docs-setting/). */
export const EXT_CATES = ['pdf', 'word', 'excel', 'ppt', 'other', 'compress'] as const;
export type ExtCate = (typeof EXT_CATES)[number];

/** Document statuses (documents.status). */
export const DOC_STATUS = {
  pending: 0,
  published: 1,
  rejected: 2,
  conversionFailed: 3,
  removed: 4,
  restored: 5,
} as const;

/** Statuses of a document anyone may see; the others only its uploader. */
export const PUBLIC_DOC_STATUSES: readonly number[] = [DOC_STATUS.published, DOC_STATUS.restored];

/** Blog statuses (blogs.status); only published blogs are public. */
export const BLOG_STATUS = { draft: 0, published: 1, rejected: 2, removed: 3 } as const;

/** What a search or a list can hold: documents or blogs. */
export const ITEM_TYPES = ['docs', 'blogs'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];
