import { http } from 'shared-kernel';
import { askDownload, type DownloadOutcome, type Quota } from './documents';

export interface BlogAppendix {
  id: number;
  name: string;
  file_type: string;
  size: number;
  /** In fen; 0 is free. */
  price: number;
  is_free: boolean;
  downloads: number;
  create_time: string;
}

export interface BlogDetail {
  id: number;
  title: string;
  summary: string;
  category: { id: number; name: string };
  author: { uid: number; nickname: string };
  status: number;
  status_text: string;
  views: number;
  comment_count: number;
  collect_count: number;
  appendix_count: number;
  create_time: string;
  update_time: string;
  /** Markdown, rendered sanitized. */
  content: string;
  category_path: { id: number; name: string }[];
  appendices: BlogAppendix[];
  is_collected: boolean;
  is_owner: boolean;
}

export const getBlog = (id: string | number) => http.get<BlogDetail>(`/blogs/${id}/`, { skipErrorToast: true }).then((r) => r.data);

export const getAppendixQuota = (id: number) => http.get<Quota>(`/appendix-left-free-down-num/${id}/`).then((r) => r.data);

export const downloadAppendix = (id: number): Promise<DownloadOutcome> => askDownload(`/appendix-download/${id}/`);

export const getBlogShareSign = (id: string | number) =>
  http.get<{ sign: string; share_url: string }>(`/blogs-share-sign/${id}/`).then((r) => r.data);
