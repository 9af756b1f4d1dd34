import type { Db, Queryable } from '../../../core/db';

/** The SQL of written blogs: the posts (blogs), their working copies (blog_drafts) and the review queue. */

export interface DraftFields {
  title: string;
  summary: string;
  content: string;
  category: number;
  tags: string[];
  cover: string;
}

export interface DraftRow extends DraftFields {
  version: number;
  update_time: Date;
}

export interface MyBlogRow {
  id: number;
  author_id: number;
  status: number;
  reject_reason: string;
  views: number;
  comment_count: number;
  collect_count: number;
  appendix_count: number;
  appendix_income: number;
  submit_time: Date | null;
  create_time: Date;
  update_time: Date;
  /** The post's submitted title and text (what review and readers see). */
  post_title: string;
  post_content: string;
  draft_title: string;
  draft_summary: string;
  draft_content: string;
  draft_category: number;
  draft_tags: string[];
  draft_cover: string;
  draft_version: number;
  draft_update_time: Date;
  unsubmitted_changes: boolean;
}

const MY_COLUMNS = `b.id, b.author_id, b.status, b.reject_reason, bv.views, b.comment_count, b.collect_count,
  (SELECT count(*) FROM blog_appendices a WHERE a.blogs_id = b.id)::int AS appendix_count,
  (SELECT coalesce(sum(a.price), 0) FROM download_records r JOIN blog_appendices a ON a.id = r.appendix_id
    WHERE a.blogs_id = b.id AND r.kind = 'paid')::int AS appendix_income,
  b.submit_time, b.create_time, b.update_time, b.title AS post_title, b.content AS post_content,
  d.title AS draft_title, d.summary AS draft_summary, d.content AS draft_content, d.category_id AS draft_category,
  d.tags AS draft_tags, d.cover AS draft_cover, d.version AS draft_version, d.update_time AS draft_update_time,
  (b.status = 0 OR (d.title, d.summary, d.content, d.category_id, d.tags, d.cover)
    IS DISTINCT FROM (b.title, b.summary, b.content, b.category_id, b.tags, b.cover)) AS unsubmitted_changes`;
const MY_FROM = 'blogs b JOIN blog_views bv ON bv.blog_id = b.id JOIN blog_drafts d ON d.blog_id = b.id';

