import type { CommentBody, CommentItem, ItemType } from 'contracts';
import { http } from 'shared-kernel';
import type { Page } from '../api/documents';

export type { CommentItem } from 'contracts';

/** What is commented on: a document or a blog (docs-comment/, blogs-comment/). */
export type CommentKind = ItemType;

export const COMMENT_PAGE_SIZE = 10;

export const listComments = (kind: CommentKind, id: string | number, page: number, signal?: AbortSignal, pageSize = COMMENT_PAGE_SIZE) =>
  http.get<Page<CommentItem>>(`/${kind}-comment/`, { params: { [kind]: id, page, page_size: pageSize }, signal }).then((r) => r.data);

/** The server's refusal is shown by the form itself, so no toast. */
export const postComment = (kind: CommentKind, id: string | number, content: string) => {
  const body: CommentBody<'docs'> | CommentBody<'blogs'> = kind === 'docs' ? { docs: Number(id), content } : { blogs: Number(id), content };
  return http.post<CommentItem>(`/${kind}-comment/`, body, { skipErrorToast: true }).then((r) => r.data);
};

export const deleteComment = (kind: CommentKind, commentId: number) => http.delete(`/${kind}-comment/${commentId}/`);
