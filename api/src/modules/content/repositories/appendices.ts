import type { AppendixItem } from 'contracts';
import type { Queryable } from '../../../core/db';

/** The SQL of blog appendices (blog_appendices, each with its stored file in content_files). */

export type AppendixRow = Omit<AppendixItem, 'create_time'> & { create_time: Date };

const APPENDIX_COLUMNS = `a.id, a.blogs_id AS blogs, a.name, f.ext AS file_type, f.size, a.price, (a.price = 0) AS is_free,
  a.downloads, a.create_time`;
const APPENDIX_FROM = 'blog_appendices a JOIN content_files f ON f.id = a.file_id';

export async function countAppendices(q: Queryable, blogId: number): Promise<number> {
  return (await q.query<{ n: number }>('SELECT count(*)::int AS n FROM blog_appendices WHERE blogs_id = $1', [blogId]))[0].n;
}

/** A blog's appendices, oldest first. */
export function listAppendices(q: Queryable, blogId: number, limit: number, offset: number): Promise<AppendixRow[]> {
  return q.query<AppendixRow>(`SELECT ${APPENDIX_COLUMNS} FROM ${APPENDIX_FROM} WHERE a.blogs_id = $1 ORDER BY a.id LIMIT $2 OFFSET $3`, [
    blogId,
    limit,
    offset,
  ]);
}

export async function appendixById(q: Queryable, id: number): Promise<AppendixRow> {
  const [row] = await q.query<AppendixRow>(`SELECT ${APPENDIX_COLUMNS} FROM ${APPENDIX_FROM} WHERE a.id = $1`, [id]);
  return row;
}

/** Who wrote the blog and whether it is out (any status), to decide whether an upload may start. */
export async function blogAuthorAndStatus(q: Queryable, blogId: number): Promise<{ author_id: number; status: number } | undefined> {
  const [row] = await q.query<{ author_id: number; status: number }>('SELECT author_id, status FROM blogs WHERE id = $1', [blogId]);
  return row;
}

/** Locks the blog row: two uploads at once cannot both take the last place. */
export async function lockBlog(q: Queryable, blogId: number): Promise<void> {
  await q.query('SELECT id FROM blogs WHERE id = $1 FOR UPDATE', [blogId]);
}

export interface StoredFileRow {
  key: string;
  originalName: string;
  ext: string;
  mime: string;
  size: number;
  sha256: string;
}

export async function insertFile(q: Queryable, file: StoredFileRow): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO content_files (storage_key, original_name, ext, mime, size, sha256)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [file.key, file.originalName, file.ext, file.mime, file.size, file.sha256],
  );
  return row.id;
}

export interface NewAppendix {
  blogId: number;
  fileId: number;
  uploaderId: number;
  name: string;
  price: number;
}

export async function insertAppendix(q: Queryable, a: NewAppendix): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    'INSERT INTO blog_appendices (blogs_id, file_id, uploader_id, name, price) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [a.blogId, a.fileId, a.uploaderId, a.name, a.price],
  );
  return row.id;
}

/** Who uploaded the appendix and who wrote its blog (either may delete it). */
export async function appendixOwners(q: Queryable, id: number): Promise<{ uploader_id: number; author_id: number; blogs_id: number } | undefined> {
  const [row] = await q.query<{ uploader_id: number; author_id: number; blogs_id: number }>(
    'SELECT a.uploader_id, b.author_id, a.blogs_id FROM blog_appendices a JOIN blogs b ON b.id = a.blogs_id WHERE a.id = $1',
    [id],
  );
  return row;
}

/** The appendix goes, with its download records (ON DELETE CASCADE); answers its file's id (null: gone already). */
export async function deleteAppendix(q: Queryable, id: number): Promise<number | null> {
  const [row] = await q.query<{ file_id: number }>('DELETE FROM blog_appendices WHERE id = $1 RETURNING file_id', [id]);
  return row ? Number(row.file_id) : null;
}
