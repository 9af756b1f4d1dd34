import { FOLDER_NAME_MAX_CHARS, type CollectFolderPatch, type ItemType } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { isUniqueViolation } from '../../../core/db/errors';
import { ApiError, invalid } from '../../../core/http/errors';
import type { PaginateOptions } from '../../../core/http/pagination';
import { clock } from '../context';
import * as repo from '../repositories/collections';
import { moveCount, TARGETS } from '../repositories/targets';
import { ensurePublic, itemsOf, withEitherItems, type KindItem } from './items';
import { requiredText } from './text-input';

const DEFAULT_FOLDER = '默认收藏夹';

// ---------------------------------------------------------------- folders

/** The user's default folder, created on first use. */
async function defaultFolder(app: FastifyInstance, userId: number): Promise<number> {
  const id = await repo.defaultFolderId(app.db, userId, DEFAULT_FOLDER, clock(app));
  if (id === undefined) throw new ApiError(409, 'conflict', '默认收藏夹创建失败，请重试');
  return id;
}

/** A folder of the user's own, else 404. */
export async function ownFolder(app: FastifyInstance, userId: number, id: number): Promise<number> {
  const found = await repo.ownFolderId(app.db, userId, id);
  if (found === undefined) throw new ApiError(404, 'not_found', '收藏夹不存在');
  return found;
}

const folderName = (raw: string) =>
  requiredText('name', raw, FOLDER_NAME_MAX_CHARS, '收藏夹名称不能为空', `收藏夹名称不能超过${FOLDER_NAME_MAX_CHARS}个字`);

/** A name the user already gives another folder answers 400 on the name. */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw invalid({ name: ['已有同名收藏夹。'] }, '已有同名收藏夹');
    throw err;
  }
}

/** A user's folders as a page source; someone else's folders are only the public ones. */
export function folderPages(app: FastifyInstance, owner: number, me: number | undefined) {
  const onlyPublic = owner !== me;
  return {
    count: () => repo.countFolders(app.db, owner, onlyPublic),
    fetch: (limit: number, offset: number) => repo.listFolders(app.db, owner, onlyPublic, limit, offset),
  };
}

/** A folder as `me` may see it: a private folder of someone else is answered like one that does not exist. */
export async function visibleFolder(app: FastifyInstance, id: number, me: number | undefined) {
  const row = await repo.folderById(app.db, id);
  if (!row || (!row.is_public && row.user_id !== me)) throw new ApiError(404, 'not_found', '收藏夹不存在');
  return row;
}

export async function createFolder(app: FastifyInstance, userId: number, rawName: string, isPublic: boolean | undefined) {
  const name = folderName(rawName);
  const id = await uniqueName(() => repo.insertFolder(app.db, { userId, name, isPublic: isPublic ?? false, now: clock(app) }));
  return (await repo.folderById(app.db, id))!;
}

export async function updateFolder(app: FastifyInstance, userId: number, folderId: number, patch: CollectFolderPatch) {
  const id = await ownFolder(app, userId, folderId);
  const name = patch.name === undefined ? null : folderName(patch.name);
  await uniqueName(() => repo.updateFolder(app.db, id, name, patch.is_public ?? null));
  return (await repo.folderById(app.db, id))!;
}

/** What happens to a deleted folder's items: deleted with it, or moved into another folder of the user's. */
export interface FolderFate {
  items?: 'delete' | 'move';
  move_to?: number;
}

/** The folder a deleted folder's items move into (the user's own, not the folder itself), or undefined to delete them. */
async function fateTarget(app: FastifyInstance, userId: number, folderId: number, fate: FolderFate): Promise<number | undefined> {
  if (fate.items !== 'move') return undefined;
  if (fate.move_to === undefined) throw invalid({ move_to: ['请选择把收藏移到哪个收藏夹。'] }, '请选择把收藏移到哪个收藏夹');
  if (fate.move_to === folderId) throw invalid({ move_to: ['不能移到要删除的收藏夹。'] }, '不能移到要删除的收藏夹');
  const found = await repo.ownFolderId(app.db, userId, fate.move_to);
  if (found === undefined) throw invalid({ move_to: ['目标收藏夹不存在。'] }, '目标收藏夹不存在');
  return found;
}

/**
 * Deletes a folder (not the default one). Its items go with it (their favourite counts go down) or, with
 * `items: 'move'`, move into the folder `move_to` first.
 */
