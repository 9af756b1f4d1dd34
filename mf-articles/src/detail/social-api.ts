import { http } from 'shared-kernel';
import type { Page } from '../api/documents';

export type ItemKind = 'docs' | 'blogs';

export interface CollectFolder {
  id: number;
  name: string;
  is_public: boolean;
  is_default: boolean;
  item_count: number;
}

export const listFolders = () => http.get<Page<CollectFolder>>('/collect-folder/', { params: { page_size: 100 } }).then((r) => r.data.results);

export const createFolder = (name: string) =>
  http.post<CollectFolder>('/collect-folder/', { name }, { skipErrorToast: true }).then((r) => r.data);

/** Collects into a folder (the default one without); collecting again moves the item. */
export const collect = (kind: ItemKind, id: string | number, folder?: number) =>
  http.post(`/${kind}-collect/`, { [kind]: Number(id), ...(folder ? { folder } : {}) }).then((r) => r.data as { id: number; folder: number });

export const uncollect = (kind: ItemKind, id: string | number) => http.delete(`/${kind}-collect/`, { params: { [kind]: id } });

export interface ReportInput {
  type: ItemKind | 'comment';
  id: number;
  reason: string;
  content: string;
  contact?: string;
}

export const postReport = (input: ReportInput) => http.post('/articles-report/', input, { skipErrorToast: true }).then((r) => r.data);
