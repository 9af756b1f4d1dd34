import { http } from 'shared-kernel';
import type { Page } from '../api/documents';

/** What is commented on: a document or a blog (docs-comment/, blogs-comment/). */
export type CommentKind = 'docs' | 'blogs';

export interface CommentItem {
  id: number;
  uid: number;
  uname: string;
  /** Plain text (the API strips tags and control characters). */
  content: string;
  create_time: string;
  is_mine: boolean;
}

export const COMMENT_PAGE_SIZE = 10;

export const listComments = (kind: CommentKind, id: string | number, page: number, signal?: AbortSignal, pageSize = COMMENT_PAGE_SIZE) =>
  http.get<Page<CommentItem>>(`/${kind}-comment/`, { params: { [kind]: id, page, page_size: pageSize }, signal }).then((r) => r.data);

/** The server's refusal is shown by the form itself, so no toast. */
export const postComment = (kind: CommentKind, id: string | number, content: string) =>
  http.post<CommentItem>(`/${kind}-comment/`, { [kind]: Number(id), content }, { skipErrorToast: true }).then((r) => r.data);

export const deleteComment = (kind: CommentKind, commentId: number) => http.delete(`/${kind}-comment/${commentId}/`);
