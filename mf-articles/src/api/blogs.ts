import type { BlogDetail, ShareAnswer } from 'contracts';
import { http } from 'shared-kernel';
import { askDownload, type DownloadOutcome, type Quota } from './documents';

export type { BlogAppendix, BlogDetail } from 'contracts';

export const getBlog = (id: string | number) => http.get<BlogDetail>(`/blogs/${id}/`, { skipErrorToast: true }).then((r) => r.data);

export const getAppendixQuota = (id: number) => http.get<Quota>(`/appendix-left-free-down-num/${id}/`).then((r) => r.data);

export const downloadAppendix = (id: number): Promise<DownloadOutcome> => askDownload(`/appendix-download/${id}/`);

export const getBlogShareSign = (id: string | number) =>
  http.get<ShareAnswer>(`/blogs-share-sign/${id}/`).then((r) => r.data);
