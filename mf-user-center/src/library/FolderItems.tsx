import { useCallback, useState } from 'react';
import { ListFooter, toastSuccess, useInfiniteList } from 'shared-kernel';
import { listFolderItems, moveItem, removeItem, type CollectFolder, type FolderItem } from './api';
import { ItemRow, targetOf } from './ItemRow';
import { LIB_TEXTS } from './texts';

const t = LIB_TEXTS.folders;

/** Move into another of my folders, or remove from favourites. */
function ItemActions({ item, others, onGone }: { item: FolderItem; others: CollectFolder[]; onGone: () => void }) {
  const act = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      toastSuccess(done);
      onGone();
    } catch {
      /* the kernel's toast said why */
    }
  };
  const move = (folder: number) => act(() => moveItem(item.type, targetOf(item).id, folder), t.moved);
  return (
    <>
      {others.length > 0 && (
        <select className="ucl-select" aria-label={t.moveTo} value="" onChange={(e) => e.target.value && void move(Number(e.target.value))}>
          <option value="">{t.moveTo}</option>
          {others.map((f) => <option key={f.id} value={f.id}>{f.name}</option>)}
        </select>
      )}
      <button type="button" className="uc-link ucl-bad" onClick={() => void act(() => removeItem(item.type, item.id), t.removed)}>
        {LIB_TEXTS.remove}
      </button>
    </>
  );
}

interface Props {
  folderId: number;
  route: string;
  /** My other folders, to move an item into; absent on someone else's public folder. */
  others?: CollectFolder[];
  /** An item moved or removed (the folders' counts changed). */
  onChange?: () => void;
}

/** A folder's documents and blogs, newest first, page by page. */
export function FolderItems({ folderId, route, others, onChange }: Props) {
  const fetchPage = useCallback((page: number, signal: AbortSignal) => listFolderItems(folderId, page, signal), [folderId]);
  const list = useInfiniteList<FolderItem>({ fetchPage, key: `folder-items:${folderId}`, route });
  const [gone, setGone] = useState<Set<number>>(new Set());
  const items = list.items.filter((i) => !gone.has(i.id));
  const leave = (id: number) => {
    setGone((s) => new Set(s).add(id));
    onChange?.();
  };
  return (
    <>
      {list.status === 'done' && items.length === 0 ? (
        <p className="uc-empty uc-muted">{t.empty}</p>
      ) : (
        <ul className="ucl-items">
          {items.map((item) => (
            <ItemRow key={item.id} entry={item}>
              {others && <ItemActions item={item} others={others} onGone={() => leave(item.id)} />}
            </ItemRow>
          ))}
        </ul>
      )}
      <ListFooter list={list} />
    </>
  );
}
