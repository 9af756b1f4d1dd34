import { BLOG_STATUS, type MyBlogFilter, type StaffBlog } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../../core/http/errors';
import type { PaginateOptions } from '../../../core/http/pagination';
import { BLOG_STATUS_TEXT } from '../../content/constants';
import { fillNames } from '../../content/load';
import { notify } from '../../notifications';
import * as repo from '../repositories/blogs';
import { blogNotFound } from './blogs';

function staffItem(row: repo.StaffBlogRow): StaffBlog {
  return {
    id: Number(row.id),
    title: row.title,
    summary: row.summary,
    content: row.content,
    category: { id: Number(row.category_id), name: row.category_name },
    author: { uid: Number(row.author_id), nickname: row.author_name },
    tags: row.tags,
    cover: row.cover,
    status: row.status,
    status_text: BLOG_STATUS_TEXT[row.status] ?? '',
    reject_reason: row.reject_reason,
    submit_time: row.submit_time as unknown as string | null,
    update_time: row.update_time as unknown as string,
  };
}

/** GET staff/blogs/: the posts of a status (by default those waiting for review), the longest waiting first. */
export function reviewQueue(app: FastifyInstance, filter: MyBlogFilter | undefined): PaginateOptions<StaffBlog> {
  const status = BLOG_STATUS[filter ?? 'pending'];
  return {
    count: () => repo.countByStatus(app.db, status),
    fetch: async (limit, offset) => (await fillNames(app, await repo.blogsByStatus(app.db, status, limit, offset))).map(staffItem),
  };
}

/** Approve (published) or reject (with the reason its author reads) a post waiting for review; 409 for any other state. */
export async function review(app: FastifyInstance, id: number, outcome: { approve: true } | { approve: false; reason: string }): Promise<StaffBlog> {
  await app.db.transaction(async (tx) => {
    const row = await repo.lockBlog(tx, id);
    if (!row) throw blogNotFound();
    if (row.status !== BLOG_STATUS.pending) {
      throw new ApiError(409, 'not_pending', `这篇文章的状态为「${BLOG_STATUS_TEXT[row.status] ?? row.status}」，不在待审核中`);
    }
    const reason = outcome.approve ? '' : outcome.reason.trim();
    await repo.setReviewed(tx, id, outcome.approve ? BLOG_STATUS.published : BLOG_STATUS.rejected, reason);
    // the author is told in the same transaction (the bell counts it live)
    const blog = { blogId: id, title: row.title, at: app.now() };
    await notify(tx, Number(row.author_id), outcome.approve ? { kind: 'blog_approved', ...blog } : { kind: 'blog_rejected', ...blog, reason });
  });
  app.content.rows.changed('blogs', id);
  const [row] = await fillNames(app, [await repo.staffBlog(app.db, id)]);
  return staffItem(row);
}
