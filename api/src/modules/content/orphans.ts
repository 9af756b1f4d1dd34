import type { Queryable } from '../../core/db';
import type { FileStorage, ListedObject } from '../../infra/storage/storage';
import { ownedKeys } from './repositories/files';

/** What the orphan check found: files no row owns, and file rows whose file is missing. */
export interface OrphanReport {
  orphans: ListedObject[];
  missing: { id: number; storage_key: string }[];
}

const DERIVED = /^derived\/[0-9a-f]{2}\/([0-9]+)-/;

/**
 * Compares the storage with the rows: a stored file is owned by its content_files row, by a queued deletion
 * (on its way out), or, for a derived file (`derived/xx/<id>-…`, previews), by the file row it was made from.
 * Everything else is an orphan: an upload whose process stopped between writing the file and its rows, a failed
 * seed's files, a temporary file of a write that never finished. A file row whose key is not stored is missing.
 */
export async function findOrphans(db: Queryable, storage: FileStorage): Promise<OrphanReport> {
  const rows = await ownedKeys(db);
  const listed = await storage.list();
  const keys = new Set(rows.map((r) => r.storage_key));
  const fileIds = new Set(rows.filter((r) => !r.queued).map((r) => String(r.id)));
  const owned = (key: string) => {
    if (keys.has(key)) return true;
    const derived = DERIVED.exec(key);
    return derived !== null && fileIds.has(derived[1]);
  };
  const stored = new Set(listed.map((o) => o.key));
  return {
    orphans: listed.filter((o) => !owned(o.key)),
    missing: rows.filter((r) => !r.queued && !stored.has(r.storage_key)).map((r) => ({ id: Number(r.id), storage_key: r.storage_key })),
  };
}

/**
 * Deletes the orphans last written before `before` (a younger one may be an upload whose rows are coming).
 * Answers those deleted and those that could not be (a path outside the store's key scheme is left to a person).
 */
export async function deleteOrphans(
  storage: FileStorage,
  orphans: ListedObject[],
  before: Date,
): Promise<{ deleted: ListedObject[]; failed: ListedObject[] }> {
  const deleted: ListedObject[] = [];
  const failed: ListedObject[] = [];
  for (const o of orphans.filter((x) => x.modified < before)) {
    try {
      await storage.delete(o.key);
      deleted.push(o);
    } catch {
      failed.push(o);
    }
  }
  return { deleted, failed };
}
