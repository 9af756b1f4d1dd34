import type { CollectBody, Collected, CollectFolder, CollectFolderBody, ReportBody, ItemType } from 'contracts';
import { http } from 'shared-kernel';
import type { Page } from '../api/documents';

export type { CollectFolder } from 'contracts';

export type ItemKind = ItemType;

export const listFolders = () => http.get<Page<CollectFolder>>('/collect-folder/', { params: { page_size: 100 } }).then((r) => r.data.results);

export const createFolder = (name: string) =>
  http.post<CollectFolder>('/collect-folder/', { name } satisfies CollectFolderBody, { skipErrorToast: true }).then((r) => r.data);

/** Collects into a folder (the default one without); collecting again moves the item. */
export const collect = (kind: ItemKind, id: string | number, folder?: number) => {
  const into = folder ? { folder } : {};
  const body: CollectBody<'docs'> | CollectBody<'blogs'> = kind === 'docs' ? { docs: Number(id), ...into } : { blogs: Number(id), ...into };
  return http.post<Collected>(`/${kind}-collect/`, body).then((r) => r.data);
};

export const uncollect = (kind: ItemKind, id: string | number) => http.delete(`/${kind}-collect/`, { params: { [kind]: id } });

/** A complaint; its reason as docs-setting lists them (the API checks it against its reasons). */
export type ReportInput = Omit<ReportBody, 'reason'> & { reason: string };

export const postReport = (input: ReportInput) => http.post('/articles-report/', input, { skipErrorToast: true }).then((r) => r.data);
