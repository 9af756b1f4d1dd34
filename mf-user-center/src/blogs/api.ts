import type { AppendixItem, BlogCreateBody, BlogDraft, BlogDraftPatch, MyBlog, MyBlogFilter, MyBlogItem, StoredImage, UploadCategory } from 'contracts';
import { http, type ListPage } from 'shared-kernel';

export type { AppendixItem, BlogDraft, MyBlog, MyBlogFilter, MyBlogItem, UploadCategory } from 'contracts';

// The writing wire (contracts/src/writing.ts), the picture upload of the uploads work (POST img-storage/) and
// the blog appendices (blogs-appendix-storage/). Errors are shown by the pages, in their place.

const quiet = { skipErrorToast: true } as const;

/** blogs.status */
export const BLOG_STATUS = { draft: 0, published: 1, rejected: 2, removed: 3, pending: 4 } as const;

/** The fields a draft holds (all but its version). */
export type DraftFields = Omit<BlogDraft, 'version' | 'update_time'>;

export const createBlog = (body: BlogCreateBody) => http.post<MyBlog>('/blogs/', body, quiet).then((r) => r.data);

/** PATCH blogs/{id}/: autosave, in the background (no toast, no time-out offer); 409 carries the server's draft. */
export const saveDraft = (id: number, body: BlogDraftPatch) =>
  http.patch<MyBlog>(`/blogs/${id}/`, body, { ...quiet, background: true }).then((r) => r.data);

export const submitBlog = (id: number) => http.post<MyBlog>(`/blogs/${id}/submit/`, undefined, quiet).then((r) => r.data);

export const deleteBlog = (id: number) => http.delete(`/blogs/${id}/`).then(() => undefined);

export const getMyBlog = (id: number | string) => http.get<MyBlog>(`/my-blogs/${encodeURIComponent(String(id))}/`, quiet).then((r) => r.data);

export const listMyBlogs = (status: MyBlogFilter | undefined, page: number) =>
  http.get<ListPage<MyBlogItem>>('/my-blogs/', { ...quiet, params: { page, ...(status ? { status } : {}) } }).then((r) => r.data);

/** The categories a post may choose (the same tree as uploads'). */
export const listCategories = () =>
  http.get<ListPage<UploadCategory>>('/upload-category/', { ...quiet, params: { page_size: 500 } }).then((r) => r.data.results);

export const uploadImage = (file: File, onProgress: (pct: number) => void) => {
  const form = new FormData();
  form.append('file', file);
  form.append('purpose', 'blog');
  return http
    .post<StoredImage>('/img-storage/', form, {
      ...quiet,
      background: true,
      timeout: 0,
      onUploadProgress: (e: { loaded: number; total?: number }) => onProgress(Math.min(100, Math.floor((e.loaded / (e.total || file.size || 1)) * 100))),
    })
    .then((r) => r.data);
};

export const listAppendices = (blogId: number) =>
  http.get<ListPage<AppendixItem>>('/blogs-appendix-storage/', { ...quiet, params: { blogs: blogId, page_size: 100 } }).then((r) => r.data.results);

export const uploadAppendix = (blogId: number, file: File, name: string, priceFen: number, onProgress: (pct: number) => void) => {
  const form = new FormData();
  form.append('blogs', String(blogId));
  if (name) form.append('name', name);
  form.append('price', String(priceFen));
  form.append('file', file);
  return http
    .post<AppendixItem>('/blogs-appendix-storage/', form, {
      ...quiet,
      timeout: 0,
      onUploadProgress: (e: { loaded: number; total?: number }) => onProgress(Math.min(100, Math.floor((e.loaded / (e.total || file.size || 1)) * 100))),
    })
    .then((r) => r.data);
};

export const deleteAppendix = (id: number) => http.delete(`/blogs-appendix-storage/${id}/`, quiet).then(() => undefined);
