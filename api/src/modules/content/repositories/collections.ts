import type { CollectFolder } from 'contracts';
import type { Queryable } from '../../../core/db';
import { publicBlogCondition, publicDocCondition } from '../constants';
import { TARGETS, type ItemTarget } from './targets';

/** The SQL of favourites: folders (collect_folders) and the items in them (collect_items). */

// ---------------------------------------------------------------- folders

type FolderRow = Omit<CollectFolder, 'create_time'> & { create_time: Date };

const FOLDER_COLUMNS = `f.id, f.name, f.is_public, f.is_default, f.create_time,
  (SELECT count(*) FROM collect_items i WHERE i.folder_id = f.id)::int AS item_count`;

/** The user's default folder, created when missing; undefined when it could not be created. */
export async function defaultFolderId(q: Queryable, userId: number, name: string, now: Date): Promise<number | undefined> {
  await q.query(
    `INSERT INTO collect_folders (user_id, name, is_default, create_time) VALUES ($1, $2, true, $3)
     ON CONFLICT DO NOTHING`,
    [userId, name, now],
  );
  const [row] = await q.query<{ id: number }>('SELECT id FROM collect_folders WHERE user_id = $1 AND is_default', [userId]);
  return row?.id;
}

/** The folder when the user owns it. */
export async function ownFolderId(q: Queryable, userId: number, id: number): Promise<number | undefined> {
  const [row] = await q.query<{ id: number }>('SELECT id FROM collect_folders WHERE id = $1 AND user_id = $2', [id, userId]);
  return row?.id;
}

const ownerWhere = (onlyPublic: boolean) => `f.user_id = $1${onlyPublic ? ' AND f.is_public' : ''}`;

export async function countFolders(q: Queryable, owner: number, onlyPublic: boolean): Promise<number> {
  return (await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM collect_folders f WHERE ${ownerWhere(onlyPublic)}`, [owner]))[0].n;
}

/** A user's folders, the default one first. */
export function listFolders(q: Queryable, owner: number, onlyPublic: boolean, limit: number, offset: number): Promise<FolderRow[]> {
  return q.query<FolderRow>(
    `SELECT ${FOLDER_COLUMNS} FROM collect_folders f WHERE ${ownerWhere(onlyPublic)}
      ORDER BY f.is_default DESC, f.create_time, f.id LIMIT $2 OFFSET $3`,
    [owner, limit, offset],
  );
}

export async function folderById(q: Queryable, id: number): Promise<(FolderRow & { user_id: number }) | undefined> {
  const [row] = await q.query<FolderRow & { user_id: number }>(`SELECT ${FOLDER_COLUMNS}, f.user_id FROM collect_folders f WHERE f.id = $1`, [id]);
  return row;
}

/** A new folder's id (a unique violation when the user already has one of this name). */
export async function insertFolder(q: Queryable, f: { userId: number; name: string; isPublic: boolean; now: Date }): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    'INSERT INTO collect_folders (user_id, name, is_public, create_time) VALUES ($1, $2, $3, $4) RETURNING id',
    [f.userId, f.name, f.isPublic, f.now],
  );
  return row.id;
}

/** Name and visibility changed where given (null keeps the value). */
export async function updateFolder(q: Queryable, id: number, name: string | null, isPublic: boolean | null): Promise<void> {
  await q.query('UPDATE collect_folders SET name = coalesce($2, name), is_public = coalesce($3, is_public) WHERE id = $1', [id, name, isPublic]);
}

export async function lockFolder(q: Queryable, id: number): Promise<{ is_default: boolean } | undefined> {
  const [row] = await q.query<{ is_default: boolean }>('SELECT is_default FROM collect_folders WHERE id = $1 FOR UPDATE', [id]);
  return row;
}

/** The favourite counts of every document and blog in the folder lowered by its items, before it goes. */
export async function uncountFolderItems(q: Queryable, folderId: number): Promise<void> {
  for (const { column, table } of Object.values(TARGETS)) {
    await q.query(
      `UPDATE ${table} t SET collect_count = greatest(t.collect_count - c.n, 0)
         FROM (SELECT ${column} AS target, count(*)::int AS n FROM collect_items WHERE folder_id = $1 AND ${column} IS NOT NULL GROUP BY 1) c
        WHERE t.id = c.target`,
      [folderId],
    );
  }
}

export async function deleteFolder(q: Queryable, id: number): Promise<void> {
  await q.query('DELETE FROM collect_folders WHERE id = $1', [id]);
}

// ---------------------------------------------------------------- items

export interface CollectRow {
  id: number;
  folder_id: number;
  target: number;
  create_time: Date;
}

/** The user's favourite of this item, locked. */
export async function lockCollected(q: Queryable, target: ItemTarget, userId: number, targetId: number): Promise<number | undefined> {
  const [row] = await q.query<{ id: number }>(`SELECT id FROM collect_items WHERE user_id = $1 AND ${target.column} = $2 FOR UPDATE`, [
    userId,
    targetId,
  ]);
  return row?.id;
}

export async function moveCollected(q: Queryable, id: number, folderId: number): Promise<void> {
  await q.query('UPDATE collect_items SET folder_id = $2 WHERE id = $1', [id, folderId]);
}

export async function insertCollected(
  q: Queryable,
  target: ItemTarget,
  c: { folderId: number; userId: number; targetId: number; now: Date },
): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO collect_items (folder_id, user_id, ${target.column}, create_time) VALUES ($1, $2, $3, $4) RETURNING id`,
    [c.folderId, c.userId, c.targetId, c.now],
  );
  return row.id;
}

