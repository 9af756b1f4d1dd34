import { BLOG_STATUS, MY_BLOG_FILTERS, type BlogCreateBody, type BlogDraft, type BlogDraftPatch, type MyBlog, type MyBlogFilter, type MyBlogItem } from 'contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, invalid } from '../../../core/http/errors';
import type { PaginateOptions } from '../../../core/http/pagination';
import { BLOG_STATUS_TEXT } from '../../content/constants';
import { completeDeletions } from '../../content/file-sweeper';
import { releaseFile } from '../../content/repositories/files';
import { titleVectorLiteral, tsvectorLiteral } from '../../content/search/vector';
import * as repo from '../repositories/blogs';
import { machineChecks } from './checks';

/** The status number of a list filter (`?status=pending`). */
export function filterStatus(filter: MyBlogFilter | undefined): number | null {
  return filter === undefined ? null : BLOG_STATUS[filter];
}
export { MY_BLOG_FILTERS };

/** Another user's post answers as a missing one: nobody learns which ids exist. */
export function blogNotFound(): ApiError {
  return new ApiError(404, 'not_found', '文章不存在或已被删除');
}

function draftOf(row: repo.MyBlogRow): BlogDraft {
  return {
    title: row.draft_title,
    summary: row.draft_summary,
    content: row.draft_content,
    category: Number(row.draft_category),
    tags: row.draft_tags,
    cover: row.draft_cover,
    version: row.draft_version,
    update_time: row.draft_update_time as unknown as string,
  };
}

async function myItem(app: FastifyInstance, row: repo.MyBlogRow): Promise<MyBlogItem> {
  const categories = await app.content.categories.all();
  const category = Number(row.draft_category);
  return {
    id: Number(row.id),
    title: row.draft_title || row.post_title,
    status: row.status,
    status_text: BLOG_STATUS_TEXT[row.status] ?? '',
    reject_reason: row.reject_reason,
    category: { id: category, name: categories.get(category)?.name ?? '' },
    views: Number(row.views),
    comment_count: row.comment_count,
    collect_count: row.collect_count,
    appendix_count: row.appendix_count,
    appendix_income: row.appendix_income,
    unsubmitted_changes: row.unsubmitted_changes,
    submit_time: row.submit_time as unknown as string | null,
    create_time: row.create_time as unknown as string,
    update_time: row.update_time as unknown as string,
  };
}

async function myBlogOf(app: FastifyInstance, row: repo.MyBlogRow): Promise<MyBlog> {
  return { ...(await myItem(app, row)), draft: draftOf(row) };
}

/** The author's post with its draft, else 404 (also for another user's post). */
export async function readMyBlog(app: FastifyInstance, authorId: number, id: number): Promise<MyBlog> {
  const row = await repo.myBlog(app.db, authorId, id);
  if (!row) throw blogNotFound();
  return myBlogOf(app, row);
}

export function myBlogPages(app: FastifyInstance, authorId: number, filter: MyBlogFilter | undefined): PaginateOptions<MyBlogItem> {
  const status = filterStatus(filter);
  return {
    count: () => repo.countMyBlogs(app.db, authorId, status),
    fetch: async (limit, offset) => Promise.all((await repo.myBlogs(app.db, authorId, status, limit, offset)).map((r) => myItem(app, r))),
  };
}

async function checkCategory(app: FastifyInstance, category: number | undefined): Promise<void> {
  if (category === undefined) return;
  if (!(await app.content.categories.all()).has(category)) throw invalid({ category: ['分类不存在'] }, '分类不存在');
}

const cleanTags = (tags: string[] | undefined) => (tags ? [...new Set(tags.map((t) => t.trim()).filter(Boolean))] : undefined);

/** POST blogs/: a new post, a draft of version 1. */
export async function createBlog(app: FastifyInstance, authorId: number, body: BlogCreateBody): Promise<MyBlog> {
  await checkCategory(app, body.category);
  const id = await repo.insertBlog(app.db, authorId, {
    title: body.title?.trim() ?? '',
    summary: body.summary ?? '',
    content: body.content ?? '',
    category: body.category,
    tags: cleanTags(body.tags) ?? [],
    cover: body.cover ?? '',
  });
  return readMyBlog(app, authorId, id);
}

/**
 * PATCH blogs/{id}/ (autosave): saves the draft when it is still at the version the page based its text on.
 * Otherwise 409 draft_conflict with the server's draft: another tab or device saved first, and the page offers
 * both texts rather than overwriting either.
 */
export async function saveDraft(app: FastifyInstance, authorId: number, id: number, patch: BlogDraftPatch): Promise<MyBlog> {
  await checkCategory(app, patch.category);
  const { version, ...fields } = patch;
  const saved = await repo.saveDraft(app.db, authorId, id, version, { ...fields, title: fields.title?.trim(), tags: cleanTags(fields.tags) });
  const row = await repo.myBlog(app.db, authorId, id);
  if (!row) throw blogNotFound();
  if (saved === null) {
    throw new ApiError(409, 'draft_conflict', '这篇草稿已在别处保存了更新的版本，请选择保留哪一份', undefined, { draft: draftOf(row) });
  }
  return myBlogOf(app, row);
}

/** POST blogs/{id}/submit/: the machine checks, then the draft becomes the post and waits for review. */
export async function submitBlog(app: FastifyInstance, authorId: number, id: number): Promise<MyBlog> {
  const row = await repo.myBlog(app.db, authorId, id);
  if (!row) throw blogNotFound();
  if (row.status === BLOG_STATUS.removed) throw new ApiError(409, 'removed', '文章已被下架，不能再提交');
  const problems = machineChecks({ title: row.draft_title, content: row.draft_content, summary: row.draft_summary });
  if (problems) throw invalid(problems, Object.values(problems)[0][0]);
  const categories = await app.content.categories.all();
  const search = tsvectorLiteral({
    title: row.draft_title,
    secondary: `${categories.get(Number(row.draft_category))?.name ?? ''} ${row.draft_summary} ${row.draft_tags.join(' ')}`,
    body: row.draft_content,
  });
  await repo.submitDraft(app.db, id, { search, title: titleVectorLiteral(row.draft_title) });
  app.content.rows.changed('blogs', id);
  return readMyBlog(app, authorId, id);
}

/** DELETE blogs/{id}/: the post, its draft and appendices; the appendices' stored files are queued for deletion. */
export async function deleteBlog(app: FastifyInstance, request: FastifyRequest, authorId: number, id: number): Promise<void> {
  const queued = await app.db.transaction(async (tx) => {
    const files = await repo.deleteBlog(tx, authorId, id);
    if (files === null) return null;
    const deletions = [];
    for (const fileId of files) {
      const q = await releaseFile(tx, fileId);
      if (q) deletions.push(q);
    }
    return deletions;
  });
  if (queued === null) throw blogNotFound();
  app.content.rows.changed('blogs', id);
  if (queued.length) {
    await completeDeletions(app.db, app.content.storage, queued, (err) => request.log.warn({ err }, 'appendix files left to the sweeper'));
  }
}
