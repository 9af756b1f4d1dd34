import { http } from 'shared-kernel';

/** A document as the API lists and shows it (api/src/content/serialize.ts DocItem). */
export interface DocItem {
  id: number;
  title: string;
  summary: string;
  category: { id: number; name: string };
  uploader: { uid: number; nickname: string };
  file_type: string;
  ext_cate: string;
  size: number;
  pages: number;
  status: number;
  status_text: string;
  /** 1 for published/restored documents (the icon's coloured state), else 0. */
  active: number;
  score: number;
  rating: number;
  views: number;
  downloads: number;
  comment_count: number;
  collect_count: number;
  /** In fen. */
  price: number;
  is_free: boolean;
  create_time: string;
}

export interface PreviewInfo {
  type: 'pdf' | 'text' | 'markdown' | 'none';
  pages: number;
  preview_pages: number;
  limited: boolean;
  message?: string;
}

export interface DocDetail extends DocItem {
  category_path: { id: number; name: string }[];
  preview: PreviewInfo;
  is_collected: boolean;
  is_purchased: boolean;
  is_owner: boolean;
}

export interface Page<T> {
  count: number;
  next: string | null;
  previous?: string | null;
  results: T[];
}

/** The free quota of the requester for one item (obj-left-free-down-num, appendix-left-free-down-num). */
export interface Quota {
  left: number;
  total: number;
  used: number;
  reset_time: string;
  is_free: boolean;
  price: number;
  need_pay: boolean;
  downloaded_today: boolean;
}

/** What a download that needs payment answers (402). */
export interface PayAnswer {
  code: 'payment_required' | 'free_quota_exhausted' | string;
  message: string;
  price?: number;
  is_free?: boolean;
  left?: number;
  total?: number;
  reset_time?: string;
  pay?: { route: string; query?: Record<string, string> };
}

export interface DownloadLink {
  url: string;
  expire_time: string;
  kind: string;
  left: number;
}

export type DownloadOutcome = { ok: true; link: DownloadLink } | { ok: false; pay: PayAnswer };

/** The numbers the pages need from GET docs-setting/ (limits, reasons, quotas). */
export interface DocsSetting {
  comment_max_length: number;
  report_max_length: number;
  report_reasons: { value: string; label: string }[];
  free_down_num: { user: number; visitor: number; address: number };
  preview: { paid_page_limit: number; text_page_chars: number };
}

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
  http.get<{ url: string; type: string; page: number }>(`/docs-preview-url/${id}/${page}/`, { skipErrorToast: true }).then((r) => r.data);

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
  http.get<{ sign: string; share_url: string }>(`/docs-share-sign/${id}/`).then((r) => r.data);
