import { AD_HOST_PREFIXES } from '../constants/limits';
import { BRAND } from './brand';

/**
 * The page title of the whole site (SPEC.md §1), the one place it is written:
 *   '{brand} - {subject}文档下载平台（部分文档可免费下载）'
 * {brand} is BRAND, {subject} the sub-site's subject word (siteContext().subject). Uses full-width brackets.
 */
export const PAGE_TITLE_FORMAT = '{brand} - {subject}文档下载平台（部分文档可免费下载）';

/** The subject word by host prefix; any other prefix (or none) gets the default. */
export const SUBJECTS: Readonly<Record<string, string>> = { math: '数学', algorithm: '算法' };
export const DEFAULT_SUBJECT = '信息安全';

export interface SiteContext {
  /** The host prefix ('' when there is none), lower case. */
  prefix: string;
  subject: string;
  /** Site title, see PAGE_TITLE_FORMAT. */
  title: string;
  adsEnabled: boolean;
}

/** Two-label public suffixes, so that e.g. `zhiku.com.cn` counts as having no prefix. */
const TWO_LABEL_SUFFIXES = new Set(['com.cn', 'net.cn', 'org.cn', 'gov.cn', 'edu.cn', 'com.hk', 'com.tw']);

/**
 * The sub-site prefix of a host name: the label in front of the registered domain. 'math.zhiku.com' -> 'math',
 * 'zhiku.com' -> '', 'localhost' and IP addresses -> ''. Under `localhost` (which browsers resolve to loopback
 * for any name in front of it) the first label is the prefix: 'math.localhost' and 'math.zhiku.localhost' -> 'math'.
 */
export function hostPrefix(hostname: string): string {
  const host = hostname.toLowerCase().replace(/\.$/, '').replace(/:\d+$/, '');
  if (host === '' || /^[\d.]+$/.test(host) || host.includes(':')) return '';
  const labels = host.split('.');
  const domainLabels = labels.at(-1) === 'localhost' ? 1 : TWO_LABEL_SUFFIXES.has(labels.slice(-2).join('.')) ? 3 : 2;
  return labels.length > domainLabels ? labels[0] : '';
}

export function pageTitle(subject: string): string {
  return PAGE_TITLE_FORMAT.replace('{brand}', BRAND).replace('{subject}', subject);
}

/** The sub-site of a host: subject word, title and whether ads show. */
export function siteContext(hostname: string = typeof location === 'undefined' ? '' : location.hostname): SiteContext {
  const prefix = hostPrefix(hostname);
  const subject = SUBJECTS[prefix] ?? DEFAULT_SUBJECT;
  return { prefix, subject, title: pageTitle(subject), adsEnabled: AD_HOST_PREFIXES.includes(prefix) };
}
