import type { Db } from '../../../core/db';
import type { FileStorage } from '../../../infra/storage/storage';
import type { SeedData, SeedOptions } from './data';
import { prepareSeed } from './prepare';
import { hasContent, vacuumAnalyze, writeSeed } from '../repositories/seed';

export { SEED_SIZES, type SeedOptions, type SeedSize } from './data';
export { hasContent } from '../repositories/seed';

export interface SeedResult {
  users: number;
  docs: number;
  pdfs: number;
  blogs: number;
  comments: number;
  ms: number;
}

function resultOf(data: SeedData): SeedResult {
  return { users: data.users.length, docs: data.docs.length, pdfs: data.pdfs, blogs: data.blogs.length, comments: data.comments.length, ms: Date.now() - data.started };
}

/**
 * Seeds when the database has no documents; answers what it made, or null when there was content already. The
 * texts, files and search vectors are made first, without the database (most of the time: PDFs); the rows are
 * then written in one transaction, so a seed that fails leaves no rows (only unreferenced files) and PGlite,
 * whose one connection a transaction holds, is busy only for the writing.
 */
export async function seedIfEmpty(db: Db, storage: FileStorage, options: SeedOptions): Promise<SeedResult | null> {
  if (await hasContent(db)) return null;
  const data = await prepareSeed(storage, options);
  const wrote = await db.transaction(async (tx) => {
    if (await hasContent(tx)) return false;
    await writeSeed(tx, data, options.log);
    return true;
  });
  if (!wrote) return null;
  // outside the transaction: merges the search indexes' pending entries, statistics for the planner, and the
  // visibility map of the new rows
  await vacuumAnalyze(db);
  const result = resultOf(data);
  options.log?.(
    `已生成演示数据：${result.docs} 篇文档（其中 PDF ${result.pdfs} 篇）、${result.blogs} 篇博客、${result.comments} 条评论、${result.users} 位用户，用时 ${(result.ms / 1000).toFixed(1)} 秒`,
  );
  return result;
}

