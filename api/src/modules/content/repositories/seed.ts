import type { Db, Queryable } from '../../../core/db';
import { extCateOf } from '../constants';
import { dayOf } from '../day';
import { mimeOf } from '../../../infra/storage/file-types';
import { CATEGORY_TREE, type SeedData, type SeedFile } from '../seed/data';

/**
 * The search indexes of migration 0022 write through (fastupdate off), which makes a bulk insert of 100,000 rows
 * about three times slower; the seed lets them collect pending entries meanwhile, and the VACUUM after it merges them.
 */
const GIN_INDEXES = ['documents_search_idx', 'documents_title_search_idx', 'blogs_search_idx', 'blogs_title_search_idx'];
const BATCH = 500;

/** Does the database have content already? Seeding only ever fills an empty one. */
export async function hasContent(db: Queryable): Promise<boolean> {
  const [{ n }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM (SELECT 1 FROM documents LIMIT 1) d');
  return n > 0;
}

/** Merges the search indexes' pending entries, statistics for the planner, the visibility map of new rows. */
export async function vacuumAnalyze(db: Db): Promise<void> {
  await db.exec('VACUUM ANALYZE');
}

/** The rows of a prepared seed. */
export async function writeSeed(db: Queryable, data: SeedData, log: (message: string) => void = () => {}): Promise<void> {
  for (const index of GIN_INDEXES) await db.exec(`ALTER INDEX ${index} SET (fastupdate = on)`);
  const userIds = await writeUsers(db, data.users);
  const categories = await writeCategories(db);
  const docIds = await writeDocs(db, data.docs, userIds, categories.docs, log);
  const blogIds = await writeBlogs(db, data.blogs, userIds, categories.blogs);
  await writeComments(db, data.comments, userIds, docIds, blogIds);
  await writeKeywords(db, data.keywords, data.now);
  for (const index of GIN_INDEXES) await db.exec(`ALTER INDEX ${index} SET (fastupdate = off)`);
}

async function writeUsers(db: Queryable, users: SeedData['users']): Promise<number[]> {
  return (
    await db.query<{ id: number }>(
      `INSERT INTO users (nickname, level, register_platform, create_time, update_time)
       SELECT n, l, 'seed', t, t FROM unnest($1::text[], $2::int[], $3::timestamptz[]) WITH ORDINALITY AS s(n, l, t, o)
        ORDER BY o RETURNING id`,
      [users.map((u) => u.nickname), users.map((u) => u.level), users.map((u) => u.created)],
    )
  ).map((r) => r.id);
}

/** The category tree: the document categories by collection, and the blog categories in order. */
async function writeCategories(db: Queryable): Promise<{ docs: Map<string, number>; blogs: number[] }> {
  const docs = new Map<string, number>();
  const blogs: number[] = [];
  let sequence = 0;
  for (const [rootName, rootDescription, children] of CATEGORY_TREE) {
    sequence += 1;
    const [root] = await db.query<{ id: number }>(
      'INSERT INTO content_categories (name, description, sequence, is_upload) VALUES ($1, $2, $3, false) RETURNING id',
      [rootName, rootDescription, sequence],
    );
    for (const [name, description, key] of children) {
      sequence += 1;
      const [child] = await db.query<{ id: number }>(
        'INSERT INTO content_categories (parent_id, name, description, sequence) VALUES ($1, $2, $3, $4) RETURNING id',
        [root.id, name, description, sequence],
      );
      if (key === 'blog') blogs.push(child.id);
      else docs.set(key, child.id);
    }
  }
  return { docs, blogs };
}

async function insertFiles(db: Queryable, files: SeedFile[]): Promise<number[]> {
  return (
    await db.query<{ id: number }>(
      `INSERT INTO content_files (storage_key, original_name, ext, mime, size, sha256)
       SELECT k, n, e, m, s, h FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::text[])
         WITH ORDINALITY AS f(k, n, e, m, s, h, o)
        ORDER BY o RETURNING id`,
      [files.map((f) => f.key), files.map((f) => f.name), files.map((f) => f.ext), files.map((f) => mimeOf(f.ext)),
        files.map((f) => f.size), files.map((f) => f.sha)],
    )
  ).map((r) => r.id);
}

/** Sets the view counts of new items in their counter table (migration 0023), whose rows the inserts made. */
async function setViews(db: Queryable, table: 'document_views' | 'blog_views', key: 'document_id' | 'blog_id', ids: number[], views: number[]) {
  await db.query(`UPDATE ${table} c SET views = v.n FROM unnest($1::bigint[], $2::bigint[]) AS v(id, n) WHERE c.${key} = v.id`, [ids, views]);
}

/** The first page's text of the new PDF documents (the others keep ''). */
async function setFirstPageTexts(db: Queryable, ids: number[], texts: string[]) {
  const pdf = texts.flatMap((text, i) => (text ? [i] : []));
  if (!pdf.length) return;
  await db.query('UPDATE documents d SET first_page_text = v.t FROM unnest($1::bigint[], $2::text[]) AS v(id, t) WHERE d.id = v.id', [
    pdf.map((i) => ids[i]),
    pdf.map((i) => texts[i]),
  ]);
}

async function writeDocs(db: Queryable, docs: SeedData['docs'], userIds: number[], categoryIds: Map<string, number>, log: (m: string) => void) {
  const docIds: number[] = [];
  for (let start = 0; start < docs.length; start += BATCH) {
    const rows = docs.slice(start, start + BATCH);
    const fileIds = await insertFiles(db, rows.map((r) => r.file));
    const ids = await db.query<{ id: number }>(
      `INSERT INTO documents (title, summary, category_id, uploader_id, file_id, file_type, ext_cate, size, pages, status,
                              score, rating, downloads, price, is_free, free_quota_ok, search_vector, title_vector, create_time, update_time)
       SELECT t, s, c, u, f, e, x, z, p, st, sc, r, d, pr, pr = 0, pr BETWEEN 1 AND 100, vec::tsvector, tv::tsvector, ct, ct
         FROM unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[], $5::bigint[], $6::text[], $7::text[], $8::bigint[],
                     $9::int[], $10::smallint[], $11::int[], $12::smallint[], $13::bigint[], $14::int[],
                     $15::text[], $16::timestamptz[], $17::text[])
           WITH ORDINALITY AS x0(t, s, c, u, f, e, x, z, p, st, sc, r, d, pr, vec, ct, tv, o)
        ORDER BY o RETURNING id`,
      [
        rows.map((r) => r.title), rows.map((r) => r.summary), rows.map((r) => categoryIds.get(r.category) as number),
        rows.map((r) => userIds[r.uploader]), fileIds, rows.map((r) => r.file.ext), rows.map((r) => extCateOf(r.file.ext)),
        rows.map((r) => r.file.size), rows.map((r) => r.pages), rows.map((r) => r.status), rows.map((r) => r.score),
        rows.map((r) => r.rating), rows.map((r) => r.downloads), rows.map((r) => r.price),
        rows.map((r) => r.vector), rows.map((r) => r.created), rows.map((r) => r.titleVector),
      ],
    );
    // the insert's trigger gave each document its counter row (0 views)
    await setViews(db, 'document_views', 'document_id', ids.map((r) => r.id), rows.map((r) => r.views));
    await setFirstPageTexts(db, ids.map((r) => r.id), rows.map((r) => r.firstPageText));
    docIds.push(...ids.map((r) => r.id));
    if (docs.length > 5000 && (start / BATCH) % 20 === 19) log(`已写入 ${start + rows.length} / ${docs.length} 篇文档`);
  }
  return docIds;
}

async function writeBlogs(db: Queryable, blogs: SeedData['blogs'], userIds: number[], blogCategories: number[]): Promise<number[]> {
  const blogIds: number[] = [];
  for (let start = 0; start < blogs.length; start += BATCH) {
    const rows = blogs.slice(start, start + BATCH);
    const ids = (
      await db.query<{ id: number }>(
        `INSERT INTO blogs (title, summary, content, category_id, author_id, status, search_vector, title_vector,
                            create_time, update_time)
         SELECT t, s, c, g, a, st, vec::tsvector, tv::tsvector, ct, ct
           FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::bigint[], $6::smallint[], $7::text[],
                       $8::timestamptz[], $9::text[]) WITH ORDINALITY AS x(t, s, c, g, a, st, vec, ct, tv, o)
          ORDER BY o RETURNING id`,
        [rows.map((r) => r.title), rows.map((r) => r.summary), rows.map((r) => r.content), rows.map((r) => blogCategories[r.category]),
          rows.map((r) => userIds[r.author]), rows.map((r) => r.status), rows.map((r) => r.vector),
          rows.map((r) => r.created), rows.map((r) => r.titleVector)],
      )
    ).map((r) => r.id);
    await setViews(db, 'blog_views', 'blog_id', ids, rows.map((r) => r.views));
    blogIds.push(...ids);
    await writeAppendices(db, rows, ids, userIds);
  }
  return blogIds;
}

async function writeAppendices(db: Queryable, rows: SeedData['blogs'], blogIds: number[], userIds: number[]): Promise<void> {
  const withFiles = rows.flatMap((r, i) => (r.appendix ? [{ row: r, appendix: r.appendix, blogId: blogIds[i] }] : []));
  if (!withFiles.length) return;
  const fileIds = await insertFiles(db, withFiles.map((w) => w.appendix));
  await db.query(
    `INSERT INTO blog_appendices (blogs_id, file_id, uploader_id, name, price, create_time)
     SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::text[], $5::int[], $6::timestamptz[])`,
    [withFiles.map((w) => w.blogId), fileIds, withFiles.map((w) => userIds[w.row.author]), withFiles.map((w) => w.appendix.name),
      withFiles.map((w) => w.appendix.price), withFiles.map((w) => w.row.created)],
  );
}

async function writeComments(db: Queryable, comments: SeedData['comments'], userIds: number[], docIds: number[], blogIds: number[]) {
  for (let start = 0; start < comments.length; start += 2000) {
    const rows = comments.slice(start, start + 2000);
    await db.query(
      `INSERT INTO content_comments (docs_id, blogs_id, user_id, content, create_time)
       SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::text[], $5::timestamptz[])`,
      [rows.map((c) => (c.doc === null ? null : docIds[c.doc])), rows.map((c) => (c.blog === null ? null : blogIds[c.blog])),
        rows.map((c) => userIds[c.user]), rows.map((c) => c.content), rows.map((c) => c.created)],
    );
  }
  await db.query(
    `UPDATE documents d SET comment_count = c.n FROM (SELECT docs_id, count(*)::int AS n FROM content_comments
      WHERE docs_id IS NOT NULL GROUP BY docs_id) c WHERE d.id = c.docs_id`,
  );
  await db.query(
    `UPDATE blogs b SET comment_count = c.n FROM (SELECT blogs_id, count(*)::int AS n FROM content_comments
      WHERE blogs_id IS NOT NULL GROUP BY blogs_id) c WHERE b.id = c.blogs_id`,
  );
}

async function writeKeywords(db: Queryable, keywords: SeedData['keywords'], now: Date): Promise<void> {
  for (const { keyword, total } of keywords) {
    await db.query('INSERT INTO search_keywords (keyword, total, last_time) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [keyword, total, now]);
    await db.query('INSERT INTO search_keyword_days (day, keyword, count) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [dayOf(now), keyword, total]);
  }
}
