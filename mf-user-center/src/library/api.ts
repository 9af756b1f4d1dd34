import type {
  BrowsingHistoryItem,
  CollectFolder,
  DownloadRecord,
  DocItem,
  DownloadStatistics,
  FolderItem,
  FolderItemFate,
  HistoryCleared,
  ItemType,
  LinkAnswer,
  Page,
  ShareFile,
  ShareLink,
  ShareTarget,
  Transfer,
  TransferBox,
} from 'contracts';
import { http } from 'shared-kernel';

export type { BrowsingHistoryItem, CollectFolder, DownloadRecord, DownloadStatistics, FolderItem, ItemType, ShareFile, ShareLink, Transfer, TransferBox } from 'contracts';

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

// ---------------------------------------------------------------- downloads, shares, transfers

/** GET /api/docs-down-history-record/: each document I downloaded once, newest first. */
export const listDownloads = (page: number, signal?: AbortSignal) =>
  http.get<Page<DownloadRecord>>('/docs-down-history-record/', { params: { page }, signal }).then((r) => r.data);

export const getDownloadStats = () => http.get<DownloadStatistics>('/docs-down-statistics/', { skipErrorToast: true }).then((r) => r.data);

/** POST /api/user-download/docs/{id}/: a short-lived link to the file (402 when it must be bought: the kernel's toast). */
export const downloadLink = (docsId: number) => http.post<LinkAnswer>(`/user-download/docs/${docsId}/`).then((r) => r.data);

/** POST /api/user-share-link/: my link to a document, blog or public folder (the same one when shared before). */
export const shareTarget = (type: ShareTarget, id: number) => http.post<ShareLink>('/user-share-link/', { type, id }).then((r) => r.data);

export const listShares = (page: number, signal?: AbortSignal) =>
  http.get<Page<ShareLink>>('/user-share-link/', { params: { page }, signal }).then((r) => r.data);

export const listTransfers = (box: TransferBox | null, page: number, signal?: AbortSignal) =>
  http.get<Page<Transfer>>('/docs-transfer/', { params: { page, ...(box ? { box } : {}) }, signal }).then((r) => r.data);

export const offerTransfer = (docs: number, toUser: number, message: string) =>
  http.post<Transfer>('/docs-transfer/', { docs, to_user: toUser, ...(message ? { message } : {}) }).then((r) => r.data);

export const decideTransfer = (id: number, decision: 'accept' | 'decline' | 'cancel') =>
  http.post<Transfer>(`/docs-transfer/${id}/${decision}/`).then((r) => r.data);

/** POST /api/user-share-file/: a download link of a document I uploaded or a free one I downloaded (7 days). */
export const shareFile = (docs: number) => http.post<ShareFile>('/user-share-file/', { docs }).then((r) => r.data);

/** GET /api/docs/?uploader=: my published documents, the ones a transfer offers (up to 100). */
export const listMyPublicDocs = (uid: number) =>
  http.get<Page<DocItem>>('/docs/', { params: { uploader: uid, page_size: 100, ordering: '-create_time' } }).then((r) => r.data);

/** GET /api/user-share-file/: my file shares, newest first, with their downloads and whether they expired. */
export const listShareFiles = (page: number, signal?: AbortSignal) =>
  http.get<Page<ShareFile>>('/user-share-file/', { params: { page }, signal }).then((r) => r.data);
