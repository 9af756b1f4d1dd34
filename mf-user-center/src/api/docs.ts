import type { DocCreateBody, DocPatchBody, MyDoc, ProgressEvent, UploadCategory, UploadSession, UploadSetting } from 'contracts';
import { http, type ListPage } from 'shared-kernel';

// The wire of uploads: the types are the contract's (contracts/src/uploads.ts).
export type { DocCreateBody, DocPatchBody, MyDoc, OffsetMismatch, UploadCategory, UploadSession, UploadSetting } from 'contracts';

/** The groups of GET /api/my-docs/?status= (the contract's MY_DOC_GROUPS). */
export const DOC_GROUPS = ['all', 'converting', 'reviewing', 'published', 'rejected', 'failed', 'removed'] as const;
export type MyDocGroup = (typeof DOC_GROUPS)[number];

/** documents.status */
export const DOC_STATUS = { reviewing: 0, published: 1, rejected: 2, failed: 3, removed: 4, restored: 5, converting: 6 } as const;

export type DocProgress = ProgressEvent;

/** The fields of POST /api/docs/ besides the upload. */
export interface DocFields {
  title: string;
  summary: string;
  category: number;
  price: number;
  preview_pages: number;
}

const quiet = { skipErrorToast: true } as const;

/** GET /api/upload-setting/ (a failure is shown in the limits' place). */
export const getUploadSetting = () => http.get<UploadSetting>('/upload-setting/', quiet).then((r) => r.data);

/** GET /api/upload-category/: every category an upload may choose. */
export const listUploadCategories = () =>
  http.get<ListPage<UploadCategory>>('/upload-category/', { ...quiet, params: { page_size: 500 } }).then((r) => r.data.results);

/** POST /api/upload-sessions/ (its errors are shown on the file's card). */
export const createUploadSession = (name: string, size: number) =>
  http.post<UploadSession>('/upload-sessions/', { name, size }, quiet).then((r) => r.data);

/** GET /api/upload-sessions/{id}/: where a session stands (after a drop or a reload). */
export const getUploadSession = (id: string, signal?: AbortSignal) =>
  http.get<UploadSession>(`/upload-sessions/${encodeURIComponent(id)}/`, { background: true, signal }).then((r) => r.data);

/**
 * PUT /api/upload-sessions/{id}/?offset=N: one chunk, raw. A background request: the uploader retries it itself
 * (no toast, no time-out offer), and without a time limit (a 5 MB chunk on a slow line).
 */
export const putChunk = (id: string, offset: number, chunk: Blob, onProgress: (loaded: number) => void, signal?: AbortSignal) =>
  http
    .put<UploadSession>(`/upload-sessions/${encodeURIComponent(id)}/`, chunk, {
      params: { offset },
      headers: { 'Content-Type': 'application/offset+octet-stream' },
      background: true,
      timeout: 0,
      signal,
      onUploadProgress: (e: { loaded: number }) => onProgress(e.loaded),
    })
    .then((r) => r.data);

/** DELETE /api/upload-sessions/{id}/: cancel. */
export const deleteUploadSession = (id: string) => http.delete(`/upload-sessions/${encodeURIComponent(id)}/`, { background: true }).then(() => undefined);

/** POST /api/docs/ (field errors are shown on the card). */
export const createDoc = (body: DocCreateBody) => http.post<MyDoc>('/docs/', body, quiet).then((r) => r.data);

/** GET /api/my-docs/?status=&search=&page=. */
export const listMyDocs = (query: { status?: MyDocGroup; search?: string; page: number }, signal?: AbortSignal) =>
  http
    .get<ListPage<MyDoc>>('/my-docs/', {
      params: { page: query.page, ...(query.status && query.status !== 'all' ? { status: query.status } : {}), ...(query.search ? { search: query.search } : {}) },
      signal,
    })
    .then((r) => r.data);

/** GET /api/my-docs/{id}/. */
export const getMyDoc = (id: number | string, background = false) =>
  http.get<MyDoc>(`/my-docs/${encodeURIComponent(String(id))}/`, background ? { background } : quiet).then((r) => r.data);

/** PATCH /api/docs/{id}/. */
export const updateDoc = (id: number, body: DocPatchBody) => http.patch<MyDoc>(`/docs/${id}/`, body, quiet).then((r) => r.data);

/** DELETE /api/docs/{id}/. */
export const deleteDoc = (id: number) => http.delete(`/docs/${id}/`).then(() => undefined);

/** POST /api/docs/{id}/retry/. */
export const retryDoc = (id: number) => http.post<MyDoc>(`/docs/${id}/retry/`).then((r) => r.data);

/** The address of the SSE stream of my docs' conversion (EventSource takes a URL, not the client). */
export function progressUrl(ids: number[]): string {
  const base = http.defaults.baseURL ?? '/api';
  return `${base}/my-docs/progress/?ids=${ids.join(',')}`;
}