export async function collectedById(q: Queryable, target: ItemTarget, id: number): Promise<CollectRow> {
  const [row] = await q.query<CollectRow>(`SELECT id, folder_id, ${target.column} AS target, create_time FROM collect_items WHERE id = $1`, [id]);
  return row;
}

/** Which of a user's favourites of one kind a list shows: all, one folder's, or the one of an item. */
export interface CollectFilter {
  userId: number;
  folderId?: number;
  targetId?: number;
}

function collectWhere(target: ItemTarget, filter: CollectFilter): { where: string; params: unknown[] } {
  const params: unknown[] = [filter.userId];
  const where = ['i.user_id = $1', `i.${target.column} IS NOT NULL`];
  if (filter.folderId !== undefined) {
    params.push(filter.folderId);
    where.push(`i.folder_id = $${params.length}`);
  }
  if (filter.targetId !== undefined) {
    params.push(filter.targetId);
    where.push(`i.${target.column} = $${params.length}`);
  }
  return { where: where.join(' AND '), params };
}

export async function countCollected(q: Queryable, target: ItemTarget, filter: CollectFilter): Promise<number> {
  const { where, params } = collectWhere(target, filter);
  return (await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM collect_items i WHERE ${where}`, params))[0].n;
}

/** Favourites, newest first. */
export function listCollected(q: Queryable, target: ItemTarget, filter: CollectFilter, limit: number, offset: number): Promise<CollectRow[]> {
  const { where, params } = collectWhere(target, filter);
  return q.query<CollectRow>(
    `SELECT i.id, i.folder_id, i.${target.column} AS target, i.create_time FROM collect_items i WHERE ${where}
      ORDER BY i.create_time DESC, i.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, limit, offset],
  );
}

/** The user's favourite of this kind found by its own id or by the item's, locked for deletion. */
export async function lockUserCollected(
  q: Queryable,
  target: ItemTarget,
  userId: number,
  by: 'id' | 'item',
  value: number,
): Promise<{ id: number; target: number } | undefined> {
  const column = by === 'id' ? 'id' : target.column;
  const [row] = await q.query<{ id: number; target: number }>(
    `SELECT id, ${target.column} AS target FROM collect_items WHERE user_id = $1 AND ${column} = $2 AND ${target.column} IS NOT NULL FOR UPDATE`,
    [userId, value],
  );
  return row;
}

export async function deleteCollected(q: Queryable, id: number): Promise<void> {
  await q.query('DELETE FROM collect_items WHERE id = $1', [id]);
}

// ---------------------------------------------------------------- a folder's items of both kinds, and a folder's fate

export interface FolderItemRow {
  id: number;
  docs_id: number | null;
  blogs_id: number | null;
  create_time: Date;
}

/** Items of a folder; for a visitor of a public folder only the items that are public themselves. */
function folderItemsWhere(onlyPublic: boolean): string {
  if (!onlyPublic) return 'i.folder_id = $1';
  return `i.folder_id = $1
    AND (i.docs_id IS NULL OR EXISTS (SELECT 1 FROM documents d WHERE d.id = i.docs_id AND ${publicDocCondition('d')}))
    AND (i.blogs_id IS NULL OR EXISTS (SELECT 1 FROM blogs b WHERE b.id = i.blogs_id AND ${publicBlogCondition('b')}))`;
}

export async function countFolderItems(q: Queryable, folderId: number, onlyPublic: boolean): Promise<number> {
  const sql = `SELECT count(*)::int AS n FROM collect_items i WHERE ${folderItemsWhere(onlyPublic)}`;
  return (await q.query<{ n: number }>(sql, [folderId]))[0].n;
}

/** The items of a folder, documents and blogs together, newest first. */
export function listFolderItems(q: Queryable, folderId: number, onlyPublic: boolean, limit: number, offset: number): Promise<FolderItemRow[]> {
  return q.query<FolderItemRow>(
    `SELECT i.id, i.docs_id, i.blogs_id, i.create_time FROM collect_items i WHERE ${folderItemsWhere(onlyPublic)}
      ORDER BY i.create_time DESC, i.id DESC LIMIT $2 OFFSET $3`,
    [folderId, limit, offset],
  );
}

/** Every item of one folder moved into another (the user's own; the unique keys are per user, so nothing collides). */
export async function moveFolderItems(q: Queryable, fromId: number, toId: number): Promise<void> {
  await q.query('UPDATE collect_items SET folder_id = $2 WHERE folder_id = $1', [fromId, toId]);
}
