import type { Queryable } from '../../../core/db';

export interface CommentRow {
  id: number;
  content: string;
  status: number;
  create_time: Date;
  author_id: number;
  author_name: string;
  docs_id: number | null;
  blogs_id: number | null;
  title: string;
}

export interface CommentFilter {
  status: 0 | 1;
  target?: 'docs' | 'blogs';
}

const SELECT = `SELECT c.id::int AS id, c.content, c.status::int AS status, c.create_time, c.user_id::int AS author_id,
  u.nickname AS author_name, c.docs_id::int AS docs_id, c.blogs_id::int AS blogs_id, COALESCE(d.title, b.title, '') AS title
  FROM content_comments c JOIN users u ON u.id = c.user_id
  LEFT JOIN documents d ON d.id = c.docs_id LEFT JOIN blogs b ON b.id = c.blogs_id`;

const targetSql = (f: CommentFilter) => (f.target === 'docs' ? ' AND c.docs_id IS NOT NULL' : f.target === 'blogs' ? ' AND c.blogs_id IS NOT NULL' : '');

export async function countComments(q: Queryable, f: CommentFilter): Promise<number> {
  return (await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM content_comments c WHERE c.status = $1${targetSql(f)}`, [f.status]))[0].n;
}

/** The newest first. */
export async function listComments(q: Queryable, f: CommentFilter, limit: number, offset: number): Promise<CommentRow[]> {
  return q.query<CommentRow>(`${SELECT} WHERE c.status = $1${targetSql(f)} ORDER BY c.create_time DESC, c.id DESC LIMIT $2 OFFSET $3`, [f.status, limit, offset]);
}

export async function comment(q: Queryable, id: number): Promise<CommentRow | undefined> {
  const [row] = await q.query<CommentRow>(`${SELECT} WHERE c.id = $1`, [id]);
  return row;
}

export async function lockComment(q: Queryable, id: number): Promise<void> {
  await q.query('SELECT id FROM content_comments WHERE id = $1 FOR UPDATE', [id]);
}

/** Shows a hidden comment again; answers where it is, or undefined when it was not hidden. */
export async function showComment(q: Queryable, id: number): Promise<{ docs_id: number | null; blogs_id: number | null } | undefined> {
  const [row] = await q.query<{ docs_id: number | null; blogs_id: number | null }>('UPDATE content_comments SET status = 1 WHERE id = $1 AND status = 0 RETURNING docs_id, blogs_id', [id]);
  return row;
}

export async function incrementCommentCount(q: Queryable, table: 'documents' | 'blogs', id: number): Promise<void> {
  await q.query(`UPDATE ${table} SET comment_count = comment_count + 1 WHERE id = $1`, [id]);
}
