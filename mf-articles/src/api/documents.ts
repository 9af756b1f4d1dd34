import type {
  PreviewInfo as ContractPreviewInfo,
  DocDetail,
  DocItem,
  DocsSetting,
  LinkAnswer,
  Page,
  PayAnswer,
  PreviewPage,
  PreviewUrl,
  QuotaAnswer,
  ShareAnswer,
} from 'contracts';
import { http } from 'shared-kernel';

export type { DocDetail, DocItem, DocsSetting, Page, PayAnswer } from 'contracts';
/** What the preview shows: a document's preview, and the note GET docs-preview-page/ adds to it. */
export type PreviewInfo = ContractPreviewInfo & Partial<Pick<PreviewPage, 'message'>>;
/** The free quota of the requester for one item (obj-left-free-down-num, appendix-left-free-down-num). */
export type Quota = QuotaAnswer;
export type DownloadLink = LinkAnswer;

export type DownloadOutcome = { ok: true; link: DownloadLink } | { ok: false; pay: PayAnswer };

export const getDoc = (id: string | number) => http.get<DocDetail>(`/docs/${id}/`, { skipErrorToast: true }).then((r) => r.data);

export const getDocQuota = (id: string | number) => http.get<Quota>(`/obj-left-free-down-num/docs/${id}/`).then((r) => r.data);

export const getRecommend = (id: string | number, pageSize = 6) =>
  http.get<Page<DocItem>>('/articles-recommend/', { params: { docs: id, page_size: pageSize } }).then((r) => r.data);

let settings: Promise<DocsSetting> | null = null;
/** Fetched once per page load; a failure is forgotten so the next caller tries again. */
export function getDocsSetting(): Promise<DocsSetting> {
  settings ??= http.get<DocsSetting>('/docs-setting/', { background: true }).then(
    (r) => r.data,
    (error: unknown) => {
      settings = null;
      throw error;
    },
  );
  return settings;
}

export const getPreviewUrl = (id: string | number, page: number) =>
  http.get<PreviewUrl>(`/docs-preview-url/${id}/${page}/`, { skipErrorToast: true }).then((r) => r.data);

/** The text behind a signed preview URL (TXT and Markdown pages), as the API serves it. */
export const getPreviewText = (url: string) =>
  http.get<string>(apiPath(url), { responseType: 'text', transformResponse: (d: unknown) => d }).then((r) => r.data);

/** '/api/x/' from the API -> '/x/' for the kernel client (whose base is the API). */
export function apiPath(url: string): string {
  return url.startsWith('/api/') ? url.slice(4) : url;
}

/** An API path as the browser opens it (a link or an <iframe>): the client's base plus the path. */
export function apiHref(url: string): string {
  if (!url.startsWith('/api/')) return url;
  const base = String(http.defaults.baseURL ?? '/api').replace(/\/+$/, '');
  return `${base}${url.slice(4)}`;
}

/** POST user-download: a signed link, or what the payment page needs (402). Other errors are thrown. */
export async function downloadDoc(id: string | number, sign?: string): Promise<DownloadOutcome> {
  return askDownload(`/user-download/docs/${id}/`, sign ? { sign } : undefined);
}

export async function askDownload(path: string, params?: Record<string, string>): Promise<DownloadOutcome> {
  try {
    const { data } = await http.post<DownloadLink>(path, {}, { params, skipErrorToast: true });
    return { ok: true, link: data };
  } catch (error) {
    const response = (error as { response?: { status: number; data: PayAnswer } }).response;
    if (response?.status === 402 && response.data && typeof response.data === 'object') return { ok: false, pay: response.data };
    throw error;
  }
}

export const getDocShareSign = (id: string | number) =>
  http.get<ShareAnswer>(`/docs-share-sign/${id}/`).then((r) => r.data);
