import type { TransferBox, TransferStatus } from 'contracts';
import type { Queryable } from '../../../core/db';

/** The SQL of document transfers (docs_transfers) and the move of a document to its new owner. */

export interface TransferRow {
  id: number;
  docs_id: number;
  docs_title: string;
  from_user: number;
  from_nickname: string;
  to_user: number;
  to_nickname: string;
  status: TransferStatus;
  message: string;
  create_time: Date;
  decide_time: Date | null;
}

const SELECT = `SELECT t.id, t.docs_id, d.title AS docs_title, t.from_user, fu.nickname AS from_nickname, t.to_user,
    tu.nickname AS to_nickname, t.status, t.message, t.create_time, t.decide_time
  FROM docs_transfers t JOIN documents d ON d.id = t.docs_id JOIN users fu ON fu.id = t.from_user JOIN users tu ON tu.id = t.to_user`;

/** A document with its uploader, locked for a transfer's check. */
export async function lockDoc(q: Queryable, id: number): Promise<{ id: number; uploader_id: number } | undefined> {
  const [row] = await q.query<{ id: number; uploader_id: number }>('SELECT id, uploader_id FROM documents WHERE id = $1 FOR UPDATE', [id]);
  return row;
}

/** An account that can receive a document: it exists and is not deleted. */
export async function receiverExists(q: Queryable, id: number): Promise<boolean> {
  return (await q.query('SELECT 1 FROM users WHERE id = $1 AND delete_time IS NULL', [id])).length > 0;
}

/** A new pending offer's id (a unique violation when the document already has one). */
export async function insertTransfer(q: Queryable, t: { docsId: number; from: number; to: number; message: string; now: Date }): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    'INSERT INTO docs_transfers (docs_id, from_user, to_user, message, create_time) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [t.docsId, t.from, t.to, t.message, t.now],
  );
  return row.id;
}

export async function transferById(q: Queryable, id: number): Promise<TransferRow | undefined> {
  const [row] = await q.query<TransferRow>(`${SELECT} WHERE t.id = $1`, [id]);
  return row;
}

export async function lockTransfer(q: Queryable, id: number): Promise<{ id: number; docs_id: number; from_user: number; to_user: number; status: TransferStatus } | undefined> {
  const [row] = await q.query<{ id: number; docs_id: number; from_user: number; to_user: number; status: TransferStatus }>(
    'SELECT id, docs_id, from_user, to_user, status FROM docs_transfers WHERE id = $1 FOR UPDATE',
    [id],
  );
  return row;
}

export async function setStatus(q: Queryable, id: number, status: TransferStatus, now: Date): Promise<void> {
  await q.query('UPDATE docs_transfers SET status = $2, decide_time = $3 WHERE id = $1', [id, status, now]);
}

/** The document goes to its new uploader, when the old one still has it; whether it moved. */
export async function moveDoc(q: Queryable, docsId: number, from: number, to: number, now: Date): Promise<boolean> {
  const rows = await q.query('UPDATE documents SET uploader_id = $3, update_time = $4 WHERE id = $1 AND uploader_id = $2 RETURNING id', [docsId, from, to, now]);
  return rows.length > 0;
}

function where(userId: number, box: TransferBox | undefined, status: TransferStatus | undefined): { sql: string; params: unknown[] } {
  const params: unknown[] = [userId];
  const parts = [box === 'sent' ? 't.from_user = $1' : box === 'received' ? 't.to_user = $1' : '(t.from_user = $1 OR t.to_user = $1)'];
  if (status) {
    params.push(status);
    parts.push(`t.status = $${params.length}`);
  }
  return { sql: parts.join(' AND '), params };
}

export async function countTransfers(q: Queryable, userId: number, box?: TransferBox, status?: TransferStatus): Promise<number> {
  const w = where(userId, box, status);
  return (await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM docs_transfers t WHERE ${w.sql}`, w.params))[0].n;
}

/** Offers I sent or received, newest first. */
export function listTransfers(q: Queryable, userId: number, box: TransferBox | undefined, status: TransferStatus | undefined, limit: number, offset: number): Promise<TransferRow[]> {
  const w = where(userId, box, status);
  const n = w.params.length;
  return q.query<TransferRow>(`${SELECT} WHERE ${w.sql} ORDER BY t.create_time DESC, t.id DESC LIMIT $${n + 1} OFFSET $${n + 2}`, [...w.params, limit, offset]);
}
