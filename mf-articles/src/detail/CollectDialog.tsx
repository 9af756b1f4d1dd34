import { useEffect, useState } from 'react';
import { errorMessageOf, toastSuccess } from 'shared-kernel';
import { Modal } from './Modal';
import { collect, createFolder, listFolders, type CollectFolder, type ItemKind } from './social-api';

const FOLDER_NAME_MAX = 30;

/** Pick a favourites folder (or create one) and collect the item into it. */
export function CollectDialog({ kind, id, onDone, onClose }: { kind: ItemKind; id: string | number; onDone: () => void; onClose: () => void }) {
  const [folders, setFolders] = useState<CollectFolder[] | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    listFolders().then(
      (list) => {
        setFolders(list);
        setChosen((list.find((f) => f.is_default) ?? list[0])?.id ?? null);
      },
      () => setFolders([]),
    );
  }, []);

  const create = async () => {
    const trimmed = name.trim();
    if (!trimmed) return setError('收藏夹名称不能为空');
    if ([...trimmed].length > FOLDER_NAME_MAX) return setError(`收藏夹名称不能超过${FOLDER_NAME_MAX}个字`);
    setBusy(true);
    try {
      const folder = await createFolder(trimmed);
      setFolders((list) => [...(list ?? []), folder]);
      setChosen(folder.id);
      setName('');
      setError('');
    } catch (e) {
      setError(errorMessageOf(e));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    setBusy(true);
    try {
      await collect(kind, id, chosen ?? undefined);
      toastSuccess('收藏成功');
      onDone();
    } catch {
      setBusy(false); // the kernel showed the server's message
    }
  };

  return (
    <Modal title="收藏到" onClose={onClose}>
      {folders === null ? (
        <p className="dt-muted">加载中…</p>
      ) : (
        <ul className="dt-folders" role="radiogroup" aria-label="收藏夹">
          {folders.length === 0 && <li className="dt-muted">还没有收藏夹，将收藏到默认收藏夹</li>}
          {folders.map((f) => (
            <li key={f.id}>
              <label className={chosen === f.id ? 'dt-folder dt-folder-on' : 'dt-folder'}>
                <input type="radio" name="folder" checked={chosen === f.id} onChange={() => setChosen(f.id)} />
                <span>{f.name}</span>
                <span className="dt-muted">{f.item_count} 个内容</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <div className="dt-row">
        <input
          className="dt-input"
          aria-label="新收藏夹名称"
          placeholder="新建收藏夹"
          maxLength={FOLDER_NAME_MAX + 10}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <button type="button" className="dt-btn" disabled={busy} onClick={create}>
          新建
        </button>
      </div>
      {error && (
        <p className="dt-error" role="alert">
          {error}
        </p>
      )}
      <div className="dt-dialog-foot">
        <button type="button" className="dt-btn" onClick={onClose}>
          取消
        </button>
        <button type="button" className="dt-btn dt-primary" disabled={busy || folders === null} onClick={confirm}>
          确定
        </button>
      </div>
    </Modal>
  );
}
