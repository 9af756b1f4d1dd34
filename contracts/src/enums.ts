/**
 * Enum values the wire contract's schemas are built from and that pages need at run time. This file imports
 * nothing, so that a remote importing it (`import { CAPTCHA_TYPES } from 'contracts/enums'`) bundles these few
 * values and nothing else.
 */

/** The four variants of the security check (SPEC §2 "Other dialogs"), in the order "换一种验证方式" walks through them. */
export const CAPTCHA_TYPES = ['slide', 'click', 'drag', 'rotate'] as const;
export type CaptchaType = (typeof CAPTCHA_TYPES)[number];

/** repCode values of the captcha answers (AJ-Captcha's numbers, which the client knows). */
export const CAPTCHA_REP_CODE = {
  ok: '0000',
  expired: '6110',
  wrong: '6111',
  limited: '6201',
} as const;

/** Platforms of the app and PC client releases (app_versions.platform). */
export const APP_PLATFORMS = ['android', 'ios', 'pc'] as const;
export type AppPlatform = (typeof APP_PLATFORMS)[number];

/** The mobile platforms: the app's update check and the third-party SDK list. */
export const MOBILE_PLATFORMS = ['android', 'ios'] as const;
export type MobilePlatform = (typeof MOBILE_PLATFORMS)[number];

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
