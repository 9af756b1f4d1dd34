import type { UploadCategory } from 'contracts';
import { http, type ListPage } from 'shared-kernel';

export type { UploadCategory } from 'contracts';

// The wire of uploads (the spec's Wire section). These types mirror contracts/src/uploads.ts, written at the same
// time by the API's helper, under its names (UploadSetting, UploadSession, OffsetMismatch, MyDocGroup, MyDoc,
// ProgressEvent, DocCreateBody, DocPatchBody): at merge they become `import type { … } from 'contracts'`.

/** GET /api/upload-setting/: the limits, shown before a file is picked. */
export interface UploadSetting {
  max_size: number;
  image_max_size: number;
  max_batch: number;
  daily_uploads: number;
  /** null for a visitor */
  left_today: number | null;
  chunk_size: number;
  max_price: number;
  preview_pages: { min: number; max: number; default: number };
  types: { documents: string[]; images: string[]; archives: string[] };
  converter_ready: boolean;
  converter_message: string;
}

/** One resumable upload (one file). */
export interface UploadSession {
  id: string;
  name: string;
  size: number;
  offset: number;
  chunk_size: number;
  expire_time: string;
}

/** The 409 of a chunk sent at the wrong offset. */
export interface OffsetMismatch {
  message: string;
  code: 'offset_mismatch';
  offset: number;
}

/** The groups of GET /api/my-docs/?status= (the contract's MY_DOC_GROUPS). */
export const DOC_GROUPS = ['all', 'converting', 'reviewing', 'published', 'rejected', 'failed', 'removed'] as const;
export type MyDocGroup = (typeof DOC_GROUPS)[number];

/** documents.status */
export const DOC_STATUS = { reviewing: 0, published: 1, rejected: 2, failed: 3, removed: 4, restored: 5, converting: 6 } as const;

export interface MyDoc {
  id: number;
  title: string;
  summary: string;
  category: { id: number; name: string };
  file_type: string;
  ext_cate: string;
  size: number;
  pages: number;
  status: number;
  status_text: string;
  stage: string;
  progress: number;
  reason: string;
  price: number;
  is_free: boolean;
  preview_pages: number;
  views: number;
  downloads: number;
  earned_coins: number;
  create_time: string;
  update_time: string;
  cover_url: string | null;
}

/** One `progress` event of GET /api/my-docs/progress/ (the contract's name; DocProgress here, the DOM has a ProgressEvent too). */
interface ProgressEvent {
  id: number;
  status: number;
  status_text: string;
  stage: string;
  progress: number;
  reason: string;
}

export type DocProgress = ProgressEvent;

/** The fields of POST /api/docs/ besides the upload. */
export interface DocFields {
  title: string;
  summary: string;
  category: number;
  price: number;
  preview_pages: number;
}

export interface DocCreateBody extends DocFields {
  upload: string;
  agree: true;
}

export type DocPatchBody = Partial<DocFields> & { upload?: string };

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
