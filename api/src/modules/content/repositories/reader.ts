import type { ItemType } from 'contracts';
import type { Db } from '../../../core/db';

// a purchase unlocks the document until its re-download period ends (the pay module's hasValidPurchase); a refund deletes it
const BOUGHT = 'SELECT 1 FROM docs_purchases WHERE user_id = $1 AND docs_id = $2 AND (expire_time IS NULL OR expire_time > $3)';

/** Whether a user keeps a document among their favourites and has bought it (a purchase still in force at `now`). */
export async function docReaderState(db: Db, userId: number, docId: number, now: Date): Promise<{ collected: boolean; purchased: boolean }> {
  const [state] = await db.query<{ collected: boolean; purchased: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM collect_items WHERE user_id = $1 AND docs_id = $2) AS collected, EXISTS (${BOUGHT}) AS purchased`,
    [userId, docId, now],
  );
  return state;
}


export async function hasCollectedBlog(db: Db, userId: number, blogId: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM collect_items WHERE user_id = $1 AND blogs_id = $2', [userId, blogId])).length > 0;
}

/** Moves the item to the top of the user's browsing history (one row per item). */
export async function recordBrowsing(db: Db, userId: number, type: ItemType, id: number, at: Date): Promise<void> {
  const column = type === 'docs' ? 'docs_id' : 'blogs_id';
  await db.query(
    `INSERT INTO browsing_history (user_id, ${column}, create_time) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, ${column}) WHERE ${column} IS NOT NULL DO UPDATE SET create_time = EXCLUDED.create_time`,
    [userId, id, at],
  );
}
