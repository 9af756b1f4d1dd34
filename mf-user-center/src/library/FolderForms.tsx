import { useState, type FormEvent } from 'react';
import { toastSuccess } from 'shared-kernel';
import { createFolder, deleteFolder, updateFolder, type CollectFolder } from './api';
import { LIB_TEXTS } from './texts';

const t = LIB_TEXTS.folders;

/** A new folder: name and whether it is public. */
export function CreateFolder({ onCreated }: { onCreated: (folder: CollectFolder) => void }) {
  const [name, setName] = useState('');
  const [isPublic, setPublic] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    setBusy(true);
    try {
      const folder = await createFolder(name.trim(), isPublic);
      toastSuccess(t.created);
      setName('');
      onCreated(folder);
    } catch {
      /* the kernel's toast said why */
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="ucl-form" onSubmit={(e) => void submit(e)} aria-label={t.create}>
      <input className="ucl-input" aria-label={t.name} placeholder={t.name} maxLength={30} value={name} onChange={(e) => setName(e.target.value)} />
      <button type="submit" className="uc-btn uc-primary" disabled={busy || !name.trim()}>{t.create}</button>
      <label className="ucl-check">
        <input type="checkbox" checked={isPublic} onChange={(e) => setPublic(e.target.checked)} />
        {t.makePublic}
      </label>
    </form>
  );
}

/** The folder's new name. */
export function RenameFolder({ folder, onDone }: { folder: CollectFolder; onDone: (folder: CollectFolder | null) => void }) {
  const [name, setName] = useState(folder.name);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const next = await updateFolder(folder.id, { name: name.trim() });
      toastSuccess(t.renamed);
      onDone(next);
    } catch {
      /* the kernel's toast said why */
    }
  };
  return (
    <form className="ucl-form" onSubmit={(e) => void submit(e)} aria-label={t.rename}>
      <input className="ucl-input" aria-label={t.name} maxLength={30} value={name} onChange={(e) => setName(e.target.value)} autoFocus />
      <button type="submit" className="uc-btn uc-primary" disabled={!name.trim()}>{LIB_TEXTS.save}</button>
      <button type="button" className="uc-btn" onClick={() => onDone(null)}>{LIB_TEXTS.cancel}</button>
    </form>
  );
}

/** Deleting a folder asks what happens to its items: deleted with it, or moved into another folder. */
export function DeleteFolder({ folder, others, onDone }: { folder: CollectFolder; others: CollectFolder[]; onDone: (deleted: boolean) => void }) {
  const [fate, setFate] = useState<'delete' | 'move'>(others.length ? 'move' : 'delete');
  const [target, setTarget] = useState(others[0]?.id ?? 0);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await deleteFolder(folder.id, fate, target);
      toastSuccess(t.deleted);
      onDone(true);
    } catch {
      setBusy(false);
    }
  };
  return (
    <div className="ucl-ask" role="group" aria-label={t.delete}>
      <span>{t.deleteAsk}</span>
      <label className="ucl-check"><input type="radio" name="fate" checked={fate === 'delete'} onChange={() => setFate('delete')} />{t.deleteItems}</label>
      {others.length > 0 && (
        <label className="ucl-check">
          <input type="radio" name="fate" checked={fate === 'move'} onChange={() => setFate('move')} />
          {t.moveItems}
          <select className="ucl-select" aria-label={t.pickTarget} value={target} onChange={(e) => setTarget(Number(e.target.value))}>
            {others.map((f) => <option key={f.id} value={f.id}>{f.name}</option>)}
          </select>
        </label>
      )}
      <button type="button" className="uc-btn uc-primary" disabled={busy} onClick={() => void confirm()}>{LIB_TEXTS.confirm}</button>
      <button type="button" className="uc-btn" onClick={() => onDone(false)}>{LIB_TEXTS.cancel}</button>
    </div>
  );
}