/** A new post (status 0) and its draft, version 1; answers its id. */
export async function insertBlog(db: Db, authorId: number, fields: DraftFields): Promise<number> {
  return db.transaction(async (tx) => {
    const [{ id }] = await tx.query<{ id: number }>(
      `INSERT INTO blogs (title, category_id, author_id, status) VALUES ('', $1, $2, 0) RETURNING id`,
      [fields.category, authorId],
    );
    await tx.query(
      `INSERT INTO blog_drafts (blog_id, title, summary, content, category_id, tags, cover) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [id, fields.title, fields.summary, fields.content, fields.category, fields.tags, fields.cover],
    );
    return Number(id);
  });
}

/** One of the author's posts with its draft, undefined when there is no such post of theirs. */
export async function myBlog(q: Queryable, authorId: number, id: number): Promise<MyBlogRow | undefined> {
  const [row] = await q.query<MyBlogRow>(`SELECT ${MY_COLUMNS} FROM ${MY_FROM} WHERE b.id = $1 AND b.author_id = $2`, [id, authorId]);
  return row;
}

export async function countMyBlogs(q: Queryable, authorId: number, status: number | null): Promise<number> {
  const [{ n }] = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM blogs WHERE author_id = $1 AND ($2::smallint IS NULL OR status = $2)',
    [authorId, status],
  );
  return n;
}

/** The author's posts, the last changed first. */
export function myBlogs(q: Queryable, authorId: number, status: number | null, limit: number, offset: number): Promise<MyBlogRow[]> {
  return q.query<MyBlogRow>(
    `SELECT ${MY_COLUMNS} FROM ${MY_FROM} WHERE b.author_id = $1 AND ($2::smallint IS NULL OR b.status = $2)
      ORDER BY greatest(b.update_time, d.update_time) DESC, b.id DESC LIMIT $3 OFFSET $4`,
    [authorId, status, limit, offset],
  );
}

/**
 * Saves the draft when it is still at `version` (and the post is the author's): answers the new version, or
 * null when the draft is at another version or is not theirs (the caller tells which).
 */
export async function saveDraft(q: Queryable, authorId: number, id: number, version: number, fields: Partial<DraftFields>): Promise<number | null> {
  const [row] = await q.query<{ version: number }>(
    `UPDATE blog_drafts d SET title = coalesce($4, d.title), summary = coalesce($5, d.summary),
            content = coalesce($6, d.content), category_id = coalesce($7, d.category_id),
            tags = coalesce($8::text[], d.tags), cover = coalesce($9, d.cover), version = d.version + 1, update_time = now()
      WHERE d.blog_id = $1 AND d.version = $3 AND EXISTS (SELECT 1 FROM blogs b WHERE b.id = d.blog_id AND b.author_id = $2)
      RETURNING d.version`,
    [id, authorId, version, fields.title ?? null, fields.summary ?? null, fields.content ?? null, fields.category ?? null,
      fields.tags ?? null, fields.cover ?? null],
  );
  return row ? row.version : null;
}

/** Copies the draft into the post and puts it in review (status 4), with its search vectors. */
export async function submitDraft(q: Queryable, id: number, vectors: { search: string; title: string }): Promise<void> {
  await q.query(
    `UPDATE blogs b SET title = d.title, summary = d.summary, content = d.content, category_id = d.category_id,
            tags = d.tags, cover = d.cover, status = 4, reject_reason = '', submit_time = now(), update_time = now(),
            search_vector = $2::tsvector, title_vector = $3::tsvector
       FROM blog_drafts d WHERE d.blog_id = b.id AND b.id = $1`,
    [id, vectors.search, vectors.title],
  );
}

/** Locks the post's row for a status change; answers its status and author. */
export async function lockBlog(q: Queryable, id: number): Promise<{ status: number; author_id: number; title: string } | undefined> {
  const [row] = await q.query<{ status: number; author_id: number; title: string }>('SELECT status, author_id, title FROM blogs WHERE id = $1 FOR UPDATE', [id]);
  return row;
}

/** Deletes the author's post (its draft, appendices, comments go with it); answers the appendices' file ids, null when not theirs. */
export async function deleteBlog(q: Queryable, authorId: number, id: number): Promise<number[] | null> {
  const files = await q.query<{ file_id: number }>(
    'DELETE FROM blog_appendices a USING blogs b WHERE a.blogs_id = b.id AND b.id = $1 AND b.author_id = $2 RETURNING a.file_id',
    [id, authorId],
  );
  const gone = await q.query('DELETE FROM blogs WHERE id = $1 AND author_id = $2 RETURNING id', [id, authorId]);
  return gone.length ? files.map((f) => Number(f.file_id)) : null;
}

export interface StaffBlogRow {
  id: number;
  title: string;
  summary: string;
  content: string;
  category_id: number;
  category_name: string;
  author_id: number;
  author_name: string;
  tags: string[];
  cover: string;
  status: number;
  reject_reason: string;
  submit_time: Date | null;
  update_time: Date;
}

const STAFF_COLUMNS = `id, title, summary, content, category_id, '' AS category_name, author_id, '' AS author_name, tags, cover,
  status, reject_reason, submit_time, update_time`;

export async function countByStatus(q: Queryable, status: number): Promise<number> {
  const [{ n }] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM blogs WHERE status = $1', [status]);
  return n;
}

/** Posts of a status, the longest waiting first. */
export function blogsByStatus(q: Queryable, status: number, limit: number, offset: number): Promise<StaffBlogRow[]> {
  return q.query<StaffBlogRow>(
    `SELECT ${STAFF_COLUMNS} FROM blogs WHERE status = $1 ORDER BY submit_time NULLS LAST, id LIMIT $2 OFFSET $3`,
    [status, limit, offset],
  );
}

export async function staffBlog(q: Queryable, id: number): Promise<StaffBlogRow> {
  const [row] = await q.query<StaffBlogRow>(`SELECT ${STAFF_COLUMNS} FROM blogs WHERE id = $1`, [id]);
  return row;
}

/** A review's outcome: published (1) or rejected (2) with the reason. */
export async function setReviewed(q: Queryable, id: number, status: 1 | 2, reason: string): Promise<void> {
  await q.query('UPDATE blogs SET status = $2, reject_reason = $3, update_time = now() WHERE id = $1', [id, status, reason]);
}