export async function deleteFolder(app: FastifyInstance, userId: number, folderId: number, fate: FolderFate = {}): Promise<void> {
  const id = await ownFolder(app, userId, folderId);
  const moveTo = await fateTarget(app, userId, id, fate);
  await app.db.transaction(async (tx) => {
    const folder = await repo.lockFolder(tx, id);
    if (folder?.is_default) throw new ApiError(409, 'conflict', '默认收藏夹不能删除');
    if (moveTo !== undefined) await repo.moveFolderItems(tx, id, moveTo);
    else await repo.uncountFolderItems(tx, id);
    await repo.deleteFolder(tx, id);
  });
  if (moveTo !== undefined) return;
  // the counts of every item that was in the folder changed
  app.content.rows.counted('documents');
  app.content.rows.counted('blogs');
}

/** A folder's items, documents and blogs together, newest first: its owner's, or anyone's when the folder is public. */
export async function folderItemPages(app: FastifyInstance, folderId: number, me: number | undefined): Promise<PaginateOptions<FolderItemOut>> {
  const folder = await visibleFolder(app, folderId, me);
  const onlyPublic = folder.user_id !== me;
  return {
    count: () => repo.countFolderItems(app.db, folder.id, onlyPublic),
    fetch: async (limit, offset) => withEitherItems(app, await repo.listFolderItems(app.db, folder.id, onlyPublic, limit, offset)),
  };
}

/** An item of a folder: its favourite id, its kind and its item. */
export type FolderItemOut = { id: number; type: ItemType; create_time: Date } & KindItem;

// ---------------------------------------------------------------- items

/** A favourite as lists show it: its item under `docs` or `blogs`. */
export type CollectOut = { id: number; folder: number; create_time: Date } & KindItem;

/** Favourite rows with their items; rows whose item is gone are left out. */
async function withItems(app: FastifyInstance, kind: ItemType, rows: repo.CollectRow[]): Promise<CollectOut[]> {
  const items = await itemsOf(app, kind, rows.map((r) => r.target));
  return rows.flatMap((r) => {
    const item = items.get(r.target);
    return item ? [{ id: r.id, folder: r.folder_id, ...item, create_time: r.create_time }] : [];
  });
}

/**
 * Collects a public item into a folder of the user's (the default one without); collecting again moves it.
 * `created` tells a new favourite (the item's count went up) from a moved one.
 */
export async function collect(app: FastifyInstance, kind: ItemType, userId: number, targetId: number, folder?: number) {
  const target = TARGETS[kind];
  await ensurePublic(app.db, kind, targetId);
  const folderId = folder !== undefined ? await ownFolder(app, userId, folder) : await defaultFolder(app, userId);
  const now = clock(app);
  const result = await app.db.transaction(async (tx) => {
    const existing = await repo.lockCollected(tx, target, userId, targetId);
    if (existing !== undefined) {
      await repo.moveCollected(tx, existing, folderId);
      return { id: existing, created: false };
    }
    const id = await repo.insertCollected(tx, target, { folderId, userId, targetId, now });
    await moveCount(tx, target, 'collect_count', targetId, 1);
    return { id, created: true };
  });
  if (result.created) app.content.rows.counted(target.table, targetId);
  const [item] = await withItems(app, kind, [await repo.collectedById(app.db, target, result.id)]);
  return { item, created: result.created };
}

/** The user's favourites of one kind as a page source: all, one folder's (of theirs), or the one of an item. */
export async function collectedPages(
  app: FastifyInstance,
  kind: ItemType,
  userId: number,
  query: { folder?: number; item?: number },
): Promise<PaginateOptions<CollectOut>> {
  const target = TARGETS[kind];
  const filter: repo.CollectFilter = { userId, targetId: query.item };
  if (query.folder !== undefined) filter.folderId = await ownFolder(app, userId, query.folder);
  return {
    count: () => repo.countCollected(app.db, target, filter),
    fetch: async (limit, offset) => withItems(app, kind, await repo.listCollected(app.db, target, filter, limit, offset)),
  };
}

/** Removes a favourite found by its id or by its item's; the item's count goes down. */
export async function uncollect(app: FastifyInstance, kind: ItemType, userId: number, by: 'id' | 'item', value: number): Promise<void> {
  const target = TARGETS[kind];
  const targetId = await app.db.transaction(async (tx) => {
    const row = await repo.lockUserCollected(tx, target, userId, by, value);
    if (!row) throw new ApiError(404, 'not_found', '收藏不存在');
    await repo.deleteCollected(tx, row.id);
    await moveCount(tx, target, 'collect_count', row.target, -1);
    return row.target;
  });
  app.content.rows.counted(target.table, targetId);
}
