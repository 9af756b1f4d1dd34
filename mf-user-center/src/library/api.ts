import type { BrowsingHistoryItem, CollectFolder, FolderItem, FolderItemFate, HistoryCleared, ItemType, Page } from 'contracts';
import { http } from 'shared-kernel';

export type { BrowsingHistoryItem, CollectFolder, FolderItem, ItemType } from 'contracts';

/** GET /api/collect-folder/: my folders, the default one first (up to 100: one page is every folder a person keeps). */
export const listFolders = () => http.get<Page<CollectFolder>>('/collect-folder/', { params: { page_size: 100 } }).then((r) => r.data.results);

/** GET /api/collect-folder/{id}/: one folder (mine, or anyone's public one); its errors are the page's. */
export const getFolder = (id: string | number) =>
  http.get<CollectFolder>(`/collect-folder/${encodeURIComponent(String(id))}/`, { skipErrorToast: true }).then((r) => r.data);

export const createFolder = (name: string, isPublic: boolean) =>
  http.post<CollectFolder>('/collect-folder/', { name, is_public: isPublic }).then((r) => r.data);

export const updateFolder = (id: number, patch: { name?: string; is_public?: boolean }) =>
  http.patch<CollectFolder>(`/collect-folder/${id}/`, patch).then((r) => r.data);

/** DELETE /api/collect-folder/{id}/: its items deleted with it, or moved into `moveTo`. */
export const deleteFolder = (id: number, items: FolderItemFate, moveTo?: number) =>
  http.delete(`/collect-folder/${id}/`, { params: items === 'move' ? { items, move_to: moveTo } : { items } });

/** GET /api/collect-folder/{id}/items/: documents and blogs together, newest first. */
export const listFolderItems = (id: string | number, page: number, signal?: AbortSignal) =>
  http
    .get<Page<FolderItem>>(`/collect-folder/${encodeURIComponent(String(id))}/items/`, { params: { page }, signal, skipErrorToast: true })
    .then((r) => r.data);

/** POST /api/docs-collect/ (or blogs-collect/) with another folder: collecting again moves the item. */
export const moveItem = (type: ItemType, targetId: number, folder: number) => http.post(`/${type}-collect/`, { [type]: targetId, folder });

/** DELETE /api/docs-collect/{id}/ (or blogs-collect/): the favourite by its own id. */
export const removeItem = (type: ItemType, id: number) => http.delete(`/${type}-collect/${id}/`);

/** GET /api/articles-browsing-history/: what I read, newest first. */
export const listHistory = (page: number, signal?: AbortSignal) =>
  http.get<Page<BrowsingHistoryItem>>('/articles-browsing-history/', { params: { page }, signal }).then((r) => r.data);

export const deleteHistory = (id: number) => http.delete(`/articles-browsing-history/${id}/`);

export const clearHistory = () => http.delete<HistoryCleared>('/articles-browsing-history/').then((r) => r.data);
