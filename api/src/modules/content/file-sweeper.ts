import type { Db } from '../../core/db';
import type { FileStorage } from '../../infra/storage/storage';
import * as files from './repositories/files';

const BATCH = 100;

/** The derived files (previews) made from a file row: `derived/<id % 256 as 2 hex>/<id>-…` (preview.ts). */
async function derivedKeys(storage: FileStorage, fileId: number): Promise<string[]> {
  const folder = `derived/${(fileId % 256).toString(16).padStart(2, '0')}`;
  return (await storage.list(folder)).map((o) => o.key).filter((key) => key.startsWith(`${folder}/${fileId}-`));
}

/**
 * Finishes queued deletions: the file (and its derived files) leave the storage first, then the queue entry, so a
 * crash in between repeats a deletion that is harmless to repeat (a file already gone is fine).
 */
export async function completeDeletions(db: Db, storage: FileStorage, queued: files.QueuedDeletion[], onError: OnError): Promise<number> {
  let done = 0;
  for (const entry of queued) {
    try {
      await storage.delete(entry.storage_key);
      if (entry.file_id !== null) {
        for (const key of await derivedKeys(storage, Number(entry.file_id))) await storage.delete(key);
      }
      await files.dequeueDeletion(db, entry.storage_key);
      done++;
    } catch (err) {
      onError(err, entry.storage_key); // stays queued: the next sweep tries again
    }
  }
  return done;
}

export type OnError = (err: unknown, key: string) => void;

/** One sweep of the deletion queue, batch after batch until it is empty; answers how many files went. */
export async function sweepFileDeletions(db: Db, storage: FileStorage, onError: OnError): Promise<number> {
  let done = 0;
  for (;;) {
    const batch = await files.queuedDeletions(db, BATCH);
    const now = await completeDeletions(db, storage, batch, onError);
    done += now;
    if (batch.length < BATCH || now === 0) return done; // a batch that failed whole waits for the next sweep
  }
}
