import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { seedDemoContent } from '../src/modules/content';
import { titleVectorLiteral, tsvectorLiteral } from '../src/modules/content/search/vector';
import type { RowCodec } from '../src/modules/content/row-columns';
import type { ServerOptions } from '../src/server';
import { accountOptions, type TestClock } from './accounts-helpers';
import { startServer, type TestServer } from './helpers';

/** A server with the quick demo seed (in memory, files in a temporary folder) and account test settings. */
export async function contentServer(base: ServerOptions, clock?: TestClock): Promise<TestServer> {
  const server = await startServer(accountOptions(base, { clock }));
  try {
    await seedDemoContent(server.app);
  } catch (err) {
    await server.close();
    throw err;
  }
  return server;
}

export interface DocFacts {
  id: number;
  title: string;
  file_type: string;
  pages: number;
  price: number;
  uploader_id: number;
  category_id: number;
  storage_key: string;
  sha256: string;
  size: number;
}

/** Seeded documents matching a SQL condition on `d` (and file `f`), in id order. */
export async function seededDocs(app: FastifyInstance, where: string, limit = 20): Promise<DocFacts[]> {
  return app.db.query<DocFacts>(
    `SELECT d.id, d.title, d.file_type, d.pages, d.price, d.uploader_id, d.category_id, f.storage_key, f.sha256, f.size
       FROM documents d JOIN content_files f ON f.id = d.file_id WHERE ${where} ORDER BY d.id LIMIT ${limit}`,
  );
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Adds a public text document the way an upload would leave it (file on the storage, row, search vector):
 * the arrangement for tests that need exact titles, texts or times.
 */
export async function addTextDoc(
  app: FastifyInstance,
  doc: { title: string; summary?: string; body: string; categoryId: number; uploaderId: number; createTime?: Date; downloads?: number; price?: number },
): Promise<number> {
  const bytes = Buffer.from(doc.body, 'utf8');
  const stored = await app.content.storage.put('docs', bytes);
  const [file] = await app.db.query<{ id: number }>(
    `INSERT INTO content_files (storage_key, original_name, ext, mime, size, sha256)
     VALUES ($1, $2, 'txt', 'text/plain; charset=utf-8', $3, $4) RETURNING id`,
    [stored.key, `${doc.title}.txt`, stored.size, stored.sha256],
  );
  const [row] = await app.db.query<{ id: number }>(
    `INSERT INTO documents (title, summary, category_id, uploader_id, file_id, file_type, ext_cate, size, pages, status,
                            downloads, price, is_free, search_vector, title_vector, create_time, update_time)
     VALUES ($1, $2, $3, $4, $5, 'txt', 'other', $6, 1, 1, $7, $8, $8 = 0, $9::tsvector, $11::tsvector, $10, $10) RETURNING id`,
    [
      doc.title,
      doc.summary ?? '',
      doc.categoryId,
      doc.uploaderId,
      file.id,
      stored.size,
      doc.downloads ?? 0,
      doc.price ?? 0,
      tsvectorLiteral({ title: doc.title, secondary: doc.summary, body: doc.body }),
      doc.createTime ?? new Date(),
      titleVectorLiteral(doc.title),
    ],
  );
  return row.id;
}

/** A kept row of the caches' own tests: an id, a text and whether it is hidden (not public). */
export type TestRow = { id: number; v: string; hidden?: boolean };

/** How a TestRow is kept in columns (row-columns.ts). */
export const TEST_ROW_CODEC: RowCodec<TestRow> = {
  ints: 2,
  floats: 0,
  texts: 1,
  write(row, c, i, _f, t) {
    c.ints[i] = row.id;
    c.ints[i + 1] = row.hidden ? 1 : 0;
    c.texts[t] = row.v;
    return true;
  },
  read: (c, i, _f, t) => ({ id: c.ints[i], v: c.texts[t], hidden: c.ints[i + 1] === 1 }),
};
