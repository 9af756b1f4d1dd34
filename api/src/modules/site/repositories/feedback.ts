import type { Queryable } from '../../../core/db';

export interface FeedbackRow {
  id: number;
  content: string;
  contact: string;
  images: string[];
  reply: string;
  reply_time: Date | null;
  create_time: Date;
}

const COLUMNS = 'id, content, contact, images, reply, reply_time, create_time';
type StoredRow = Omit<FeedbackRow, 'images'> & { images: string };

// screenshots are stored newline-separated (a url never holds a newline: the contract's pattern)
const fromStored = (row: StoredRow): FeedbackRow => ({ ...row, images: row.images ? row.images.split('\n') : [] });

export async function insertFeedback(
  db: Queryable,
  f: { userId: number; content: string; contact: string; images: string[]; now: Date },
): Promise<FeedbackRow> {
  const [row] = await db.query<StoredRow>(
    `INSERT INTO feedback (user_id, content, contact, images, create_time) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
    [f.userId, f.content, f.contact, f.images.join('\n'), f.now],
  );
  return fromStored(row);
}

export async function countFeedback(db: Queryable, userId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM feedback WHERE user_id = $1', [userId]);
  return row.n;
}

/** A person's own feedback, newest first. */
export async function listFeedback(db: Queryable, userId: number, limit: number, offset: number): Promise<FeedbackRow[]> {
  const rows = await db.query<StoredRow>(
    `SELECT ${COLUMNS} FROM feedback WHERE user_id = $1 ORDER BY create_time DESC, id DESC LIMIT $2 OFFSET $3`,
    [userId, limit, offset],
  );
  return rows.map(fromStored);
}
